import { Card, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';

/** Card frame of the overview: icon, label, content. */
export function StatCard({
  icon,
  color = 'navy',
  label,
  children,
  testId,
}: {
  icon: ReactNode;
  color?: string;
  label: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Card h="100%" data-testid={testId} component="section" aria-label={label}>
      <Group gap="sm" wrap="nowrap" mb="sm">
        <ThemeIcon variant="light" color={color} size={36} radius="xl">
          {icon}
        </ThemeIcon>
        <Text component="h2" size="sm" fw={600} c="dimmed" tt="uppercase" m={0} style={{ letterSpacing: '0.04em' }}>
          {label}
        </Text>
      </Group>
      <Stack gap="xs">{children}</Stack>
    </Card>
  );
}

/** The big figure of a card (hours with two decimals or a count). */
export function Figure({
  children,
  testId,
  color = 'navy.9',
}: {
  children: ReactNode;
  testId?: string;
  color?: string;
}) {
  return (
    <Text fz={32} fw={700} lh={1.1} c={color} data-testid={testId} style={{ whiteSpace: 'nowrap' }}>
      {children}
    </Text>
  );
}
