import type { OrderAttachment, OrderMessage } from '@butler/contract/orders';
import { Box, Group, Paper, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { formatDateTime } from '../../../lib/format';
import { AttachmentList } from './order-attachments';

export const INTERNAL_NOTE_LABEL = 'Intern – für den Kunden nicht sichtbar';

/**
 * The conversation of an Auftrag as a thread: the customer on the right, staff on the left,
 * system lines centred. `viewer` says whose side is "mine"; staff screens mark internal notes
 * on every message (a different background and the words), the customer never receives them.
 */
export function OrderThread({
  orderId,
  messages,
  attachments,
}: {
  orderId: number;
  messages: OrderMessage[];
  attachments: OrderAttachment[];
}) {
  if (messages.length === 0) {
    return (
      <Text c="dimmed" size="sm" ta="center" py="md">
        Noch keine Nachrichten.
      </Text>
    );
  }
  return (
    <Stack gap="sm" data-testid="order-thread">
      {messages.map((m) => {
        const files = attachments.filter((a) => a.message_id === m.id);
        if (m.author_kind === 'system') {
          return (
            <Text key={m.id} size="xs" c="dimmed" ta="center" data-testid="order-message-system">
              {m.body} · {formatDateTime(m.created_at)}
            </Text>
          );
        }
        const customer = m.author_kind === 'customer';
        return (
          <Group key={m.id} justify={customer ? 'flex-end' : 'flex-start'} wrap="nowrap">
            <Paper
              p="sm"
              radius="md"
              maw="85%"
              withBorder={m.internal}
              bg={m.internal ? 'yellow.0' : customer ? 'navy.0' : 'gray.0'}
              style={m.internal ? { borderColor: 'var(--mantine-color-yellow-6)', borderStyle: 'dashed' } : undefined}
              data-testid={m.internal ? 'order-message-internal' : 'order-message'}
            >
              {m.internal && (
                <Group gap={4} mb={4} wrap="nowrap">
                  <IconLock size={14} aria-hidden color="var(--mantine-color-yellow-9)" />
                  <Text size="xs" fw={700} c="dark.8">
                    {INTERNAL_NOTE_LABEL}
                  </Text>
                </Group>
              )}
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {m.body}
              </Text>
              {files.length > 0 && (
                <Box mt="xs">
                  <AttachmentList orderId={orderId} attachments={files} />
                </Box>
              )}
              <Text size="xs" c="dimmed" mt={4} ta={customer ? 'right' : 'left'}>
                {m.author_name} · {formatDateTime(m.created_at)}
              </Text>
            </Paper>
          </Group>
        );
      })}
    </Stack>
  );
}
