import type { HourPackage } from '@butler/contract/hour-packages';
import { Badge, Button, Group, Text } from '@mantine/core';
import { IconExternalLink, IconPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useCan } from '../../../../app/permissions';
import { PageLoader } from '../../../../components/page-loader';
import { Pager } from '../../../../components/pager';
import { type Column, ResponsiveList } from '../../../../components/responsive-list';
import { EmptyState, ErrorState } from '../../../../components/states';
import { PAGE_SIZE } from '../../../../lib/back-office';
import { formatDate, formatHours, formatNumber } from '../../../../lib/format';
import { usePageInRange } from '../../../../lib/use-url-filters';
import { BilledChip } from '../../../quickbill';
import { useHourPackages } from '../../api/hour-packages';
import { type Paging, useListPage } from '../list-paging';
import { NetPrice } from '../net-price';
import { RowActions } from '../row-actions';
import { useHourPackageRows } from '../rows/hour-package-rows';
import { ReferralPurchaseSlot } from './referral-purchase-slot';

export function DiscountText({ pkg }: { pkg: HourPackage }) {
  return (
    <Group gap={6} wrap="nowrap" justify="inherit">
      <span>{formatNumber(pkg.discount_percentage)}&nbsp;%</span>
      {pkg.is_referral_discount && (
        <Badge size="sm" color="grape" variant="light">
          (Empfehlung)
        </Badge>
      )}
    </Group>
  );
}

/** Management panel 3 (SPEC §2): hour packages of all customers (searchable) or of one. */
export function HourPackagesPanel({
  customerId,
  search,
  paging,
}: {
  customerId?: number;
  search?: string;
  paging?: Paging;
}) {
  const navigate = useNavigate();
  const { page, onPageChange: setPage, onPageOutOfRange } = useListPage(paging);
  const query = useHourPackages({ page, pageSize: PAGE_SIZE, customerId, search });
  usePageInRange(page, query.data?.total, PAGE_SIZE, onPageOutOfRange);
  const rows = useHourPackageRows(customerId);

  const can = useCan();
  // Buchhaltung opens the customer's details; who may see the customer dashboard, the view.
  const customerPath = (id: number) =>
    can('customers.dashboard') ? `/admin/customers/${id}/view` : `/admin/customer/${id}/details`;
  const actions = (p: HourPackage) => [
    ...(customerId
      ? []
      : [
          {
            label: `Kunde ${p.customer_name} öffnen`,
            icon: <IconExternalLink size={18} />,
            onClick: () => navigate(customerPath(p.customer_id)),
          },
        ]),
    ...rows.actions(p),
  ];
  const columns: Column<HourPackage>[] = [
    ...(customerId
      ? []
      : [
          {
            key: 'customer',
            label: 'Kunde',
            render: (p: HourPackage) => p.customer_name || 'Unbekannt',
            hideOnCard: true,
          },
        ]),
    { key: 'hours', label: 'Stunden', render: (p) => formatHours(p.hours) },
    { key: 'price', label: 'Preis/Stunde', render: (p) => <NetPrice value={p.price_per_hour} /> },
    { key: 'discount', label: 'Rabatt', render: (p) => <DiscountText pkg={p} /> },
    {
      key: 'total',
      label: 'Gesamtpreis',
      render: (p) => <NetPrice value={p.total_price} />,
    },
    { key: 'date', label: 'Kaufdatum', render: (p) => formatDate(p.purchase_date) },
    {
      key: 'invoice',
      label: 'Rechnung',
      render: (p) =>
        p.invoice ? <BilledChip invoiceId={p.invoice.id} invoiceNumber={p.invoice.invoice_number} /> : '–',
    },
    {
      key: 'actions',
      label: 'Aktionen',
      align: 'right',
      hideOnCard: true,
      render: (p) => <RowActions actions={actions(p)} />,
    },
  ];

  return (
    <>
      <Group justify="space-between" mb="md">
        <Text fw={600} size="lg">
          Stundenpakete
        </Text>
        {rows.mayCreate && (
          <Group gap="xs">
            <ReferralPurchaseSlot customerId={customerId} />
            <Button color="orange" leftSection={<IconPlus size={16} />} onClick={() => rows.create()}>
              Verkaufen
            </Button>
          </Group>
        )}
      </Group>
      {query.isPending ? (
        <PageLoader text="Lade Stundenpakete..." />
      ) : query.isError ? (
        <ErrorState text="Fehler beim Laden der Daten" onRetry={() => void query.refetch()} />
      ) : query.data.items.length === 0 ? (
        <EmptyState text={search ? `Keine Stundenpakete gefunden für "${search}"` : 'Keine Stundenpakete vorhanden'} />
      ) : (
        <>
          <ResponsiveList
            rows={query.data.items}
            columns={columns}
            rowKey={(p) => p.id}
            cardTitle={(p) => (customerId ? `Stundenpaket vom ${formatDate(p.purchase_date)}` : p.customer_name)}
            cardActions={(p) => <RowActions actions={actions(p)} />}
            caption="Stundenpakete"
          />
          <Pager page={page} total={query.data.total} pageSize={PAGE_SIZE} onChange={setPage} />
        </>
      )}
      {rows.dialogs}
    </>
  );
}
