import type { Project } from '@butler/contract/projects';
import { Modal, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { CustomerPicker } from '../../../../components/customer-picker';
import { DialogButtons, FormError } from '../../../../components/dialog-parts';
import { errorText } from '../../../../lib/api-client';
import { notifySuccess } from '../../../../lib/notify';
import { useSaveProject } from '../../api/projects';

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
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [customer, setCustomer] = useState<number | null>(null);
  const [active, setActive] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [missing, setMissing] = useState<Set<string>>(new Set());

  useEffect(() => {
    if (!opened) return;
    setName(project?.name ?? '');
    setDescription(project?.description ?? '');
    setCustomer(project?.customer_id ?? customerId ?? null);
    setActive(project?.is_active ?? true);
    setError(null);
    setMissing(new Set());
  }, [opened, project, customerId]);

  const submit = async () => {
    const gaps = new Set<string>();
    if (!name.trim()) gaps.add('name');
    if (!customer) gaps.add('customer');
    setMissing(gaps);
    if (gaps.has('name')) {
      setError(project ? 'Projektname ist erforderlich' : 'Bitte geben Sie einen Projektnamen ein');
      return;
    }
    if (!customer) {
      setError('Bitte wählen Sie einen Kunden aus');
      return;
    }
    setError(null);
    try {
      if (project)
        await save.mutateAsync({
          kind: 'update',
          id: project.id,
          body: { name, description, is_active: active, customer_id: customer },
        });
      else if (customerId)
        await save.mutateAsync({ kind: 'create-for-customer', customerId, body: { name, description } });
      else await save.mutateAsync({ kind: 'create', body: { name, description, customer_id: customer } });
      notifySuccess(project ? 'Projekt erfolgreich aktualisiert' : 'Projekt erfolgreich erstellt');
      onClose();
    } catch (cause) {
      setError(errorText(cause, project ? 'Fehler beim Aktualisieren' : 'Fehler beim Speichern'));
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={project ? 'Projekt bearbeiten' : 'Neues Projekt'}
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
              initialLabel={project?.customer_name}
              error={missing.has('customer')}
            />
          )}
          <TextInput
            label="Projektname"
            withAsterisk
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={missing.has('name')}
            data-autofocus
          />
          <Textarea
            label="Beschreibung"
            autosize
            minRows={3}
            maxRows={8}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
          />
          {project && (
            <Switch label="Projekt aktiv" checked={active} onChange={(e) => setActive(e.currentTarget.checked)} />
          )}
          <FormError message={error} />
          <DialogButtons busy={save.isPending} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
