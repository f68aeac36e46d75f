import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconChecklist, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useLoungeTexts } from '../../../app/lounge-voice';
import { useSession } from '../../../app/session-context';
import { PageLoader } from '../../../components/page-loader';
import { ErrorState } from '../../../components/states';
import { formatDate } from '../../../lib/format';
import { OrderBadges } from '../components/order-state-badge';
import { LOUNGE_CARD_ORDERS, loungeOrdersQuery } from './lounge-orders-query';

/**
 * "Meine Aufträge" on the lounge's start page (decision 0810): the open ones (at most three),
 * "Neuer Auftrag" and "Alle Aufträge". Its own script below the first screen, loaded after
 * the first paint (the lounge's first-load budget). A staff member viewing the lounge reads it
 * without the customer's buttons.
 */
export function LoungeOrdersCard({ customerId, adminView = false }: { customerId: number; adminView?: boolean }) {
  const t = useLoungeTexts();
  const voice = useSession().customerVoice;
  const query = useQuery(loungeOrdersQuery(customerId));
  const allHref = adminView ? `/admin/auftraege?kunde=${customerId}` : '/customer/auftraege';
  return (
    <Card component="section" aria-labelledby="lounge-orders-title" data-testid="lounge-orders-card">
      <Group justify="space-between" mb="sm" gap="xs">
        <Group gap="sm" wrap="nowrap">
          <IconChecklist size={22} color="var(--mantine-color-navy-7)" aria-hidden />
          <Title order={2} size="h4" id="lounge-orders-title" style={{ whiteSpace: 'nowrap' }}>
            Meine Aufträge
          </Title>
        </Group>
        {!adminView && (
          <Button
            component={Link}
            to="/customer/auftraege/neu"
            size="xs"
            leftSection={<IconPlus size={14} aria-hidden />}
          >
            Neuer Auftrag
          </Button>
        )}
      </Group>
      {query.isPending ? (
        <PageLoader text="Lade Aufträge..." />
      ) : query.isError ? (
        <ErrorState text="Fehler beim Laden der Daten" onRetry={() => query.refetch()} />
      ) : query.data.items.length === 0 ? (
        <Text c="dimmed" size="sm" py="xs">
          {adminView ? 'Keine offenen Aufträge.' : `${t.ordersEmpty} ${t.ordersIntro}`}
        </Text>
      ) : (
        <Stack gap={0}>
          {query.data.items.map((order) => (
            <Anchor
              key={order.id}
              component={Link}
              to={adminView ? `/admin/auftraege/${order.id}` : `/customer/auftraege/${order.id}`}
              underline="never"
              c="inherit"
              py="xs"
              style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
              data-testid="lounge-order"
            >
              <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {order.title}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {order.number} · {formatDate(order.created_at)}
                  </Text>
                </Stack>
                <OrderBadges
                  state={order.state}
                  urgent={false}
                  voice={voice}
                  approvalPending={order.approval_state === 'requested'}
                />
              </Group>
            </Anchor>
          ))}
        </Stack>
      )}
      <Group justify="flex-end" mt="sm">
        <Anchor component={Link} to={allHref} size="sm">
          Alle Aufträge{query.data && query.data.total > LOUNGE_CARD_ORDERS ? ` (${query.data.total} offen)` : ''}
        </Anchor>
      </Group>
    </Card>
  );
}
