import type { BankEntry } from '@butler/contract/bank-import';
import { Button } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorText } from '../../../lib/api-client';
import { formatEuro } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useEntryActions } from '../api/bank-import';

/**
 * "Bestätigen" of a suggestion. When booking it now would make part of it the customer's
 * credit (a payment since the import left less open), staff see that sum and agree to it
 * first; the server books only that exact credit (decision 0726).
 */
export function ConfirmSuggestion({ entry }: { entry: BankEntry }) {
  const { confirm } = useEntryActions();
  const [asking, setAsking] = useState(false);
  const credit = entry.credit_on_confirm ?? 0;
  const open = (Math.round(entry.amount * 100) - Math.round(credit * 100)) / 100;
  const booked = (result: BankEntry) => notifySuccess(`Zahlung auf Rechnung ${result.invoice_number} gebucht`);
  return (
    <>
      <Button
        size="xs"
        disabled={confirm.isPending}
        aria-label={`Vorschlag ${entry.invoice_number ?? ''} bestätigen`}
        onClick={() =>
          credit > 0
            ? setAsking(true)
            : confirm.mutate(
                { id: entry.id },
                { onSuccess: booked, onError: (error) => notifyError(errorText(error, 'Fehler beim Speichern')) },
              )
        }
      >
        Bestätigen
      </Button>
      <ConfirmDialog
        opened={asking}
        title="Vorschlag bestätigen"
        message={`Rechnung ${entry.invoice_number} ist nur noch mit ${formatEuro(open)} offen. Bestätigen bucht ${formatEuro(entry.amount)} auf die Rechnung; ${formatEuro(credit)} davon werden Guthaben von ${entry.customer_name ?? 'dem Kunden'}.`}
        confirmLabel="Buchen, Rest als Guthaben"
        errorFallback="Fehler beim Speichern"
        onClose={() => setAsking(false)}
        onConfirm={async () => booked(await confirm.mutateAsync({ id: entry.id, acceptCredit: credit }))}
      />
    </>
  );
}
