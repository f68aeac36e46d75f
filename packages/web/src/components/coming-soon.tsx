import { Card, Stack, Text, Title } from '@mantine/core';
import { IconHourglassHigh } from '@tabler/icons-react';

/** Marks a route whose screen is delivered by a later issue (allowed only inside that route). */
export function ComingSoon({ title, issue }: { title: string; issue: number }) {
  return (
    <Card>
      <Stack align="center" gap="xs" py="xl">
        <IconHourglassHigh size={40} color="var(--mantine-color-gray-5)" aria-hidden />
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text c="dimmed">Dieser Bereich kommt mit Issue {issue}.</Text>
      </Stack>
    </Card>
  );
}
