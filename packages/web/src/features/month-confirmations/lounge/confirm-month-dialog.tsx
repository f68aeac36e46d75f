import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { FormError } from '../../../components/dialog-parts';
import { errorText } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { usePhone } from '../../../lib/use-phone';
import { useConfirmMonth } from '../api/month-confirmations';
import { useMonthTexts } from '../components/month-texts';

/** "Monat bestätigen" asked once more; the server's refusal stays in the dialog. */
export function ConfirmMonthDialog({
  customerId,
  month,
  monthDisplay,
  onClose,
}: {
  customerId: number;
  month: string;
  monthDisplay: string;
  onClose: () => void;
}) {
  const t = useMonthTexts();
  const phone = usePhone();
  const confirm = useConfirmMonth(customerId, month);
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    setError(null);
    try {
      await confirm.mutateAsync();
      notifySuccess(t.confirmed);
      onClose();
    } catch (cause) {
      setError(errorText(cause, 'Der Monat konnte nicht bestätigt werden.'));
    }
  };
  return (
    <Modal opened onClose={onClose} title="Monat bestätigen" fullScreen={phone}>
      <Stack>
        <Text>{t.confirmAsk(monthDisplay)}</Text>
        <FormError message={error} />
        <Group justify="flex-end" grow={phone}>
          <Button variant="default" onClick={onClose} disabled={confirm.isPending}>
            Abbrechen
          </Button>
          <Button onClick={submit} loading={confirm.isPending} data-testid="confirm-month">
            Monat bestätigen
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
