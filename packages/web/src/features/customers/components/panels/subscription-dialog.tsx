import { subscriptionEndDate } from '@butler/contract/subscription-periods';
import {
  BILLING_INTERVAL_LABELS,
  BILLING_INTERVALS,
  SUBSCRIPTION_PAYMENT_METHOD_LABELS,
  SUBSCRIPTION_PAYMENT_METHODS,
  type Subscription,
} from '@butler/contract/subscriptions';
import {
  Alert,
  Anchor,
  Group,
  Modal,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { Link } from 'react-router';
import { useCan } from '../../../../app/permissions';
import { CustomerPicker } from '../../../../components/customer-picker';
import { DateField } from '../../../../components/date-field';
import { DialogButtons, FormError } from '../../../../components/dialog-parts';
import { useDialogForm } from '../../../../components/use-dialog-form';
import { errorText } from '../../../../lib/api-client';
import { formatDate, formatEuro, formatNumber, todayInVienna } from '../../../../lib/format';
import { notifySuccess } from '../../../../lib/notify';
import { useSaveSubscription, useTemplates } from '../../api/subscriptions';
import { subscriptionMonthlyPrice } from './subscription-math';
import {
  type SubscriptionValues,
  subscriptionBody,
  subscriptionProblems,
  subscriptionStart,
} from './subscription-rules';

const INTERVAL_OPTIONS = BILLING_INTERVALS.map((value) => ({ value, label: BILLING_INTERVAL_LABELS[value] }));
const METHOD_OPTIONS = SUBSCRIPTION_PAYMENT_METHODS.map((value) => ({
  value,
  label: SUBSCRIPTION_PAYMENT_METHOD_LABELS[value],
}));

/** ButlerPaket create/edit with the price and end date computed live from the template. */
export function SubscriptionDialog({
  opened,
  subscription,
  customerId,
  onClose,
}: {
  opened: boolean;
  subscription: Subscription | null;
  customerId?: number;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 48em)');
  const templates = useTemplates();
  const can = useCan();
  const save = useSaveSubscription();
  const editing = subscription !== null;
  const { form, error, setError, field, onInvalid } = useDialogForm<SubscriptionValues>({
    opened,
    initial: () => subscriptionStart(subscription, customerId, todayInVienna()),
    validate: (values) => subscriptionProblems(values, editing),
    deps: [subscription, customerId],
  });
  const v = form.values;
  const set = <K extends keyof SubscriptionValues>(key: K, value: SubscriptionValues[K]) =>
    form.setFieldValue(key, value as never);
  const template = templates.data?.find((t) => String(t.id) === v.template) ?? null;
  const hours = v.hours === '' ? null : Number(v.hours);
  const duration = template?.duration_months ?? subscription?.duration_months ?? null;
  const price = template && hours ? subscriptionMonthlyPrice(hours, template.price_per_hour) : null;
  const endDate = v.start && duration ? subscriptionEndDate(v.start, duration) : null;

  const submit = form.onSubmit(async (values) => {
    setError(null);
    const common = subscriptionBody(values);
    try {
      if (subscription) {
        await save.mutateAsync({ kind: 'update', id: subscription.id, body: { ...common, is_active: values.active } });
        notifySuccess('ButlerPaket erfolgreich aktualisiert');
      } else {
        const created = await save.mutateAsync({
          kind: 'create',
          body: { ...common, customer_id: values.customer as number },
        });
        notifySuccess('ButlerPaket erfolgreich erstellt');
        if (created.referral_bonus)
          notifications.show({
            color: 'grape',
            title: 'Empfehlungsrabatt vergeben',
            message: `${created.referral_bonus.referrer_name} hat als Empfehlungsgeber jetzt ${formatNumber(created.referral_bonus.discount_applied)}\u00a0% Rabatt erhalten.`,
            autoClose: 10_000,
          });
      }
      onClose();
    } catch (cause) {
      setError(errorText(cause, editing ? 'Fehler beim Aktualisieren' : 'Fehler beim Erstellen des ButlerPakets'));
    }
  }, onInvalid);

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={editing ? 'ButlerPaket bearbeiten' : 'Neues ButlerPaket'}
      fullScreen={phone}
      size="lg"
    >
      <form noValidate onSubmit={submit}>
        <Stack>
          {!customerId && !editing && (
            <CustomerPicker value={v.customer} onChange={(id) => set('customer', id)} error={!!form.errors.customer} />
          )}
          {templates.data?.length === 0 && (
            <Alert color="orange" variant="light" data-testid="no-templates">
              Es gibt noch keine ButlerPaket-Vorlage. Ein ButlerPaket entsteht aus einer Vorlage (Laufzeit und
              Stundenpreis).{' '}
              {can('subscription_templates.write') ? (
                <Anchor component={Link} to="/admin/settings?vorlage=neu" fw={600}>
                  Jetzt eine Vorlage anlegen
                </Anchor>
              ) : (
                'Vorlagen legt an, wer ButlerPaket-Vorlagen verwalten darf (Einstellungen).'
              )}
            </Alert>
          )}
          <Select
            label="ButlerPaket-Vorlage"
            withAsterisk
            placeholder={
              templates.data?.length === 0 ? 'Keine Vorlagen – bitte in den Einstellungen anlegen' : 'Vorlage wählen'
            }
            data={(templates.data ?? []).map((t) => ({
              value: String(t.id),
              label: `${t.name} (${t.duration_months} Monate, ${formatEuro(t.price_per_hour)}/h)`,
            }))}
            value={v.template}
            onChange={(value) => {
              const chosen = templates.data?.find((t) => String(t.id) === value);
              set('template', value);
              if (!editing && chosen?.monthly_trips != null) set('trips', chosen.monthly_trips);
            }}
            error={!!form.errors.template}
            comboboxProps={{ withinPortal: true }}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput
              label="Monatliche Stunden"
              withAsterisk
              min={0}
              step={0.5}
              decimalScale={2}
              decimalSeparator=","
              thousandSeparator="."
              {...field('hours')}
            />
            <DateField
              label="Startdatum"
              withAsterisk
              value={v.start}
              onChange={(value) => set('start', value)}
              error={!!form.errors.start}
            />
          </SimpleGrid>
          <Paper withBorder radius="md" p="sm" bg="blue.0">
            <SimpleGrid cols={2} spacing="xs">
              <Text size="sm" c="dimmed">
                Preis pro Monat
              </Text>
              <Text size="sm" fw={700} ta="right" data-testid="subscription-price">
                {price === null ? '–' : formatEuro(price)}
              </Text>
              <Text size="sm" c="dimmed">
                Enddatum
              </Text>
              <Text size="sm" fw={700} ta="right" data-testid="subscription-end">
                {endDate ? formatDate(endDate) : '–'}
              </Text>
            </SimpleGrid>
          </Paper>
          <NumberInput label="Fahrten pro Monat" min={0} step={1} allowDecimal={false} {...field('trips')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Abrechnung"
              data={INTERVAL_OPTIONS}
              allowDeselect={false}
              value={v.interval}
              onChange={(value) => value && set('interval', value as SubscriptionValues['interval'])}
              comboboxProps={{ withinPortal: true }}
            />
            <Select
              label="Zahlungsart"
              data={METHOD_OPTIONS}
              allowDeselect={false}
              value={v.method}
              onChange={(value) => value && set('method', value as SubscriptionValues['method'])}
              comboboxProps={{ withinPortal: true }}
            />
          </SimpleGrid>
          <Switch
            label="Automatisch verlängern"
            description="Vor dem Ende folgt ein ButlerPaket mit gleichen Bedingungen für eine weitere Laufzeit"
            checked={v.autoRenew}
            onChange={(e) => set('autoRenew', e.currentTarget.checked)}
          />
          <Textarea label="Vereinbarungen" autosize minRows={2} maxRows={6} {...field('agreements')} />
          {editing && (
            <Group>
              <Switch
                label={v.active ? 'Aktiv' : 'Inaktiv'}
                checked={v.active}
                onChange={(e) => set('active', e.currentTarget.checked)}
              />
            </Group>
          )}
          <FormError message={error} />
          <DialogButtons busy={save.isPending} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
