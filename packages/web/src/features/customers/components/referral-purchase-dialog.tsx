import { Group, Modal, NumberInput, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { CustomerPicker } from '../../../components/customer-picker';
import { DialogButtons, FormError } from '../../../components/dialog-parts';
import { formatPercent } from '../../../components/referral-tier';
import { useDialogForm } from '../../../components/use-dialog-form';
import { ApiError, errorText } from '../../../lib/api-client';
import { formatEuro } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { useCustomerReferrals, useReferralPurchase, useReferralSettingsForSale } from '../api/referrals';
import { numberOrNull, packageTotal } from './panels/hour-package-rules';
import {
  effectiveDiscount,
  referralPurchaseBody,
  referralPurchaseProblems,
  referralPurchaseStart,
} from './referral-purchase-rules';

const germanNumber = { decimalSeparator: ',', thousandSeparator: '.' } as const;
const FIELDS = ['customer_id', 'referral_code', 'hours', 'price_per_hour', 'custom_discount_percentage'] as const;

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
  const { form, error, setError } = useDialogForm({
    opened,
    initial: () => referralPurchaseStart(customerId),
    validate: referralPurchaseProblems,
    deps: [customerId],
  });
  const v = form.values;
  const defaultDiscount = settings.data?.default_discount_percentage ?? null;

  const submit = form.onSubmit(
    async (values) => {
      setError(null);
      try {
        const result = await purchase.mutateAsync(referralPurchaseBody(values));
        const bonus = result.referral_bonus;
        notifySuccess(
          bonus
            ? `Empfehlungskauf gespeichert. ${bonus.referrer_name} erhält jetzt ${formatPercent(bonus.discount_applied)} Rabatt.`
            : 'Empfehlungskauf gespeichert',
        );
        onClose();
      } catch (cause) {
        const details = cause instanceof ApiError ? cause.details : undefined;
        if (details && FIELDS.some((field) => details[field])) form.setErrors(details);
        else setError(errorText(cause, 'Fehler beim Speichern'));
      }
    },
    // Each field says what is missing under it; no sentence for the whole form.
    () => setError(null),
  );

  return (
    <Modal opened={opened} onClose={onClose} title="Empfehlungskauf" fullScreen={phone}>
      <form noValidate onSubmit={submit}>
        <Stack>
          <Text size="sm" c="dimmed">
            Das Geschenk für einen empfohlenen Neukunden: ein Stundenpaket mit Empfehlungsrabatt.
          </Text>
          {!customerId && (
            <CustomerPicker
              value={v.customer_id}
              onChange={(id) => form.setFieldValue('customer_id', id)}
              error={form.errors.customer_id as string | undefined}
            />
          )}
          <TextInput
            size="sm"
            label="Empfehlungscode"
            withAsterisk
            value={v.referral_code}
            onChange={(event) => form.setFieldValue('referral_code', event.currentTarget.value.toUpperCase())}
            error={form.errors.referral_code}
            description={<ReferrerHint customerId={v.customer_id} />}
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
              {...form.getInputProps('hours')}
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
              {...form.getInputProps('price_per_hour')}
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
            suffix="&nbsp;%"
            {...germanNumber}
            {...form.getInputProps('custom_discount_percentage')}
          />
          <Paper withBorder radius="md" p="sm" bg="grape.0">
            <Group justify="space-between">
              <Text fw={500}>Gesamtpreis</Text>
              <Text fw={700} size="lg" data-testid="referral-purchase-total">
                {formatEuro(
                  packageTotal(
                    numberOrNull(v.hours),
                    numberOrNull(v.price_per_hour),
                    effectiveDiscount(v, defaultDiscount),
                  ),
                )}
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
