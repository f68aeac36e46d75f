import {
  REFERRAL_PURCHASE_DEFAULT_HOURS,
  REFERRAL_PURCHASE_DEFAULT_PRICE,
  type ReferralPurchaseRequest,
} from '@butler/contract/referrals';
import { Group, Modal, NumberInput, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { CustomerPicker } from '../../../components/customer-picker';
import { DialogButtons, FormError } from '../../../components/dialog-parts';
import { formatPercent } from '../../../components/referral-tier';
import { ApiError, errorText } from '../../../lib/api-client';
import { formatEuro } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { useCustomerReferrals, useReferralPurchase, useReferralSettingsForSale } from '../api/referrals';
import { packageTotal } from './panels/hour-package-dialog';

const germanNumber = { decimalSeparator: ',', thousandSeparator: '.' } as const;
const num = (v: number | string) => (v === '' ? null : Number(v));
const FIELDS = ['customer_id', 'referral_code', 'hours', 'price_per_hour', 'custom_discount_percentage'] as const;
type Field = (typeof FIELDS)[number];

/** Who referred the chosen customer: a hint under the code field (the server still checks). */
function ReferrerHint({ customerId }: { customerId: number | null }) {
  const referrals = useCustomerReferrals(customerId);
  if (!customerId || !referrals.data) return null;
  const by = referrals.data.referred_by;
  return by
    ? `Empfohlen von ${by.name} (Code ${by.referral_code})`
    : 'Für diesen Kunden ist kein Empfehlungsgeber hinterlegt.';
}

/**
 * 'Empfehlungskauf' (SPEC §2, §5): the referred customer's gift package. Hours 2 and price
 * 0 by default; an empty custom discount means the settings' default referral discount.
 */
export function ReferralPurchaseDialog({
  opened,
  customerId,
  onClose,
}: {
  opened: boolean;
  customerId?: number;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 48em)');
  const purchase = useReferralPurchase();
  const settings = useReferralSettingsForSale(opened);
  const [customer, setCustomer] = useState<number | null>(null);
  const [code, setCode] = useState('');
  const [hours, setHours] = useState<number | string>(REFERRAL_PURCHASE_DEFAULT_HOURS);
  const [price, setPrice] = useState<number | string>(REFERRAL_PURCHASE_DEFAULT_PRICE);
  const [discount, setDiscount] = useState<number | string>('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!opened) return;
    setCustomer(customerId ?? null);
    setCode('');
    setHours(REFERRAL_PURCHASE_DEFAULT_HOURS);
    setPrice(REFERRAL_PURCHASE_DEFAULT_PRICE);
    setDiscount('');
    setErrors({});
    setError(null);
  }, [opened, customerId]);

  const defaultDiscount = settings.data?.default_discount_percentage ?? null;
  const effectiveDiscount = num(discount) ?? defaultDiscount;

  const submit = async () => {
    const next: Partial<Record<Field, string>> = {};
    if (!customer) next.customer_id = 'Bitte wählen Sie einen Kunden aus';
    if (!code.trim()) next.referral_code = 'Bitte geben Sie einen Empfehlungscode ein';
    if (!num(hours)) next.hours = 'Bitte geben Sie die Stunden an';
    if (num(price) === null) next.price_per_hour = 'Bitte geben Sie den Preis pro Stunde an';
    setErrors(next);
    setError(null);
    if (Object.keys(next).length > 0) return;
    const body: ReferralPurchaseRequest = {
      customer_id: customer as number,
      referral_code: code.trim(),
      hours: Number(hours),
      price_per_hour: Number(price),
      custom_discount_percentage: num(discount),
    };
    try {
      const result = await purchase.mutateAsync(body);
      const bonus = result.referral_bonus;
      notifySuccess(
        bonus
          ? `Empfehlungskauf gespeichert. ${bonus.referrer_name} erhält jetzt ${formatPercent(bonus.discount_applied)} Rabatt.`
          : 'Empfehlungskauf gespeichert',
      );
      onClose();
    } catch (cause) {
      const details = cause instanceof ApiError ? cause.details : undefined;
      if (details && FIELDS.some((field) => details[field])) setErrors(details);
      else setError(errorText(cause, 'Fehler beim Speichern'));
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Empfehlungskauf" fullScreen={phone}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <Text size="sm" c="dimmed">
            Das Geschenk für einen empfohlenen Neukunden: ein Stundenpaket mit Empfehlungsrabatt.
          </Text>
          {!customerId && (
            <CustomerPicker
              value={customer}
              onChange={(id) => {
                setCustomer(id);
                setErrors((prev) => ({ ...prev, customer_id: undefined }));
              }}
              error={errors.customer_id}
            />
          )}
          <TextInput
            size="sm"
            label="Empfehlungscode"
            withAsterisk
            value={code}
            onChange={(event) => setCode(event.currentTarget.value.toUpperCase())}
            error={errors.referral_code}
            description={<ReferrerHint customerId={customer} />}
            maxLength={20}
            autoComplete="off"
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: '0.05em' } }}
            data-autofocus={customerId ? true : undefined}
          />
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
              error={errors.hours}
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
              error={errors.price_per_hour}
            />
          </SimpleGrid>
          <NumberInput
            label="Individueller Rabatt (%)"
            description="Leer lassen für den Standard-Empfehlungsrabatt"
            placeholder={defaultDiscount === null ? 'Standard' : `Standard: ${formatPercent(defaultDiscount)}`}
            min={0}
            max={100}
            clampBehavior="strict"
            step={0.1}
            decimalScale={2}
            suffix=" %"
            {...germanNumber}
            value={discount}
            onChange={setDiscount}
            error={errors.custom_discount_percentage}
          />
          <Paper withBorder radius="md" p="sm" bg="grape.0">
            <Group justify="space-between">
              <Text fw={500}>Gesamtpreis</Text>
              <Text fw={700} size="lg" data-testid="referral-purchase-total">
                {formatEuro(packageTotal(num(hours), num(price), effectiveDiscount))}
              </Text>
            </Group>
          </Paper>
          <FormError message={error} />
          <DialogButtons busy={purchase.isPending} onCancel={onClose} label="Speichern" busyLabel="Speichern..." />
        </Stack>
      </form>
    </Modal>
  );
}
