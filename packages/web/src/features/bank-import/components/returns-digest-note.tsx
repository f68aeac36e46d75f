import { Alert, Button, Group, Text } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import { errorText } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useReturnsPending, useSendReturnsDigest } from '../api/bank-import';

/** Returns not yet told to the team: the daily digest sends them at 07:15, or staff now. */
export function ReturnsDigestNote() {
  const pending = useReturnsPending();
  const send = useSendReturnsDigest();
  const count = pending.data?.pending ?? 0;
  if (count === 0) return null;
  return (
    <Alert color="red" variant="light" icon={<IconArrowBackUp size={18} aria-hidden />} role="status">
      <Group justify="space-between" gap="sm">
        <Text size="sm">
          {count === 1 ? 'Eine Rücklastschrift ist' : `${count} Rücklastschriften sind`} noch nicht an das Team
          gemeldet. Die Tagesübersicht geht um 07:15 per E-Mail hinaus.
        </Text>
        <Button
          size="xs"
          color="red"
          variant="light"
          disabled={send.isPending}
          onClick={() =>
            send.mutate(undefined, {
              onSuccess: (sent) =>
                notifySuccess(
                  `Übersicht mit ${sent.returns} Rücklastschrift${sent.returns === 1 ? '' : 'en'} an das Team gesendet`,
                ),
              onError: (error) => notifyError(errorText(error, 'Fehler beim Senden')),
            })
          }
        >
          {send.isPending ? 'Wird gesendet...' : 'Team jetzt informieren'}
        </Button>
      </Group>
    </Alert>
  );
}
