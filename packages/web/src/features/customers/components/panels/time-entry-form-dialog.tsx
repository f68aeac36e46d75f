import type { TimeEntry } from '@butler/contract/time-entries';
import { Checkbox, Group, Modal, NumberInput, Radio, Select, SimpleGrid, Stack, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { CustomerPicker } from '../../../../components/customer-picker';
import { DateField } from '../../../../components/date-field';
import { DialogButtons, FormError } from '../../../../components/dialog-parts';
import { useDialogForm } from '../../../../components/use-dialog-form';
import { errorText } from '../../../../lib/api-client';
import { todayInVienna } from '../../../../lib/format';
import { notifySuccess } from '../../../../lib/notify';
import { ALL_PAGE_SIZE } from '../../api/keys';
import { useProjects } from '../../api/projects';
import { useSaveTimeEntry } from '../../api/time-entries';
import { missingTimeEntryFields, timeEntryBody, timeEntryStart } from './time-entry-rules';

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
  const { form, error, setError, field, onInvalid } = useDialogForm({
    opened,
    initial: () => timeEntryStart(entry, customerId, todayInVienna()),
    validate: missingTimeEntryFields,
    deps: [entry, customerId],
  });
  const v = form.values;
  const projects = useProjects({ customerId: v.customer ?? undefined, pageSize: ALL_PAGE_SIZE }, v.customer !== null);

  const submit = form.onSubmit(async (values) => {
    setError(null);
    const body = timeEntryBody(values);
    try {
      if (entry) await save.mutateAsync({ kind: 'update', id: entry.id, body });
      else await save.mutateAsync({ kind: 'create', customerId: values.customer as number, body });
      notifySuccess(entry ? 'Zeiteintrag erfolgreich aktualisiert' : 'Zeiteintrag erfolgreich erstellt');
      onClose();
    } catch (cause) {
      setError(errorText(cause, entry ? 'Fehler beim Aktualisieren' : 'Fehler beim Speichern'));
    }
  }, onInvalid);

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
      <form noValidate onSubmit={submit}>
        <Stack>
          {!customerId && !entry && (
            <CustomerPicker
              value={v.customer}
              onChange={(id) => form.setValues({ customer: id, project: null })}
              error={!!form.errors.customer}
            />
          )}
          <Select
            label="Projekt"
            withAsterisk
            placeholder={v.customer ? 'Projekt wählen' : 'Zuerst einen Kunden wählen'}
            data={projectOptions}
            {...field('project')}
            disabled={!v.customer}
            nothingFoundMessage="Dieser Kunde hat keine aktiven Projekte"
            searchable
            comboboxProps={{ withinPortal: true }}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <DateField
              label="Datum"
              withAsterisk
              value={v.date}
              onChange={(date) => form.setFieldValue('date', date)}
              error={!!form.errors.date}
            />
            <NumberInput
              label="Stunden"
              withAsterisk
              min={0}
              step={hoursStep}
              decimalScale={2}
              decimalSeparator=","
              thousandSeparator="."
              {...field('hours')}
            />
          </SimpleGrid>
          <Textarea label="Aktivität" withAsterisk autosize minRows={3} maxRows={8} {...field('activity')} />
          <Radio.Group label="Abbuchen von" {...field('billing')}>
            <Group mt={6} gap="lg">
              <Radio value="abos" label="ButlerPaket" />
              <Radio value="stundenpakete" label="Stundenpaket" />
            </Group>
          </Radio.Group>
          <Checkbox label="Ist abrechenbar" {...field('billable', 'checkbox')} />
          <FormError message={error} />
          <DialogButtons busy={save.isPending} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
