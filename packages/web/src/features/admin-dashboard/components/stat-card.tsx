import { Card, Flex, Stack, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * Card frame of the overview: icon, label, content. `compact` cards sit two side by side
 * even on a phone, so there the label goes under the icon to keep its full width
 * ("AKTIVE BUTLERPAKETE" was cut at 390 px, decision 0421).
 */
export function StatCard({
  icon,
  color = 'navy',
  label,
  children,
  testId,
  compact = false,
}: {
  icon: ReactNode;
  color?: string;
  label: string;
  children: ReactNode;
  testId?: string;
  compact?: boolean;
}) {
  return (
    <Card h="100%" data-testid={testId} component="section" aria-label={label}>
      <Flex
        gap="sm"
        direction={compact ? { base: 'column', xs: 'row' } : 'row'}
        align={compact ? { base: 'flex-start', xs: 'center' } : 'center'}
        wrap="nowrap"
        mb="sm"
      >
        <ThemeIcon variant="light" color={color} size={36} radius="xl" style={{ flexShrink: 0 }}>
          {icon}
        </ThemeIcon>
        <Text component="h2" size="sm" fw={600} c="dimmed" tt="uppercase" m={0} style={{ letterSpacing: '0.04em' }}>
          {label}
        </Text>
      </Flex>
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
