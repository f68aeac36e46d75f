import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconUser } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/states';
import { ApiError } from '../../../lib/api-client';
import { useWikiCustomer } from '../api/wiki';

/** Header of the chosen customer's wiki, with the way back to all customers. */
export function ChosenCustomer({ customerId, onBack }: { customerId: number; onBack: () => void }) {
  const customer = useWikiCustomer(customerId);
  if (customer.isError) {
    const missing = customer.error instanceof ApiError && customer.error.status === 404;
    return (
      <ErrorState text={missing ? 'Kunde nicht gefunden' : 'Fehler beim Laden der Kundendaten'} onRetry={onBack} />
    );
  }
  return (
    <Card padding="md">
      <Group justify="space-between" gap="sm">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <IconUser size={28} aria-hidden color="var(--mantine-color-navy-7)" style={{ flexShrink: 0 }} />
          <Stack gap={0} miw={0}>
            <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }} data-testid="wiki-customer-name">
              {customer.data?.name ?? '...'}
            </Title>
            <Text size="sm" c="dimmed">
              {customer.data?.company ? `${customer.data.company} · ` : ''}
              <Anchor component={Link} to={`/admin/customer/${customerId}/details`} size="sm">
                Kundendetails
              </Anchor>
            </Text>
          </Stack>
        </Group>
        <Button variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={onBack}>
          Anderer Kunde
        </Button>
      </Group>
    </Card>
  );
}
