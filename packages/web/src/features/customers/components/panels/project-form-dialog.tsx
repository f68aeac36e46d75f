import type { Project } from '@butler/contract/projects';
import { Modal, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { CustomerPicker } from '../../../../components/customer-picker';
import { DialogButtons, FormError } from '../../../../components/dialog-parts';
import { useDialogForm } from '../../../../components/use-dialog-form';
import { errorText } from '../../../../lib/api-client';
import { notifySuccess } from '../../../../lib/notify';
import { useSaveProject } from '../../api/projects';
import { projectProblems, projectStart } from './project-rules';

/**
 * Create/edit a project. With a fixed customer it posts to /api/customers/{id}/projects
 * (dashboard form), otherwise the customer is chosen in the form (admin panel).
 */
export function ProjectFormDialog({
  opened,
  project,
  customerId,
  onClose,
}: {
  opened: boolean;
  project: Project | null;
  customerId?: number;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 48em)');
  const save = useSaveProject();
  const { form, error, setError, field, onInvalid } = useDialogForm({
    opened,
    initial: () => projectStart(project, customerId),
    validate: (values) => projectProblems(values, project !== null),
    deps: [project, customerId],
  });

  const submit = form.onSubmit(async ({ name, description, customer, active }) => {
    setError(null);
    try {
      if (project)
        await save.mutateAsync({
          kind: 'update',
          id: project.id,
          body: { name, description, is_active: active, customer_id: customer as number },
        });
      else if (customerId)
        await save.mutateAsync({ kind: 'create-for-customer', customerId, body: { name, description } });
      else await save.mutateAsync({ kind: 'create', body: { name, description, customer_id: customer as number } });
      notifySuccess(project ? 'Projekt erfolgreich aktualisiert' : 'Projekt erfolgreich erstellt');
      onClose();
    } catch (cause) {
      setError(errorText(cause, project ? 'Fehler beim Aktualisieren' : 'Fehler beim Speichern'));
    }
  }, onInvalid);

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={project ? 'Projekt bearbeiten' : 'Neues Projekt'}
      fullScreen={phone}
    >
      <form noValidate onSubmit={submit}>
        <Stack>
          {!customerId && (
            <CustomerPicker
              value={form.values.customer}
              onChange={(id) => form.setFieldValue('customer', id)}
              initialLabel={project?.customer_name}
              error={!!form.errors.customer}
            />
          )}
          <TextInput label="Projektname" withAsterisk {...field('name')} data-autofocus />
          <Textarea label="Beschreibung" autosize minRows={3} maxRows={8} {...field('description')} />
          {project && <Switch label="Projekt aktiv" {...field('active', 'checkbox')} />}
          <FormError message={error} />
          <DialogButtons busy={save.isPending} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
