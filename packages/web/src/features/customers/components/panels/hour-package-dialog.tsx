import {
  DEFAULT_PRICE_PER_HOUR,
  HOUR_PACKAGE_EDIT_REQUIRED,
  HOUR_PACKAGE_REQUIRED,
  type HourPackage,
} from '@butler/contract/hour-packages';
import { Group, Modal, NumberInput, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { CustomerPicker } from '../../../../components/customer-picker';
import { DialogButtons, FormError } from '../../../../components/dialog-parts';
import { errorText } from '../../../../lib/api-client';
import { formatEuro } from '../../../../lib/format';
import { notifySuccess } from '../../../../lib/notify';
import { useSaveHourPackage } from '../../api/hour-packages';

const germanNumber = { decimalSeparator: ',', thousandSeparator: '.' } as const;
const num = (v: number | string) => (v === '' ? null : Number(v));

/** SPEC §5: total = hours × price × (1 − discount/100), rounded to cents for display. */
export function packageTotal(hours: number | null, price: number | null, discount: number | null) {
  const cents = Math.round((hours ?? 0) * (price ?? 0) * (1 - (discount ?? 0) / 100) * 100);
  return cents / 100;
}

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
  const [customer, setCustomer] = useState<number | null>(null);
  const [hours, setHours] = useState<number | string>('');
  const [price, setPrice] = useState<number | string>(DEFAULT_PRICE_PER_HOUR);
  const [discount, setDiscount] = useState<number | string>(0);
  const [error, setError] = useState<string | null>(null);
  const [missing, setMissing] = useState<Set<string>>(new Set());

  useEffect(() => {
    if (!opened) return;
    setCustomer(pkg?.customer_id ?? customerId ?? null);
    setHours(pkg?.hours ?? '');
    setPrice(pkg?.price_per_hour ?? DEFAULT_PRICE_PER_HOUR);
    setDiscount(pkg?.discount_percentage ?? 0);
    setError(null);
    setMissing(new Set());
  }, [opened, pkg, customerId]);

  const submit = async () => {
    const gaps = new Set<string>();
    if (!customer) gaps.add('customer');
    if (!num(hours)) gaps.add('hours');
    if (num(price) === null) gaps.add('price');
    setMissing(gaps);
    if (gaps.size > 0) {
      setError(pkg ? HOUR_PACKAGE_EDIT_REQUIRED : HOUR_PACKAGE_REQUIRED);
      return;
    }
    setError(null);
    const body = {
      hours: Number(hours),
      price_per_hour: Number(price),
      discount_percentage: num(discount) ?? 0,
    };
    try {
      if (pkg)
        await save.mutateAsync({ kind: 'update', id: pkg.id, body: { ...body, customer_id: customer as number } });
      else if (customerId) await save.mutateAsync({ kind: 'create-for-customer', customerId, body });
      else await save.mutateAsync({ kind: 'create', body: { ...body, customer_id: customer as number } });
      notifySuccess(pkg ? 'Stundenpaket erfolgreich aktualisiert' : 'Stundenpaket erfolgreich verkauft');
      onClose();
    } catch (cause) {
      setError(errorText(cause, pkg ? 'Fehler beim Aktualisieren' : 'Fehler beim Speichern'));
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={pkg ? 'Stundenpaket bearbeiten' : 'Stundenpaket verkaufen'}
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
          {!customerId && (
            <CustomerPicker
              value={customer}
              onChange={setCustomer}
              initialLabel={pkg?.customer_name}
              error={missing.has('customer')}
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
              value={hours}
              onChange={setHours}
              error={missing.has('hours')}
              data-autofocus
            />
            <NumberInput
              label="Preis pro Stunde"
              withAsterisk
              min={0}
              step={0.01}
              decimalScale={2}
              fixedDecimalScale
              prefix="€ "
              {...germanNumber}
              value={price}
              onChange={setPrice}
              error={missing.has('price')}
            />
          </SimpleGrid>
          <NumberInput
            label="Rabatt (%)"
            min={0}
            max={100}
            clampBehavior="strict"
            step={0.1}
            decimalScale={2}
            suffix=" %"
            {...germanNumber}
            value={discount}
            onChange={setDiscount}
          />
          <Paper withBorder radius="md" p="sm" bg="orange.0">
            <Group justify="space-between">
              <Text fw={500}>Gesamtpreis</Text>
              <Text fw={700} size="lg" data-testid="package-total">
                {formatEuro(packageTotal(num(hours), num(price), num(discount)))}
              </Text>
            </Group>
          </Paper>
          <FormError message={error} />
          <DialogButtons
            busy={save.isPending}
            onCancel={onClose}
            label={pkg ? 'Speichern' : 'Verkaufen'}
            busyLabel={pkg ? 'Speichern...' : 'Wird verkauft...'}
          />
        </Stack>
      </form>
    </Modal>
  );
}
