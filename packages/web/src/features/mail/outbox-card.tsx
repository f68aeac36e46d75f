import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { NoMailServerAlert } from '../../components/no-mail-server-alert';
import { mailStaysHere, useMailSetup } from '../../lib/mail-setup';
import { useOutboxSummary } from './api/outbox';

/** Einstellungen card: the Postausgang's counts and the way to it. */
export function OutboxCard() {
  const navigate = useNavigate();
  const { data } = useOutboxSummary();
  const filedOnly = mailStaysHere(useMailSetup().data);
  return (
    <Card p={{ base: 'sm', sm: 'lg' }}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4}>
          <Title order={2} size="h3">
            Postausgang
          </Title>
          <Text c="dimmed" size="sm">
            Alle E-Mails des Portals (Rechnungen, Mahnungen, Hinweise) mit ihrem Versandstatus.
          </Text>
          {data && (
            <Group gap="xs" mt={4}>
              <Badge color={filedOnly ? 'orange' : 'green'} variant="light">
                {data.sent} {filedOnly ? 'abgelegt' : 'gesendet'}
              </Badge>
              <Badge color="gray" variant="light">
                {data.queued + data.retrying} wartend
              </Badge>
              <Badge color="red" variant={data.failed > 0 ? 'filled' : 'light'}>
                {data.failed} fehlgeschlagen
              </Badge>
            </Group>
          )}
        </Stack>
        <Button leftSection={<IconMail size={16} />} onClick={() => navigate('/admin/outbox')}>
          Postausgang öffnen
        </Button>
      </Group>
      <NoMailServerAlert compact mt="md" />
    </Card>
  );
}
