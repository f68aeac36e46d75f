import {
  VISIT_CONFLICT_DETAIL,
  VISIT_KIND_LABELS,
  VISIT_KINDS,
  VISIT_LIMITS,
  VISIT_REPEAT_LABELS,
  VISIT_REPEATS,
  type Visit,
  type VisitCreate,
  type VisitUpdate,
} from '@butler/contract/visits';
import { Alert, Button, Modal, MultiSelect, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CustomerPicker } from '../../../components/customer-picker';
import { DateField } from '../../../components/date-field';
import { DialogButtons, FormError } from '../../../components/dialog-parts';
import { useDialogForm } from '../../../components/use-dialog-form';
import { ApiError, errorText } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { usePhone } from '../../../lib/use-phone';
import { useCreateVisit, useUpdateVisit, visitPeopleQuery } from '../api/visits';
import { shiftDay } from './calendar-rules';
import {
  acceptingConflicts,
  conflictLines,
  type VisitFormValues,
  visitCreateBody,
  visitFormErrors,
  visitFormStart,
  visitUpdateBody,
} from './visit-form-rules';

const KIND_OPTIONS = VISIT_KINDS.map((k) => ({ value: k, label: VISIT_KIND_LABELS[k] }));
const REPEAT_OPTIONS = VISIT_REPEATS.map((r) => ({ value: r, label: VISIT_REPEAT_LABELS[r] }));

type Clash = { lines: string[]; body: VisitCreate | VisitUpdate };

/**
 * Planned beyond the ButlerPaket's Fahrten (setting "Einplanen mit Hinweis"): the planner
 * reads why in a yellow note that stays until closed, one line per month.
 */
function notifyPlannedWithWarnings(planned: string, warnings: readonly string[]) {
  notifications.show({
    color: 'yellow',
    title: `${planned}, bitte beachten`,
    autoClose: false,
    icon: <IconAlertTriangle size={18} aria-hidden />,
    message: (
      <Stack gap={2} data-testid="visit-warnings">
        {warnings.map((line) => (
          <Text key={line} size="sm">
            {line}
          </Text>
        ))}
      </Stack>
    ),
  });
}

/**
 * "Neuer Termin" and "Termin bearbeiten" (decision 0840). Editing changes this visit only,
 * so the repeat fields are not there. A clash (someone chosen already has a visit then) is
 * the server's 409: the dialog names it and offers "Trotzdem speichern", which sends the
 * same request again with the clash accepted, as long as the form still says the same. A
 * trip beyond the ButlerPaket's Fahrten is refused (the server's text in the dialog) or
 * planned with a note, by the setting under Einstellungen → Termine.
 */
export function VisitFormDialog({
  opened,
  visit,
  date,
  butlerId,
  customerId = null,
  customerName = null,
  onClose,
  onSaved,
}: {
  opened: boolean;
  /** The visit to edit; null: a new one. */
  visit: Visit | null;
  /** A new visit's day (the one the calendar shows) and, when one is chosen, its person. */
  date: string;
  butlerId?: number | null;
  /** A new visit's customer when the calendar shows one customer (`?kunde=`), with its name. */
  customerId?: number | null;
  customerName?: string | null;
  onClose: () => void;
  onSaved?: (visit: Visit) => void;
}) {
  const phone = usePhone();
  const size = phone ? 'md' : 'sm';
  const editing = visit !== null;
  const create = useCreateVisit();
  const update = useUpdateVisit();
  const people = useQuery({ ...visitPeopleQuery, enabled: opened });
  const [customerLabel, setCustomerLabel] = useState<string | null>(customerName ?? null);
  const [clash, setClash] = useState<Clash | null>(null);
  const { form, error, setError } = useDialogForm<VisitFormValues>({
    opened,
    initial: () => visitFormStart(visit, { date, butlerId, customerId }),
    validate: (values) => visitFormErrors(values, editing),
    deps: [visit, date, butlerId, customerId],
  });
  const v = form.values;
  const body = editing ? visitUpdateBody(v) : visitCreateBody(v);
  // The clash stands only for the request it was the answer to: a changed field asks anew.
  const shownClash = clash && JSON.stringify(clash.body) === JSON.stringify(body) ? clash : null;
  const busy = create.isPending || update.isPending;

  const send = async (request: VisitCreate | VisitUpdate) => {
    setError(null);
    try {
      if (visit) {
        const saved = await update.mutateAsync({ id: visit.id, body: request as VisitUpdate });
        notifySuccess('Termin gespeichert');
        onSaved?.(saved);
      } else {
        const created = await create.mutateAsync(request as VisitCreate);
        const planned = created.count > 1 ? `${created.count} Termine geplant` : 'Termin geplant';
        if (created.warnings.length > 0) notifyPlannedWithWarnings(planned, created.warnings);
        else notifySuccess(planned);
        onSaved?.(created.visit);
      }
      setClash(null);
      onClose();
    } catch (cause) {
      const lines =
        cause instanceof ApiError && cause.status === 409 ? conflictLines(cause.details, VISIT_CONFLICT_DETAIL) : [];
      if (lines.length > 0) {
        setClash({ lines, body: request });
        return;
      }
      // Any other refusal (e.g. beyond the ButlerPaket's Fahrten) is no clash to accept anyway.
      setClash(null);
      if (cause instanceof ApiError && cause.details) form.setErrors(cause.details);
      setError(
        errorText(
          cause,
          editing ? 'Der Termin konnte nicht gespeichert werden.' : 'Der Termin konnte nicht geplant werden.',
        ),
      );
    }
  };
  // Each field says what is wrong under it; no sentence for the whole form.
  const submit = form.onSubmit(
    (values) => send(editing ? visitUpdateBody(values) : visitCreateBody(values)),
    () => {
      setError(null);
    },
  );

  const personOptions = [
    ...(people.data ?? []).map((p) => ({ value: String(p.id), label: p.name })),
    // Someone planned before who is no longer active stays visible on the visit being edited.
    ...(visit?.butlers ?? [])
      .filter((b) => !(people.data ?? []).some((p) => p.id === b.id))
      .map((b) => ({ value: String(b.id), label: b.name })),
  ];
  const input = (path: keyof VisitFormValues & string) => form.getInputProps(path);

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={editing ? 'Termin bearbeiten' : 'Neuer Termin'}
      fullScreen={phone}
      size="lg"
    >
      <form noValidate onSubmit={submit} data-testid="visit-form">
        <Stack gap={phone ? 'sm' : 'md'}>
          {visit ? (
            <Text size="sm">
              Termin bei <b>{visit.customer_name}</b>
              {visit.series_id !== null && ' – nur dieser Termin der Serie wird geändert'}
            </Text>
          ) : (
            <CustomerPicker
              value={v.customer_id}
              // The page may learn the customer's name after the dialog opened (?kunde= with no visit in view).
              initialLabel={customerLabel ?? (v.customer_id === customerId ? customerName : null)}
              size={size}
              onChange={(id, label) => {
                setCustomerLabel(label);
                form.setFieldValue('customer_id', id);
              }}
              error={form.errors.customer_id as string | undefined}
            />
          )}
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            <DateField
              label="Datum"
              withAsterisk
              size={size}
              value={v.date}
              onChange={(value) => form.setFieldValue('date', value)}
              error={form.errors.date}
            />
            <SimpleGrid cols={2} spacing="sm" style={{ gridColumn: phone ? undefined : 'span 2' }}>
              {/* Editing starts at the time: a focused date field would open its calendar over the form. */}
              <TimeInput
                label="Von"
                withAsterisk
                size={size}
                data-autofocus={editing || undefined}
                {...input('start_time')}
              />
              <TimeInput label="Bis" withAsterisk size={size} {...input('end_time')} />
            </SimpleGrid>
          </SimpleGrid>
          <MultiSelect
            label="Wer kommt"
            withAsterisk
            size={size}
            placeholder={v.butler_ids.length ? undefined : 'Personen wählen'}
            data={personOptions}
            maxValues={VISIT_LIMITS.butlers}
            searchable
            nothingFoundMessage={people.isPending ? 'Lade Personen...' : 'Niemand gefunden'}
            comboboxProps={{ withinPortal: true }}
            {...input('butler_ids')}
            error={form.errors.butler_ids ?? (people.isError ? 'Die Personen konnten nicht geladen werden' : undefined)}
          />
          <Select
            label="Art"
            withAsterisk
            size={size}
            data={KIND_OPTIONS}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            {...input('kind')}
          />
          <TextInput
            label="Ort"
            size={size}
            placeholder="Adresse des Kunden"
            description={
              visit?.customer_address ? `Leer lassen: ${visit.customer_address}` : 'Leer lassen: beim Kunden'
            }
            maxLength={VISIT_LIMITS.placeChars}
            {...input('place')}
          />
          <Textarea
            label="Worum es geht"
            withAsterisk
            size={size}
            autosize
            minRows={2}
            maxRows={6}
            maxLength={VISIT_LIMITS.purposeChars}
            {...input('purpose')}
          />
          {!editing && (
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <Select
                label="Wiederholung"
                size={size}
                data={REPEAT_OPTIONS}
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
                {...input('repeat')}
              />
              {v.repeat !== 'none' && (
                <DateField
                  label="Bis"
                  withAsterisk
                  size={size}
                  description="Der letzte Tag, an dem ein Termin sein darf"
                  value={v.repeat_until}
                  minDate={v.date ? shiftDay(v.date, 1) : undefined}
                  maxDate={v.date ? shiftDay(v.date, VISIT_LIMITS.seriesDays) : undefined}
                  onChange={(value) => form.setFieldValue('repeat_until', value)}
                  error={form.errors.repeat_until}
                />
              )}
            </SimpleGrid>
          )}
          {shownClash && (
            <Alert
              color="yellow"
              icon={<IconAlertTriangle size={18} aria-hidden />}
              title="Zu dieser Zeit hat schon jemand einen Termin"
              role="alert"
              data-testid="visit-conflict"
            >
              <Stack gap="xs" align="flex-start">
                <Stack gap={2}>
                  {shownClash.lines.map((line) => (
                    <Text key={line} size="sm">
                      {line}
                    </Text>
                  ))}
                </Stack>
                <Button
                  size="xs"
                  color="yellow"
                  c="dark"
                  disabled={busy}
                  onClick={() => void send(acceptingConflicts(shownClash.body))}
                >
                  Trotzdem speichern
                </Button>
              </Stack>
            </Alert>
          )}
          <FormError message={error} />
          <DialogButtons
            busy={busy}
            onCancel={onClose}
            size={size}
            label={editing ? 'Speichern' : 'Planen'}
            busyLabel={editing ? 'Speichern...' : 'Wird geplant...'}
          />
        </Stack>
      </form>
    </Modal>
  );
}
