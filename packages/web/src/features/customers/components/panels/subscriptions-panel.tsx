import { BILLING_INTERVAL_LABELS, type Subscription } from '@butler/contract/subscriptions';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconExternalLink, IconPlus } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useCan } from '../../../../app/permissions';
import { PageLoader } from '../../../../components/page-loader';
import { Pager } from '../../../../components/pager';
import { type Column, ResponsiveList } from '../../../../components/responsive-list';
import { EmptyState, ErrorState } from '../../../../components/states';
import { PAGE_SIZE } from '../../../../lib/back-office';
import { formatDate, formatEuro, formatHours, todayInVienna } from '../../../../lib/format';
import { usePageInRange } from '../../../../lib/use-url-filters';
import { useSubscriptions } from '../../api/subscriptions';
import { type Paging, useListPage } from '../list-paging';
import { RowActions } from '../row-actions';
import { useSubscriptionRows } from '../rows/subscription-rows';
import { StatusBadge } from '../status-badge';
import { templateName } from './subscription-math';

/** Management panel 4 (SPEC §2): ButlerPakete of all customers (searchable) or of one. */
export function SubscriptionsPanel({
  customerId,
  search,
  paging,
  renewId,
  onRenewHandled,
}: {
  customerId?: number;
  search?: string;
  paging?: Paging;
  /** Open "Verlängern" of this ButlerPaket once the list has it (link from the staff mail). */
  renewId?: number;
  onRenewHandled?: () => void;
}) {
  const navigate = useNavigate();
  const { page, onPageChange: setPage, onPageOutOfRange } = useListPage(paging);
  const query = useSubscriptions({ page, pageSize: PAGE_SIZE, customerId, search });
  usePageInRange(page, query.data?.total, PAGE_SIZE, onPageOutOfRange);
  const rows = useSubscriptionRows(customerId);
  const linked = renewId ? query.data?.items.find((s) => s.id === renewId) : undefined;
  const { renew } = rows;
  useEffect(() => {
    if (!linked) return;
    renew(linked);
    onRenewHandled?.();
  }, [linked, onRenewHandled, renew]);

  const can = useCan();
  const seesDashboard = can('customers.dashboard');
  const actions = (s: Subscription) => [
    ...(customerId
      ? []
      : [
          {
            label: `Kunde ${s.customer_name} öffnen`,
            icon: <IconExternalLink size={18} />,
            onClick: () =>
              navigate(
                seesDashboard ? `/admin/customers/${s.customer_id}/view` : `/admin/customer/${s.customer_id}/details`,
              ),
          },
        ]),
    ...rows.actions(s),
  ];
  const columns: Column<Subscription>[] = [
    ...(customerId
      ? []
      : [
          {
            key: 'customer',
            label: 'Kunde',
            render: (s: Subscription) => s.customer_name || 'Unbekannt',
            hideOnCard: true,
          },
        ]),
    {
      key: 'term',
      label: 'Laufzeit',
      render: (s) => (
        <Stack gap={0} align="inherit">
          <Text size="sm" fw={600}>
            {templateName(s)}
          </Text>
          <Text size="xs" c="dimmed">
            {s.duration_months} Monate · {BILLING_INTERVAL_LABELS[s.billing_interval]}
            {s.auto_renew ? ' · verlängert sich automatisch' : ''}
          </Text>
        </Stack>
      ),
    },
    { key: 'hours', label: 'Monatliche Stunden', render: (s) => formatHours(s.monthly_hours) },
    { key: 'start', label: 'Startdatum', render: (s) => formatDate(s.start_date) },
    { key: 'end', label: 'Enddatum', render: (s) => formatDate(s.end_date) },
    { key: 'price', label: 'Preis/Monat', render: (s) => formatEuro(s.monthly_price) },
    {
      key: 'status',
      label: 'Status',
      // SPEC §4: Aktiv/Abgelaufen; a ButlerPaket that has not begun says when it does, so it does
      // not read like the one running now (e.g. after an accepted "Paket ändern").
      render: (s) => (
        <Stack gap={2} align="flex-start">
          <StatusBadge active={s.status === 'active'} inactiveLabel="Abgelaufen" />
          {s.status === 'active' && s.start_date > todayInVienna() && (
            <Text size="xs" c="dimmed" data-testid="subscription-starts">
              beginnt am {formatDate(s.start_date)}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'actions',
      label: 'Aktionen',
      align: 'right',
      hideOnCard: true,
      render: (s) => <RowActions actions={actions(s)} />,
    },
  ];

  let body: React.ReactNode;
  if (query.isPending) body = <PageLoader text="Lade ButlerPakete..." />;
  else if (query.isError) body = <ErrorState text="Fehler beim Laden der Daten" onRetry={() => void query.refetch()} />;
  else if (query.data.items.length === 0)
    body = (
      <EmptyState
        text={
          customerId
            ? 'Dieser Kunde hat noch kein ButlerPaket.'
            : search
              ? `Keine ButlerPakete gefunden für "${search}"`
              : 'Noch keine ButlerPakete erstellt.'
        }
      />
    );
  else
    body = (
      <>
        <ResponsiveList
          rows={query.data.items}
          columns={columns}
          rowKey={(s) => s.id}
          cardTitle={(s) => (customerId ? templateName(s) : s.customer_name)}
          cardActions={(s) => <RowActions actions={actions(s)} />}
          caption="ButlerPakete"
        />
        <Pager page={page} total={query.data.total} pageSize={PAGE_SIZE} onChange={setPage} />
      </>
    );

  return (
    <>
      <Group justify="space-between" mb="md">
        <Text fw={600} size="lg">
          ButlerPakete
        </Text>
        {rows.mayCreate && (
          <Button color="blue" leftSection={<IconPlus size={16} />} onClick={() => rows.create()}>
            Neues ButlerPaket
          </Button>
        )}
      </Group>
      {body}
      {rows.dialogs}
    </>
  );
}
