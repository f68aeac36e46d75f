import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { errorText } from '../lib/api-client';
import { usePhone } from '../lib/use-phone';

/**
 * Confirmation for destructive actions (UI.md): names what is deleted and what goes with
 * it; shows the server's error in the dialog ('Fehler beim Löschen …').
 */
export function ConfirmDialog({
  opened,
  title,
  message,
  confirmLabel = 'Löschen',
  errorFallback,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  /** e.g. 'Fehler beim Löschen des Projekts' */
  errorFallback: string;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}) {
  const phone = usePhone();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={title} fullScreen={phone}>
      <Stack>
        <Text>{message}</Text>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={busy}>
            Abbrechen
          </Button>
          <Button
            color="red"
            loading={busy}
            onClick={async () => {
              setBusy(true);
              setError(null);
              try {
                await onConfirm();
                close();
              } catch (cause) {
                setError(`${errorFallback}: ${errorText(cause, 'Unbekannter Fehler')}`);
              } finally {
                setBusy(false);
              }
            }}
          >
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
