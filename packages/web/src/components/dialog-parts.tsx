import { Alert, Button, Group, Loader } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/** The dialog's error sentence (server text or SPEC fallback), announced to screen readers. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert" py="xs">
      {message}
    </Alert>
  );
}

/** Dialog footer: Abbrechen and the submit button with its busy text (UI.md). */
export function DialogButtons({
  busy,
  onCancel,
  label = 'Speichern',
  busyLabel = 'Speichern...',
}: {
  busy: boolean;
  onCancel: () => void;
  label?: string;
  busyLabel?: string;
}) {
  return (
    <Group justify="flex-end" mt="xs">
      <Button variant="default" onClick={onCancel} disabled={busy}>
        Abbrechen
      </Button>
      <Button type="submit" disabled={busy} leftSection={busy ? <Loader size={14} color="gray" /> : undefined}>
        {busy ? busyLabel : label}
      </Button>
    </Group>
  );
}
