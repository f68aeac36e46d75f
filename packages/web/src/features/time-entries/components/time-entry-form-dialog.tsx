import type { TimeEntry } from '@butler/contract/time-entries';
import type { Timer } from '@butler/contract/timers';
import { MIDNIGHT_NOTE } from '@butler/contract/timers';
import {
  Alert,
  Box,
  Checkbox,
  Chip,
  Group,
  Modal,
  NumberInput,
  Radio,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconMoon } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useCan } from '../../../app/permissions';
import { CustomerPicker } from '../../../components/customer-picker';
import { DateField } from '../../../components/date-field';
import { DialogButtons, FormError } from '../../../components/dialog-parts';
import { useDialogForm } from '../../../components/use-dialog-form';
import { errorText } from '../../../lib/api-client';
import { ALL_PAGE_SIZE, useProjects } from '../../../lib/back-office';
import { formatHours, todayInVienna } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { type RecentCustomer, recentCustomers, rememberCustomer } from '../../../lib/recent-customers';
import { newRequestKey } from '../../../lib/request-key';
import { usePhone } from '../../../lib/use-phone';
import { useCustomerDashboard } from '../../customer-dashboard';
import { OrderSelect } from '../../orders';
import { useSaveTimeEntry } from '../api/time-entries';
import { TimeEntryBalance } from './time-entry-balance';
import { suggestedBilling } from './time-entry-balance-rules';
import { batch, dateForNewEntry } from './time-entry-batch';
import classes from './time-entry-form-dialog.module.css';
import { TimeEntryProjectField } from './time-entry-project-field';
import {
  entryHours,
  missingTimeEntryFields,
  type TimeEntryPrefill,
  timeEntryBody,
  timeEntryStart,
} from './time-entry-rules';

/**
 * Time entry create/edit (SPEC §5, decisions 0641–0643): customer (the last used first), project or
 * "Neues Projekt", date, hours as a duration or from–to, the customer's hours left with a
 * warning before overuse, "Abbuchen von" preselected from what the customer has. Opened
 * with a stopped timer it books the timer's span (decision 0640). One screen on a phone.
 */
export function TimeEntryFormDialog({
  opened,
  entry,
  customerId,
  orderId,
  timer = null,
  prefill = null,
  hoursStep = 0.25,
  onClose,
  onBooked,
}: {
  opened: boolean;
  entry: TimeEntry | null;
  customerId?: number;
  /** Opened from an Auftrag: it is chosen in "Auftrag" (decision 0810). */
  orderId?: number;
  timer?: Timer | null;
  /** Opened from a finished Termin: its day, its hours and what it was about (decision 0840). */
  prefill?: TimeEntryPrefill | null;
  hoursStep?: number;
  onClose: () => void;
  /** After a successful save (the timer host forgets the booked timer). */
  onBooked?: (entry: TimeEntry) => void;
}) {
  const phone = usePhone();
  const size = phone ? 'md' : 'sm';
  const can = useCan();
  const save = useSaveTimeEntry();
  const [recent, setRecent] = useState<RecentCustomer[]>([]);
  const [customerLabel, setCustomerLabel] = useState<string | null>(null);
  const billingTouched = useRef(false);
  const [order, setOrder] = useState<number | null>(null);
  const { form, error, setError, field, onInvalid } = useDialogForm({
    opened,
    // A batch of entries keeps the last entry's date; the customer is only the page's (decision 0774).
    initial: () =>
      timeEntryStart(entry, customerId, dateForNewEntry(batch.get(), todayInVienna(), Date.now()), timer, prefill),
    validate: missingTimeEntryFields,
    deps: [entry, customerId, timer, prefill],
  });
  const v = form.values;
  // One key per entry being written: a retry after a lost answer books it once (decision 0860).
  const bookingKey = useRef(newRequestKey());
  useEffect(() => {
    if (!opened) return;
    bookingKey.current = newRequestKey();
    billingTouched.current = entry !== null;
    setRecent(recentCustomers());
    setCustomerLabel(timer?.customer_name ?? null);
    setOrder(orderId ?? timer?.order?.id ?? entry?.order_id ?? null);
  }, [opened, entry, timer, orderId]);

  const projects = useProjects({ customerId: v.customer ?? undefined, pageSize: ALL_PAGE_SIZE }, v.customer !== null);
  const balance = useCustomerDashboard(opened && v.customer !== null && can('customers.dashboard') ? v.customer : null);
  // "Abbuchen von" follows what the customer has until someone chooses (decision 0643).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the customer's figures arrive.
  useEffect(() => {
    if (balance.data && !billingTouched.current) form.setFieldValue('billing', suggestedBilling(balance.data));
  }, [balance.data]);

  const next = useRef(false);
  const submit = form.onSubmit(async (values) => {
    const andNext = next.current && !entry && !timer;
    next.current = false;
    setError(null);
    // The Auftrag goes only when one is chosen, or to take an edited entry off its Auftrag.
    const body = { ...timeEntryBody(values), ...(order !== null || entry ? { order_id: order } : {}) };
    try {
      const saved = entry
        ? await save.mutateAsync({ kind: 'update', id: entry.id, body })
        : await save.mutateAsync({
            kind: 'create',
            customerId: values.customer as number,
            body: { ...body, client_key: bookingKey.current },
          });
      if (!entry) bookingKey.current = newRequestKey();
      rememberCustomer({ id: saved.customer_id, label: customerLabel ?? saved.customer_name });
      if (!entry) batch.remember(saved.work_date);
      onBooked?.(saved);
      if (andNext) {
        // "Buchen und nächster": same date, customer and project, the next hours and activity.
        notifySuccess(`Gespeichert: ${formatHours(saved.hours)} für ${saved.customer_name}. Nächster Eintrag:`);
        form.setValues({ hours: '', from: '', to: '', activity: '', newProject: null });
        if (values.newProject) form.setFieldValue('project', String(saved.project_id));
        return;
      }
      notifySuccess(entry ? 'Zeiteintrag erfolgreich aktualisiert' : 'Zeiteintrag erfolgreich erstellt');
      onClose();
    } catch (cause) {
      setError(errorText(cause, entry ? 'Fehler beim Aktualisieren' : 'Fehler beim Speichern'));
    }
  }, onInvalid);

  const projectOptions = (projects.data?.items ?? [])
    .filter((p) => p.is_active || String(p.id) === v.project)
    .map((p) => ({ value: String(p.id), label: p.name }));
  const chooseCustomer = (id: number | null, label: string | null) => {
    setCustomerLabel(label);
    billingTouched.current = false;
    form.setValues({ customer: id, project: null, newProject: null });
    setOrder(null);
  };
  const hours = entryHours(v);
  const customerFixed = Boolean(customerId || entry || timer);

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={entry ? 'Zeiteintrag bearbeiten' : 'Neuer Zeiteintrag'}
      fullScreen={phone}
      size="lg"
    >
      <form noValidate onSubmit={submit} data-testid="time-entry-form">
        <Stack gap={phone ? 'sm' : 'md'}>
          {timer?.stopped_at_midnight && (
            <Alert color="blue" py={6} icon={<IconMoon size={16} aria-hidden />}>
              {MIDNIGHT_NOTE}
            </Alert>
          )}
          {!customerFixed && recent.length > 0 && (
            <Group gap={6} aria-label="Zuletzt verwendete Kunden" role="group">
              <Text size="xs" c="dimmed">
                Zuletzt:
              </Text>
              {recent.map((c) => (
                <Chip
                  key={c.id}
                  size={phone ? 'md' : 'sm'}
                  checked={v.customer === c.id}
                  onChange={() => chooseCustomer(c.id, c.label)}
                >
                  {c.label}
                </Chip>
              ))}
            </Group>
          )}
          {!customerFixed ? (
            <CustomerPicker
              value={v.customer}
              initialLabel={customerLabel}
              size={size}
              onChange={chooseCustomer}
              error={!!form.errors.customer}
            />
          ) : timer ? (
            <Text size="sm" data-testid="timer-summary">
              Timer für <b>{timer.customer_name}</b>
              {timer.order ? ` (${timer.order.number})` : ''}: {timer.from}–{timer.to} Uhr ({formatHours(timer.hours)})
            </Text>
          ) : (
            !entry &&
            balance.data && (
              // The page's customer is said, never assumed silently (decision 0774).
              <Text size="sm" data-testid="entry-customer">
                Für <b>{balance.data.customer.name}</b>
              </Text>
            )
          )}
          {v.customer !== null && can('customers.dashboard') && (
            <TimeEntryBalance balance={balance} billing={v.billing} hours={hours} date={v.date} />
          )}
          <TimeEntryProjectField
            customerChosen={v.customer !== null}
            options={projectOptions}
            loaded={projects.isSuccess && !projects.isPlaceholderData}
            project={v.project}
            newProject={v.newProject}
            mayCreate={!entry && can('projects.write')}
            onProject={(id) => form.setFieldValue('project', id)}
            onNewProject={(name) => form.setFieldValue('newProject', name)}
            projectError={!!form.errors.project}
            newProjectError={!!form.errors.newProject}
            size={size}
          />
          <OrderSelect customerId={v.customer} value={order} onChange={setOrder} size={size} />
          <SimpleGrid cols={2} spacing="sm">
            <DateField
              label="Datum"
              withAsterisk
              size={size}
              value={v.date}
              onChange={(date) => form.setFieldValue('date', date)}
              error={!!form.errors.date}
            />
            <Stack gap={4}>
              <Text size={size} fw={500} component="span" id="time-entry-mode">
                Zeit
              </Text>
              <SegmentedControl
                aria-labelledby="time-entry-mode"
                size={size}
                fullWidth
                data={[
                  { value: 'duration', label: 'Dauer' },
                  { value: 'span', label: 'Von–bis' },
                ]}
                {...form.getInputProps('mode')}
              />
            </Stack>
          </SimpleGrid>
          {v.mode === 'duration' ? (
            <NumberInput
              label="Stunden"
              withAsterisk
              size={size}
              min={0}
              step={hoursStep}
              decimalScale={2}
              decimalSeparator=","
              thousandSeparator="."
              inputMode="decimal"
              {...field('hours')}
            />
          ) : (
            <SimpleGrid cols={3} spacing="sm" verticalSpacing={0}>
              <TextInput
                label="Von"
                withAsterisk
                size={size}
                placeholder="09:00"
                inputMode="decimal"
                {...field('from')}
              />
              <TextInput
                label="Bis"
                withAsterisk
                size={size}
                placeholder="10:30"
                inputMode="decimal"
                {...field('to')}
              />
              <Stack gap={0} justify="flex-end" pb={6}>
                <Text size="sm" c="dimmed" data-testid="span-hours">
                  {hours !== null ? `= ${formatHours(hours)}` : ''}
                </Text>
              </Stack>
            </SimpleGrid>
          )}
          <Textarea
            label="Aktivität"
            withAsterisk
            size={size}
            autosize
            minRows={phone ? 2 : 3}
            maxRows={8}
            {...field('activity')}
          />
          <Radio.Group
            label="Abbuchen von"
            {...field('billing')}
            onChange={(value) => {
              billingTouched.current = true;
              form.setFieldValue('billing', value as typeof v.billing);
            }}
          >
            <Group mt={6} gap="lg">
              <Radio value="abos" label="ButlerPaket" size={size} />
              <Radio value="stundenpakete" label="Stundenpaket" size={size} />
            </Group>
          </Radio.Group>
          <Checkbox label="Ist abrechenbar" size={size} {...field('billable', 'checkbox')} />
          <FormError message={error} />
          {/* On a phone the buttons stay under the thumb while the form scrolls. */}
          <Box className={phone ? classes.stickyButtons : undefined}>
            <DialogButtons
              busy={save.isPending}
              onCancel={onClose}
              size={size}
              secondary={
                entry || timer
                  ? undefined
                  : {
                      label: 'Buchen und nächster',
                      onClick: () => {
                        next.current = true;
                        void submit();
                      },
                    }
              }
            />
          </Box>
        </Stack>
      </form>
    </Modal>
  );
}
