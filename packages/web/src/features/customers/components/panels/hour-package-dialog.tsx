import type { HourPackage } from '@butler/contract/hour-packages';
import { Button, Group, Modal, NumberInput, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { CustomerPicker } from '../../../../components/customer-picker';
import { DialogButtons, FormError } from '../../../../components/dialog-parts';
import { useDialogForm } from '../../../../components/use-dialog-form';
import { errorText } from '../../../../lib/api-client';
import { formatEuro } from '../../../../lib/format';
import { notifySuccess } from '../../../../lib/notify';
import { useSaveHourPackage } from '../../api/hour-packages';
import { grossOf, useHourPackageVatRate } from '../net-price';
import {
  hourPackageBody,
  hourPackageProblems,
  hourPackageStart,
  numberOrNull,
  packageTotal,
} from './hour-package-rules';

const germanNumber = { decimalSeparator: ',', thousandSeparator: '.' } as const;

/**
 * 'Verkaufen' (new package) and edit dialog with the live total. With a fixed customer it
 * posts to /api/customers/{id}/hour-packages (dashboard form).
 */
export function HourPackageDialog({
  opened,
  pkg,
  customerId,
  onClose,
}: {
  opened: boolean;
  pkg: HourPackage | null;
  customerId?: number;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 48em)');
  const save = useSaveHourPackage();
  const navigate = useNavigate();
  // "Verkaufen und Rechnung erstellen" submits the same form; this says which button did.
  const withInvoice = useRef(false);
  const { form, error, setError, field, onInvalid } = useDialogForm({
    opened,
    initial: () => hourPackageStart(pkg, customerId),
    validate: (values) => hourPackageProblems(values, pkg !== null),
    deps: [pkg, customerId],
  });
  const v = form.values;
  const total = packageTotal(numberOrNull(v.hours), numberOrNull(v.price), numberOrNull(v.discount));
  const vatRate = useHourPackageVatRate();

  const submit = form.onSubmit(async (values) => {
    setError(null);
    const body = hourPackageBody(values);
    try {
      if (!pkg && withInvoice.current) {
        // Package and invoice draft in one step (one transaction on the server), then the draft opens.
        const sold = await save.mutateAsync({
          kind: 'create',
          body: { ...body, customer_id: (values.customer ?? customerId) as number, create_invoice: true },
        });
        notifySuccess('Stundenpaket verkauft, Rechnungsentwurf erstellt');
        onClose();
        if (sold.invoice) navigate(`/admin/quickbill/invoices/${sold.invoice.id}`);
        return;
      }
      if (pkg)
        await save.mutateAsync({
          kind: 'update',
          id: pkg.id,
          body: { ...body, customer_id: values.customer as number },
        });
      else if (customerId) await save.mutateAsync({ kind: 'create-for-customer', customerId, body });
      else await save.mutateAsync({ kind: 'create', body: { ...body, customer_id: values.customer as number } });
      notifySuccess(pkg ? 'Stundenpaket erfolgreich aktualisiert' : 'Stundenpaket erfolgreich verkauft');
      onClose();
    } catch (cause) {
      setError(errorText(cause, pkg ? 'Fehler beim Aktualisieren' : 'Fehler beim Speichern'));
    }
  }, onInvalid);

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={pkg ? 'Stundenpaket bearbeiten' : 'Stundenpaket verkaufen'}
      fullScreen={phone}
    >
      <form noValidate onSubmit={submit}>
        <Stack>
          {!customerId && (
            <CustomerPicker
              value={v.customer}
              onChange={(id) => form.setFieldValue('customer', id)}
              initialLabel={pkg?.customer_name}
              error={!!form.errors.customer}
            />
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput
              label="Stunden"
              withAsterisk
              min={0}
              step={0.5}
              decimalScale={2}
              {...germanNumber}
              {...field('hours')}
              data-autofocus
            />
            <NumberInput
              label="Preis pro Stunde"
              description="netto, wie auf der Rechnung"
              withAsterisk
              min={0}
              step={0.01}
              decimalScale={2}
              fixedDecimalScale
              prefix="€ "
              {...germanNumber}
              {...field('price')}
            />
          </SimpleGrid>
          <NumberInput
            label="Rabatt (%)"
            min={0}
            max={100}
            clampBehavior="strict"
            step={0.1}
            decimalScale={2}
            suffix="&nbsp;%"
            {...germanNumber}
            {...field('discount')}
          />
          <Paper withBorder radius="md" p="sm" bg="orange.0">
            <Group justify="space-between" align="flex-start">
              <Text fw={500}>
                Gesamtpreis{' '}
                <Text span size="sm" c="dimmed">
                  netto
                </Text>
              </Text>
              <Stack gap={0} align="flex-end">
                <Text fw={700} size="lg" data-testid="package-total">
                  {formatEuro(total)}
                </Text>
                <Text size="xs" c="dimmed" data-testid="package-total-gross">
                  {vatRate === 0 ? 'ohne USt (Kleinunternehmer)' : `${formatEuro(grossOf(total, vatRate))} brutto`}
                </Text>
              </Stack>
            </Group>
          </Paper>
          <FormError message={error} />
          {pkg ? (
            <DialogButtons busy={save.isPending} onCancel={onClose} label="Speichern" busyLabel="Speichern..." />
          ) : (
            <Group justify="flex-end" mt="xs" gap="xs">
              <Button variant="default" onClick={onClose} disabled={save.isPending}>
                Abbrechen
              </Button>
              <Button
                type="submit"
                variant="light"
                disabled={save.isPending}
                onClick={() => {
                  withInvoice.current = true;
                }}
              >
                Verkaufen und Rechnung erstellen
              </Button>
              <Button
                type="submit"
                disabled={save.isPending}
                onClick={() => {
                  withInvoice.current = false;
                }}
              >
                {save.isPending ? 'Wird verkauft...' : 'Verkaufen'}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Modal>
  );
}
