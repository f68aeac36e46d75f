import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useLoungeTexts } from '../../app/lounge-voice';

/** The address the customer logs in with and receives mail at (changed by the team on request). */
export function EmailSection({ email }: { email: string }) {
  const t = useLoungeTexts();
  return (
    <Card withBorder radius="md" padding="lg" data-testid="email-section" style={{ alignSelf: 'start' }}>
      <Stack gap="xs">
        <Group gap="xs">
          <IconMail size={20} aria-hidden />
          <Title order={2} size="h4">
            E-Mail-Adresse
          </Title>
        </Group>
        <Text fw={600} style={{ wordBreak: 'break-all' }}>
          {email}
        </Text>
        <Text size="sm" c="dimmed">
          {t.emailHint}
        </Text>
      </Stack>
    </Card>
  );
}
