import { ORDER_LIMITS } from '@butler/contract/orders';
import { Button, Group, Paper, Stack, Switch, Text, Textarea } from '@mantine/core';
import { IconLock, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { errorText } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useOrderMessage } from '../api/orders';
import { INTERNAL_NOTE_LABEL } from './order-thread';

/**
 * The reply box under a thread. Staff get the "Interne Notiz" switch: when on, the box turns
 * the internal colour and says who will not read it, so a note is never sent by mistake.
 */
export function OrderReply({
  orderId,
  staff,
  placeholder,
  sentText,
}: {
  orderId: number;
  staff: boolean;
  placeholder: string;
  sentText: string;
}) {
  const [body, setBody] = useState('');
  const [internal, setInternal] = useState(false);
  const send = useOrderMessage(orderId);
  const submit = async () => {
    if (!body.trim()) return;
    try {
      await send.mutateAsync({ body: body.trim(), internal: staff && internal });
      setBody('');
      notifySuccess(internal ? 'Interne Notiz gespeichert' : sentText);
    } catch (cause) {
      notifyError(errorText(cause, 'Die Nachricht konnte nicht gesendet werden.'));
    }
  };
  return (
    <Paper
      p="sm"
      radius="md"
      withBorder
      bg={internal ? 'yellow.0' : undefined}
      style={internal ? { borderColor: 'var(--mantine-color-yellow-6)', borderStyle: 'dashed' } : undefined}
      data-testid="order-reply"
    >
      <Stack gap="xs">
        {staff && (
          <Group justify="space-between" gap="xs">
            <Switch
              label="Interne Notiz"
              checked={internal}
              onChange={(e) => setInternal(e.currentTarget.checked)}
              color="yellow.7"
            />
            {internal && (
              <Group gap={4} wrap="nowrap">
                <IconLock size={14} aria-hidden color="var(--mantine-color-yellow-9)" />
                <Text size="xs" fw={700} c="dark.8">
                  {INTERNAL_NOTE_LABEL}
                </Text>
              </Group>
            )}
          </Group>
        )}
        <Textarea
          aria-label={internal ? 'Interne Notiz' : 'Nachricht'}
          placeholder={internal ? 'Notiz für das Team...' : placeholder}
          autosize
          minRows={2}
          maxRows={8}
          maxLength={ORDER_LIMITS.messageChars}
          value={body}
          onChange={(e) => setBody(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void submit();
          }}
        />
        <Group justify="flex-end">
          <Button
            onClick={submit}
            loading={send.isPending}
            disabled={!body.trim()}
            color={internal ? 'dark.6' : undefined}
            leftSection={internal ? <IconLock size={16} aria-hidden /> : <IconSend size={16} aria-hidden />}
          >
            {internal ? 'Notiz speichern' : 'Senden'}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
