import type { DunningBlock } from '@butler/contract/billing-settings';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconBellOff } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { formatDate } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { useDunningBlockActions, useDunningBlocks } from '../api/billing';
import { ReasonDialog } from './reason-dialog';

/**
 * Mahnsperre of an invoice or a customer (decision 0582): while one is active, the daily
 * Mahnlauf sends no reminder. Shows the active ones with "Aufheben" and offers "Mahnsperre setzen".
 */
export function DunningBlocks({
  invoiceId,
  customerId,
  targetLabel,
}: {
  invoiceId?: number;
  customerId?: number;
  /** "diese Rechnung" / "alle Rechnungen dieses Kunden" */
  targetLabel: string;
}) {
  const blocks = useDunningBlocks({ invoiceId, customerId });
  const actions = useDunningBlockActions();
  const [adding, setAdding] = useState(false);
  const [lifting, setLifting] = useState<DunningBlock | null>(null);
  const rows = blocks.data ?? [];
  const own = rows.filter((b) => (invoiceId ? b.invoice_id === invoiceId : b.customer_id === customerId));

  return (
    <Stack gap="xs" data-testid="dunning-blocks">
      {rows.map((b) => (
        <Alert key={b.id} color="orange" variant="light" icon={<IconBellOff size={18} />} py="xs">
          <Group justify="space-between" gap="xs" align="flex-start">
            <Text size="sm" style={{ flex: 1, minWidth: 200 }}>
              <strong>Mahnsperre{b.customer_id && invoiceId ? ' für den Kunden' : ''}</strong> bis {formatDate(b.until)}
              : {b.reason}{' '}
              <Text span size="xs" c="dimmed">
                ({b.created_by})
              </Text>
            </Text>
            <Button size="compact-sm" variant="default" onClick={() => setLifting(b)}>
              Aufheben
            </Button>
          </Group>
        </Alert>
      ))}
      {own.length === 0 && (
        <Group>
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconBellOff size={14} />}
            onClick={() => setAdding(true)}
          >
            Mahnsperre setzen
          </Button>
        </Group>
      )}
      {adding && (
        <ReasonDialog
          title="Mahnsperre setzen"
          intro={`Bis zum gewählten Tag werden für ${targetLabel} keine Zahlungserinnerungen oder Mahnungen verschickt.`}
          submitLabel="Mahnsperre setzen"
          withUntil
          mutation={actions.block}
          onClose={() => setAdding(false)}
          onSubmit={async ({ reason, until }) => {
            await actions.block.mutateAsync({
              invoiceId,
              customerId: invoiceId ? undefined : customerId,
              reason,
              until,
            });
            notifySuccess('Mahnsperre gesetzt');
          }}
        />
      )}
      <ConfirmDialog
        opened={lifting !== null}
        title="Mahnsperre aufheben?"
        message={`Die Mahnsperre bis ${lifting ? formatDate(lifting.until) : ''} wird aufgehoben; fällige Mahnungen gehen mit dem nächsten Mahnlauf hinaus.`}
        confirmLabel="Aufheben"
        errorFallback="Fehler beim Aufheben der Mahnsperre"
        onConfirm={async () => {
          if (!lifting) return;
          await actions.lift.mutateAsync(lifting.id);
          notifySuccess('Mahnsperre aufgehoben');
        }}
        onClose={() => setLifting(null)}
      />
    </Stack>
  );
}
