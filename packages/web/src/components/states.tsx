import { Alert, Button, Center, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconInbox } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** Empty state: SPEC's empty text with a quiet icon and optionally the action that fills it. */
export function EmptyState({ text, action, icon }: { text: string; action?: ReactNode; icon?: ReactNode }) {
  return (
    <Center py="xl" px="md">
      <Stack align="center" gap="sm" maw={420} ta="center">
        {icon ?? <IconInbox size={36} color="var(--mantine-color-gray-5)" aria-hidden />}
        <Text c="dimmed">{text}</Text>
        {action}
      </Stack>
    </Center>
  );
}

/** Error state: SPEC's error text with a way to retry. */
export function ErrorState({ text, onRetry }: { text: string; onRetry?: () => void }) {
  return (
    <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert" my="md">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{text}</Text>
        {onRetry && (
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            Erneut versuchen
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
