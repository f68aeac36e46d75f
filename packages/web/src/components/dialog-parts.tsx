import { Alert, Button, Group, Loader, Stack } from '@mantine/core';
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
  size = 'sm',
  secondary,
}: {
  busy: boolean;
  onCancel: () => void;
  label?: string;
  busyLabel?: string;
  /** A second way to submit beside the main one (e.g. "Buchen und nächster"). */
  secondary?: { label: string; onClick: () => void };
  /** `md` on phones where the dialog is used with a thumb: the buttons share the width. */
  size?: 'sm' | 'md';
}) {
  const second = secondary && (
    <Button variant="light" onClick={secondary.onClick} disabled={busy} size={size} fullWidth={size === 'md'}>
      {secondary.label}
    </Button>
  );
  const buttons = (
    // On a phone the main button takes the room "Abbrechen" leaves: "Wunsch senden" at 390 px fits.
    <Group justify="flex-end" mt={second && size === 'md' ? 0 : 'xs'} wrap="nowrap">
      <Button variant="default" onClick={onCancel} disabled={busy} size={size}>
        Abbrechen
      </Button>
      {size !== 'md' && second}
      <Button
        type="submit"
        size={size}
        style={size === 'md' ? { flex: 1, minWidth: 0 } : undefined}
        disabled={busy}
        leftSection={busy ? <Loader size={14} color="gray" /> : undefined}
      >
        {busy ? busyLabel : label}
      </Button>
    </Group>
  );
  // On a phone three buttons do not fit one row: the second way to submit gets its own, above.
  if (!second || size !== 'md') return buttons;
  return (
    <Stack gap="xs" mt="xs">
      {second}
      {buttons}
    </Stack>
  );
}
