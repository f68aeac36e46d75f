import { Badge, Card, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';

/** Frame of the lounge's hour cards: icon, title, a quiet subtitle and the content. */
export function HoursCard({
  icon,
  color,
  title,
  subtitle,
  badge,
  children,
  testId,
}: {
  icon: ReactNode;
  color: string;
  title: string;
  subtitle?: ReactNode;
  badge?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Card h="100%" data-testid={testId} component="section" aria-label={title}>
      <Group gap="sm" wrap="nowrap" mb="md" align="flex-start">
        <ThemeIcon variant="light" color={color} size={40} radius="xl" style={{ flexShrink: 0 }}>
          {icon}
        </ThemeIcon>
        <Stack gap={2} miw={0}>
          <Group gap="xs" style={{ rowGap: 2 }}>
            <Text component="h2" fw={600} fz="lg" ff="heading" c="navy.9" m={0}>
              {title}
            </Text>
            {badge && (
              <Badge variant="light" color={color} radius="sm" maw="100%">
                {badge}
              </Badge>
            )}
          </Group>
          {subtitle && (
            <Text size="xs" c="dimmed">
              {subtitle}
            </Text>
          )}
        </Stack>
      </Group>
      <Stack gap={0}>{children}</Stack>
    </Card>
  );
}
