import {
  PACKAGE_CHANGE_NEUTRAL,
  PACKAGE_CHANGE_TEXTS,
  PACKAGE_REQUEST_NOTE_CHARS,
} from '@butler/contract/package-change-texts';
import type { PackageChangeOptions } from '@butler/contract/subscription-requests';
import { Modal, NumberInput, Paper, Select, Stack, Text, Textarea } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSession } from '../../../app/session-context';
import { DialogButtons, FormError } from '../../../components/dialog-parts';
import { useDialogForm } from '../../../components/use-dialog-form';
import { errorText } from '../../../lib/api-client';
import { formatDate, formatEuro, formatHours, formatPercent } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { newRequestKey } from '../../../lib/request-key';
import { usePhone } from '../../../lib/use-phone';
import { fileWish, packageQuoteQuery } from './package-change-query';
import {
  type PackageChangeValues,
  packageChangeBody,
  packageChangeErrors,
  packageChangeStart,
  sameAsNow,
  validHours,
} from './package-change-rules';

/**
 * The price per month the chosen template and hours would have from the next month, by the
 * server's rules, gross as the invoice states it; and the hours the change lets lapse.
 */
function QuotePreview({ customerId, template, hours }: { customerId: number; template: number; hours: number }) {
  const t = PACKAGE_CHANGE_TEXTS[useSession().customerVoice];
  const quote = useQuery(packageQuoteQuery(customerId, template, hours));
  if (quote.isPending)
    return (
      <Text size="sm" c="dimmed">
        Preis wird berechnet...
      </Text>
    );
  if (quote.isError)
    return (
      <Text size="sm" c="red.8" role="status">
        {errorText(quote.error, 'Der Preis konnte nicht berechnet werden.')}
      </Text>
    );
  const q = quote.data;
  return (
    <Stack gap="xs">
      <Paper withBorder p="sm" radius="md" data-testid="package-change-quote">
        <Text fw={600}>
          {formatEuro(q.monthly_price_gross)} pro Monat für {formatHours(q.monthly_hours)}
        </Text>
        <Text size="sm" c="dimmed">
          {q.tax_rate === null ? t.smallBusinessNote : t.grossNote(formatPercent(q.tax_rate))}
        </Text>
        <Text size="sm" c="dimmed">
          {q.template_name}, vom {formatDate(q.effective_from)} bis {formatDate(q.end_date)}
          {q.has_referral_discount ? ' (mit Empfehlungsrabatt)' : ''}
        </Text>
      </Paper>
      {q.lapse && (
        <Text size="sm" data-testid="package-change-lapse">
          {t.carryOverLapses(formatHours(q.lapse.hours), formatDate(q.lapse.until))}
        </Text>
      )}
    </Stack>
  );
}

/**
 * "Paket ändern" (decision 0851): more or fewer monthly hours or another offered template from
 * the next month. The customer sees the price by today's rules; the team confirms the wish.
 */
export function PackageChangeDialog({
  options,
  customerId,
  onClose,
}: {
  options: PackageChangeOptions;
  customerId: number;
  onClose: () => void;
}) {
  const t = PACKAGE_CHANGE_TEXTS[useSession().customerVoice];
  const phone = usePhone();
  const size = phone ? 'md' : 'sm';
  const queryClient = useQueryClient();
  const [key] = useState(newRequestKey);
  const [busy, setBusy] = useState(false);
  const { form, field, error, setError, onInvalid } = useDialogForm<PackageChangeValues>({
    opened: true,
    initial: () => packageChangeStart(options),
    validate: (values) => packageChangeErrors(values, options),
    deps: [options.subscription?.id],
    clearErrorOnEdit: true,
  });
  const [debounced] = useDebouncedValue(form.values, 300);
  const hours = validHours(debounced.hours, options.hours_step);
  const template = Number(debounced.template) || null;
  const unchanged = sameAsNow(debounced, options);

  const submit = form.onSubmit(async (values) => {
    setError(null);
    setBusy(true);
    try {
      await fileWish(queryClient, customerId, packageChangeBody(values, key));
      notifySuccess(t.sent);
      onClose();
    } catch (cause) {
      setError(errorText(cause, 'Der Wunsch konnte nicht gesendet werden.'));
    } finally {
      setBusy(false);
    }
  }, onInvalid);

  return (
    <Modal opened onClose={onClose} title="Paket ändern" fullScreen={phone}>
      <form noValidate onSubmit={submit} data-testid="package-change-dialog">
        <Stack gap="md">
          <Text size="sm">{t.changeIntro(formatDate(options.change.effective_from))}</Text>
          <Select
            label="Paket"
            withAsterisk
            size={size}
            allowDeselect={false}
            data={options.templates.map((p) => ({
              value: String(p.id),
              label: `${p.name} (${p.duration_months} Monate)`,
            }))}
            {...field('template')}
          />
          <NumberInput
            label="Monatliche Stunden"
            withAsterisk
            size={size}
            min={options.hours_step}
            max={10_000}
            step={options.hours_step}
            decimalScale={2}
            decimalSeparator=","
            description={
              options.subscription ? `Jetzt: ${formatHours(options.subscription.monthly_hours)} im Monat` : undefined
            }
            data-autofocus
            {...field('hours')}
          />
          {unchanged ? (
            <Text size="sm" c="dimmed">
              {t.chooseDifferent}
            </Text>
          ) : template && hours !== null ? (
            <QuotePreview customerId={customerId} template={template} hours={hours} />
          ) : (
            <Text size="sm" c="dimmed">
              {PACKAGE_CHANGE_NEUTRAL.hoursMissing}
            </Text>
          )}
          <Textarea
            label={t.messageLabel}
            size={size}
            autosize
            minRows={2}
            maxRows={6}
            maxLength={PACKAGE_REQUEST_NOTE_CHARS}
            {...form.getInputProps('message')}
          />
          <FormError message={error} />
          <DialogButtons
            busy={busy}
            onCancel={onClose}
            size={size}
            label="Wunsch senden"
            busyLabel="Wird gesendet..."
          />
        </Stack>
      </form>
    </Modal>
  );
}
