import type { HourOrder } from '@butler/contract/hour-shop';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useDialogForm } from '../../../components/use-dialog-form';
import { errorText } from '../../../lib/api-client';
import { formatEuro, formatHours } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { usePhone } from '../../../lib/use-phone';
import { useDecideHourOrder } from '../api/hour-shop';

/** "Ablehnen": the reason goes to the customer by mail and shows in their lounge. */
export function DeclineHourOrderDialog({ order, onClose }: { order: HourOrder | null; onClose: () => void }) {
  const phone = usePhone();
  const decide = useDecideHourOrder();
  const { form, error, setError } = useDialogForm<{ note: string }>({
    opened: order !== null,
    initial: () => ({ note: '' }),
    validate: (v) => ({ note: v.note.trim() ? null : 'Bitte geben Sie einen Grund an' }),
    deps: [order?.id],
  });
  const submit = form.onSubmit((values) => {
    if (!order) return;
    decide.mutate(
      { id: order.id, decision: 'decline', note: values.note.trim() },
      {
        onSuccess: () => {
          notifySuccess(`Bestellung von ${order.customer_name} abgelehnt`);
          onClose();
        },
        onError: (e) => setError(errorText(e, 'Die Bestellung konnte nicht abgelehnt werden')),
      },
    );
  });
  return (
    <Modal opened={order !== null} onClose={onClose} title="Bestellung ablehnen" fullScreen={phone}>
      {order && (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Text size="sm">
              {order.customer_name}: {formatHours(order.hours)} für {formatEuro(order.total_gross)}
            </Text>
            <Textarea
              label="Begründung für den Kunden"
              description="Der Kunde erhält sie per E-Mail und sieht sie in der Lounge."
              withAsterisk
              autosize
              minRows={3}
              maxLength={500}
              {...form.getInputProps('note')}
            />
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose}>
                Abbrechen
              </Button>
              <Button type="submit" color="red" loading={decide.isPending}>
                Ablehnen
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
