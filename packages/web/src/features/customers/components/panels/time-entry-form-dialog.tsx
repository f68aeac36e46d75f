import { type BillingType, TIME_ENTRY_REQUIRED, type TimeEntry } from '@butler/contract/time-entries';
import { Checkbox, Group, Modal, NumberInput, Radio, Select, SimpleGrid, Stack, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { DateField } from '../../../../components/date-field';
import { DialogButtons, FormError } from '../../../../components/dialog-parts';
import { errorText } from '../../../../lib/api-client';
import { todayInVienna } from '../../../../lib/format';
import { notifySuccess } from '../../../../lib/notify';
import { ALL_PAGE_SIZE } from '../../api/keys';
import { useProjects } from '../../api/projects';
import { useSaveTimeEntry } from '../../api/time-entries';
import { CustomerPicker } from '../customer-picker';

type Values = {
  customer: number | null;
  project: string | null;
  date: string | null;
  hours: number | string;
  activity: string;
  billing: BillingType;
  billable: boolean;
};

/**
 * Time entry create/edit (SPEC §5): the project list is the chosen customer's, disabled
 * until one is chosen and reset when it changes; date defaults to today, billing to abos.
 */
export function TimeEntryFormDialog({
  opened,
  entry,
  customerId,
  hoursStep = 0.25,
  onClose,
}: {
  opened: boolean;
  entry: TimeEntry | null;
  customerId?: number;
  hoursStep?: number;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 48em)');
  const save = useSaveTimeEntry();
  const [v, setV] = useState<Values>({
    customer: null,
    project: null,
    date: null,
    hours: '',
    activity: '',
    billing: 'abos',
    billable: true,
  });
  const [error, setError] = useState<string | null>(null);
  const [missing, setMissing] = useState<Set<string>>(new Set());
  const projects = useProjects({ customerId: v.customer ?? undefined, pageSize: ALL_PAGE_SIZE }, v.customer !== null);

  useEffect(() => {
    if (!opened) return;
    setV({
      customer: entry?.customer_id ?? customerId ?? null,
      project: entry ? String(entry.project_id) : null,
      date: entry?.work_date ?? todayInVienna(),
      hours: entry?.hours ?? '',
      activity: entry?.activity_description ?? '',
      billing: entry?.billing_type ?? 'abos',
      billable: entry?.is_billable ?? true,
    });
    setError(null);
    setMissing(new Set());
  }, [opened, entry, customerId]);

  const set = <K extends keyof Values>(key: K, value: Values[K]) => setV((prev) => ({ ...prev, [key]: value }));

  const submit = async () => {
    const gaps = new Set<string>();
    if (!v.customer) gaps.add('customer');
    if (!v.project) gaps.add('project');
    if (!v.date) gaps.add('date');
    if (v.hours === '' || Number(v.hours) === 0) gaps.add('hours');
    if (!v.activity.trim()) gaps.add('activity');
    setMissing(gaps);
    if (gaps.size > 0) {
      setError(TIME_ENTRY_REQUIRED);
      return;
    }
    setError(null);
    const body = {
      project_id: Number(v.project),
      hours: Number(v.hours),
      activity_description: v.activity,
      work_date: v.date as string,
      billing_type: v.billing,
      is_billable: v.billable,
    };
    try {
      if (entry) await save.mutateAsync({ kind: 'update', id: entry.id, body });
      else await save.mutateAsync({ kind: 'create', customerId: v.customer as number, body });
      notifySuccess(entry ? 'Zeiteintrag erfolgreich aktualisiert' : 'Zeiteintrag erfolgreich erstellt');
      onClose();
    } catch (cause) {
      setError(errorText(cause, entry ? 'Fehler beim Aktualisieren' : 'Fehler beim Speichern'));
    }
  };

  const projectOptions = (projects.data?.items ?? [])
    .filter((p) => p.is_active || String(p.id) === v.project)
    .map((p) => ({ value: String(p.id), label: p.name }));

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={entry ? 'Zeiteintrag bearbeiten' : 'Neuer Zeiteintrag'}
      fullScreen={phone}
      size="lg"
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack>
          {!customerId && !entry && (
            <CustomerPicker
              value={v.customer}
              onChange={(id) => setV((prev) => ({ ...prev, customer: id, project: null }))}
              error={missing.has('customer')}
            />
          )}
          <Select
            label="Projekt"
            withAsterisk
            placeholder={v.customer ? 'Projekt wählen' : 'Zuerst einen Kunden wählen'}
            data={projectOptions}
            value={v.project}
            onChange={(value) => set('project', value)}
            disabled={!v.customer}
            nothingFoundMessage="Dieser Kunde hat keine aktiven Projekte"
            error={missing.has('project')}
            searchable
            comboboxProps={{ withinPortal: true }}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <DateField
              label="Datum"
              withAsterisk
              value={v.date}
              onChange={(value) => set('date', value)}
              error={missing.has('date')}
            />
            <NumberInput
              label="Stunden"
              withAsterisk
              min={0}
              step={hoursStep}
              decimalScale={2}
              decimalSeparator=","
              thousandSeparator="."
              value={v.hours}
              onChange={(value) => set('hours', value)}
              error={missing.has('hours')}
            />
          </SimpleGrid>
          <Textarea
            label="Aktivität"
            withAsterisk
            autosize
            minRows={3}
            maxRows={8}
            value={v.activity}
            onChange={(e) => set('activity', e.currentTarget.value)}
            error={missing.has('activity')}
          />
          <Radio.Group
            label="Abbuchen von"
            value={v.billing}
            onChange={(value) => set('billing', value as BillingType)}
          >
            <Group mt={6} gap="lg">
              <Radio value="abos" label="ButlerPaket" />
              <Radio value="stundenpakete" label="Stundenpaket" />
            </Group>
          </Radio.Group>
          <Checkbox
            label="Ist abrechenbar"
            checked={v.billable}
            onChange={(e) => set('billable', e.currentTarget.checked)}
          />
          <FormError message={error} />
          <DialogButtons busy={save.isPending} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
