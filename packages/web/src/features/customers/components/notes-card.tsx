import { Button, Card, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useCan } from '../../../app/permissions';
import { FormError } from '../../../components/dialog-parts';
import { errorText } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { useSaveNotes } from '../api/customers';

type NotesField = 'private_notes' | 'company_info' | 'special_notes' | 'notes';

/** One editable notes card with its own edit/save/cancel (SPEC §2). */
export function NotesCard({
  customerId,
  field,
  title,
  value,
  placeholder = 'Noch keine Notizen.',
}: {
  customerId: number;
  field: NotesField;
  title: string;
  value: string | null;
  placeholder?: string;
}) {
  const mayEdit = useCan()('customers.private.write');
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = useSaveNotes(customerId);

  const start = () => {
    setDraft(value ?? '');
    setError(null);
    setEditing(true);
  };
  const submit = async () => {
    setError(null);
    try {
      await save.mutateAsync({ field, value: draft });
      notifySuccess('Notizen gespeichert');
      setEditing(false);
    } catch (cause) {
      setError(errorText(cause, 'Fehler beim Speichern der Notizen'));
    }
  };

  return (
    <Card h="100%">
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={3} size="h4">
          {title}
        </Title>
        {!editing && mayEdit && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPencil size={14} />}
            onClick={start}
            aria-label={`${title} bearbeiten`}
          >
            Bearbeiten
          </Button>
        )}
      </Group>
      {editing ? (
        <Stack gap="sm">
          <Textarea
            aria-label={title}
            autosize
            minRows={4}
            maxRows={14}
            value={draft}
            onChange={(e) => setDraft(e.currentTarget.value)}
            data-autofocus
            autoFocus
          />
          <FormError message={error} />
          <Group justify="flex-end" gap="xs">
            <Button size="xs" variant="default" onClick={() => setEditing(false)} disabled={save.isPending}>
              Abbrechen
            </Button>
            <Button size="xs" onClick={() => void submit()} disabled={save.isPending}>
              {save.isPending ? 'Speichern...' : 'Speichern'}
            </Button>
          </Group>
        </Stack>
      ) : value ? (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {value}
        </Text>
      ) : (
        <Text size="sm" c="dimmed" fs="italic">
          {placeholder}
        </Text>
      )}
    </Card>
  );
}
