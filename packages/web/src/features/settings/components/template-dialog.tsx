import { type SubscriptionTemplate, TEMPLATE_REQUIRED } from '@butler/contract/subscription-templates';
import { Button, Group, Modal, NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { errorText } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSaveTemplate } from '../api/templates';

/** Create/edit a ButlerPaket template; SPEC §5/§8 texts as toasts. */
export function TemplateDialog({
  opened,
  template,
  onClose,
}: {
  opened: boolean;
  template: SubscriptionTemplate | null;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 48em)');
  const save = useSaveTemplate();
  const [name, setName] = useState('');
  const [duration, setDuration] = useState<number | string>('');
  const [price, setPrice] = useState<number | string>('');
  const [trips, setTrips] = useState<number | string>('');
  const [missing, setMissing] = useState(false);

  useEffect(() => {
    if (!opened) return;
    setName(template?.name ?? '');
    setDuration(template?.duration_months ?? '');
    setPrice(template?.price_per_hour ?? '');
    setTrips(template?.monthly_trips ?? '');
    setMissing(false);
  }, [opened, template]);

  const submit = async () => {
    if (!name.trim() || duration === '' || price === '') {
      setMissing(true);
      notifyError(TEMPLATE_REQUIRED);
      return;
    }
    const body = {
      name: name.trim(),
      duration_months: Math.trunc(Number(duration)),
      price_per_hour: Number(price),
      monthly_trips: trips === '' ? null : Math.trunc(Number(trips)),
    };
    try {
      await save.mutateAsync({ id: template?.id, body });
      notifySuccess(
        template ? 'ButlerPaket-Vorlage erfolgreich aktualisiert' : 'ButlerPaket-Vorlage erfolgreich erstellt',
      );
      onClose();
    } catch (cause) {
      notifyError(
        errorText(
          cause,
          template
            ? 'Fehler beim Aktualisieren der ButlerPaket-Vorlage'
            : 'Fehler beim Erstellen der ButlerPaket-Vorlage',
        ),
      );
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={template ? 'ButlerPaket-Vorlage bearbeiten' : 'Neue ButlerPaket-Vorlage'}
      fullScreen={phone}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <TextInput
            label="Name"
            withAsterisk
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={missing && !name.trim()}
            data-autofocus
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <NumberInput
              label="Laufzeit (Monate)"
              withAsterisk
              min={1}
              max={120}
              allowDecimal={false}
              value={duration}
              onChange={setDuration}
              error={missing && duration === ''}
            />
            <NumberInput
              label="Preis pro Stunde"
              withAsterisk
              min={0}
              step={0.01}
              decimalScale={2}
              fixedDecimalScale
              prefix="€ "
              decimalSeparator=","
              thousandSeparator="."
              value={price}
              onChange={setPrice}
              error={missing && price === ''}
            />
          </SimpleGrid>
          <NumberInput
            label="Fahrten pro Monat"
            description="Optional"
            min={0}
            allowDecimal={false}
            value={trips}
            onChange={setTrips}
          />
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose} disabled={save.isPending}>
              Abbrechen
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Speichern...' : 'Speichern'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
