import { type HourOffer, zHourOfferInput } from '@butler/contract/hour-shop';
import { Alert, Button, Group, Modal, NumberInput, Stack, Switch } from '@mantine/core';
import { useDialogForm } from '../../../components/use-dialog-form';
import { errorText } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { usePhone } from '../../../lib/use-phone';
import { useSaveHourOffer } from '../api/hour-shop';

type Values = { hours: number | string; price_per_hour: number | string; is_active: boolean };

/** New or changed Stundenpaket of the lounge's catalogue; orders placed keep their terms. */
export function HourOfferDialog({ offer, onClose }: { offer: HourOffer | 'new' | null; onClose: () => void }) {
  const phone = usePhone();
  const save = useSaveHourOffer();
  const existing = offer !== null && offer !== 'new' ? offer : null;
  const { form, error, setError } = useDialogForm<Values>({
    opened: offer !== null,
    initial: () => ({
      hours: existing?.hours ?? 5,
      price_per_hour: existing?.price_per_hour ?? 50,
      is_active: existing?.is_active ?? true,
    }),
    validate: (v) => {
      const parsed = zHourOfferInput.safeParse({
        ...v,
        hours: Number(v.hours),
        price_per_hour: Number(v.price_per_hour),
      });
      if (parsed.success) return {};
      return Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
    },
    deps: [existing?.id, offer === 'new'],
  });
  const submit = form.onSubmit((v) =>
    save.mutate(
      {
        id: existing?.id ?? null,
        body: { hours: Number(v.hours), price_per_hour: Number(v.price_per_hour), is_active: v.is_active },
      },
      {
        onSuccess: () => {
          notifySuccess(existing ? 'Stundenpaket gespeichert' : 'Stundenpaket ins Angebot aufgenommen');
          onClose();
        },
        onError: (e) => setError(errorText(e, 'Das Stundenpaket konnte nicht gespeichert werden')),
      },
    ),
  );
  return (
    <Modal
      opened={offer !== null}
      onClose={onClose}
      title={existing ? 'Stundenpaket bearbeiten' : 'Stundenpaket hinzufügen'}
      fullScreen={phone}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <NumberInput
            label="Stunden"
            withAsterisk
            min={0.5}
            max={200}
            step={0.5}
            decimalScale={1}
            decimalSeparator=","
            {...form.getInputProps('hours')}
          />
          <NumberInput
            label="Preis pro Stunde (netto)"
            withAsterisk
            min={0}
            decimalScale={2}
            decimalSeparator=","
            thousandSeparator="."
            prefix="€ "
            {...form.getInputProps('price_per_hour')}
          />
          <Switch label="In der Lounge anbieten" {...form.getInputProps('is_active', { type: 'checkbox' })} />
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Abbrechen
            </Button>
            <Button type="submit" loading={save.isPending}>
              Speichern
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
