import { Button, Card, Group, SegmentedControl, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useCan } from '../../../app/permissions';
import { PageLoader } from '../../../components/page-loader';
import { Pager } from '../../../components/pager';
import { ResponsiveList } from '../../../components/responsive-list';
import { EmptyState, ErrorState } from '../../../components/states';
import { usePhone } from '../../../lib/use-phone';
import { customerOrdersQuery } from '../api/orders';
import { orderColumns } from './order-columns';
import { StaffNewOrderDialog } from './staff-new-order-dialog';

const PAGE_SIZE = 20;

/** The customer page's "Aufträge" tab (decision 0810): the customer's Aufträge, open first by default. */
export function CustomerOrdersTab({ customerId }: { customerId: number }) {
  const can = useCan();
  const phone = usePhone();
  const [page, setPage] = useState(1);
  const [state, setState] = useState<'open' | 'all'>('open');
  const [creating, setCreating] = useState(false);
  const list = useQuery(
    customerOrdersQuery(customerId, { page, pageSize: PAGE_SIZE, state: state === 'open' ? 'open' : undefined }),
  );
  return (
    <Card data-testid="customer-orders">
      <Group justify="space-between" mb="md" gap="sm">
        <Title order={2} size="h4">
          Aufträge
        </Title>
        <Group gap="sm">
          <SegmentedControl
            size="xs"
            aria-label="Aufträge filtern"
            data={[
              { value: 'open', label: 'Offen' },
              { value: 'all', label: 'Alle' },
            ]}
            value={state}
            onChange={(v) => {
              setState(v as 'open' | 'all');
              setPage(1);
            }}
          />
          {can('orders.write') && (
            <Button size="xs" leftSection={<IconPlus size={14} aria-hidden />} onClick={() => setCreating(true)}>
              Neuer Auftrag
            </Button>
          )}
        </Group>
      </Group>
      {list.isPending ? (
        <PageLoader text="Lade Aufträge..." />
      ) : list.isError ? (
        <ErrorState text="Fehler beim Laden der Aufträge" onRetry={() => list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <EmptyState text={state === 'open' ? 'Keine offenen Aufträge.' : 'Noch keine Aufträge.'} />
      ) : (
        <>
          <ResponsiveList
            rows={list.data.items}
            columns={orderColumns({ phone, withCustomer: false })}
            rowKey={(o) => o.id}
            caption="Aufträge des Kunden"
            cardTitle={(o) => o.title}
            cardHref={(o) => `/admin/auftraege/${o.id}`}
          />
          <Pager page={page} total={list.data.total} pageSize={PAGE_SIZE} onChange={setPage} />
        </>
      )}
      {can('orders.write') && (
        <StaffNewOrderDialog opened={creating} onClose={() => setCreating(false)} customerId={customerId} />
      )}
    </Card>
  );
}
