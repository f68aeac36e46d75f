import type { OrderSummary } from '@butler/contract/orders';
import { Anchor, Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useLoungeTexts } from '../../../app/lounge-voice';
import { useSession } from '../../../app/session-context';
import { PageLoader } from '../../../components/page-loader';
import { Pager } from '../../../components/pager';
import { type Column, ResponsiveList } from '../../../components/responsive-list';
import { EmptyState, ErrorState } from '../../../components/states';
import { formatDate, formatHours } from '../../../lib/format';
import { customerOrdersQuery } from '../api/orders';
import { OrderBadges } from '../components/order-state-badge';

const PAGE_SIZE = 20;

/** /customer/auftraege: every Auftrag of the signed-in customer, newest first (decision 0810). */
export function LoungeOrdersPage() {
  const { user, customerVoice } = useSession();
  const t = useLoungeTexts();
  const customerId = user?.id ?? 0;
  const [page, setPage] = useState(1);
  const query = useQuery({
    ...customerOrdersQuery(customerId, { page, pageSize: PAGE_SIZE }),
    enabled: customerId > 0,
  });
  const columns: Column<OrderSummary>[] = [
    { key: 'number', label: 'Nummer', render: (o) => o.number },
    {
      key: 'title',
      label: 'Auftrag',
      hideOnCard: true,
      render: (o) => (
        <Anchor component={Link} to={`/customer/auftraege/${o.id}`} fw={600}>
          {o.title}
        </Anchor>
      ),
    },
    {
      key: 'state',
      label: 'Status',
      render: (o) => (
        <OrderBadges
          state={o.state}
          urgent={o.urgent}
          voice={customerVoice}
          approvalPending={o.approval_state === 'requested'}
        />
      ),
    },
    {
      key: 'estimate',
      label: 'Schätzung',
      align: 'right',
      render: (o) => (o.estimate_hours === null ? '–' : formatHours(o.estimate_hours)),
    },
    { key: 'booked', label: 'Gebucht', align: 'right', render: (o) => formatHours(o.booked_hours) },
    { key: 'date', label: 'Datum', render: (o) => formatDate(o.created_at) },
  ];
  return (
    <Container size="md" px={0}>
      <Stack gap="lg">
        <Anchor component={Link} to="/customer/dashboard" size="sm">
          <IconArrowLeft size={14} style={{ verticalAlign: 'middle' }} /> Zurück zur Übersicht
        </Anchor>
        <Group justify="space-between" align="flex-end" gap="sm">
          <div>
            <Title order={1} size="h2">
              Meine Aufträge
            </Title>
            <Text c="dimmed">{t.ordersIntro}</Text>
          </div>
          <Button component={Link} to="/customer/auftraege/neu" leftSection={<IconPlus size={16} aria-hidden />}>
            Neuer Auftrag
          </Button>
        </Group>
        <Card>
          {query.isPending ? (
            <PageLoader text="Lade Aufträge..." />
          ) : query.isError ? (
            <ErrorState text="Fehler beim Laden der Daten" onRetry={() => query.refetch()} />
          ) : query.data.items.length === 0 ? (
            <EmptyState
              text="Noch keine Aufträge."
              action={
                <Button component={Link} to="/customer/auftraege/neu" variant="light">
                  Neuer Auftrag
                </Button>
              }
            />
          ) : (
            <>
              <ResponsiveList
                rows={query.data.items}
                columns={columns}
                rowKey={(o) => o.id}
                caption="Meine Aufträge"
                cardTitle={(o) => o.title}
                cardHref={(o) => `/customer/auftraege/${o.id}`}
              />
              <Pager page={page} total={query.data.total} pageSize={PAGE_SIZE} onChange={setPage} />
            </>
          )}
        </Card>
      </Stack>
    </Container>
  );
}
