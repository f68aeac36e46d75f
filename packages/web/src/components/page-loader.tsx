import { Center, Loader, Stack, Text } from '@mantine/core';

/** Loading state with the screen's German text (never a blank page). */
export function PageLoader({ text = 'Lade Daten...' }: { text?: string }) {
  return (
    <Center mih={240} role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader color="navy" />
        <Text c="dimmed">{text}</Text>
      </Stack>
    </Center>
  );
}
