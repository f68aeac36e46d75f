import type { HourPackage } from '@butler/contract/hour-packages';
import { Badge, Button, Card, Group, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { type Column, ResponsiveList } from '../../../../components/responsive-list';
import { EmptyState, ErrorState } from '../../../../components/states';
import { ALL_PAGE_SIZE } from '../../../../lib/back-office';
import { formatDate, formatHours, formatNumber } from '../../../../lib/format';
import { BilledChip } from '../../../quickbill';
import { useHourPackages } from '../../api/hour-packages';
import { NetPrice } from '../net-price';
import { RowActions } from '../row-actions';
import { useHourPackageRows } from '../rows/hour-package-rows';

/** Stundenpakete table of the admin customer view. */
export function ViewHourPackages({ customerId }: { customerId: number }) {
  const query = useHourPackages({ customerId, pageSize: ALL_PAGE_SIZE });
  const rows = useHourPackageRows(customerId);

  const columns: Column<HourPackage>[] = [
    {
      key: 'hours',
      label: 'Stunden',
      render: (p) => (
        <Text size="sm" fw={600}>
          {formatHours(p.hours)}
        </Text>
      ),
    },
    { key: 'price', label: 'Preis/h', render: (p) => <NetPrice value={p.price_per_hour} /> },
    { key: 'discount', label: 'Rabatt', render: (p) => `${formatNumber(p.discount_percentage)}\u00a0%` },
    { key: 'total', label: 'Gesamtpreis', render: (p) => <NetPrice value={p.total_price} testId="package-total" /> },
    { key: 'date', label: 'Gekauft am', render: (p) => formatDate(p.purchase_date) },
    {
      key: 'invoice',
      label: 'Rechnung',
      render: (p) =>
        p.invoice ? (
          <BilledChip invoiceId={p.invoice.id} invoiceNumber={p.invoice.invoice_number} />
        ) : (
          'nicht verrechnet'
        ),
    },
    {
      key: 'status',
      label: 'Status',
      render: (p) =>
        p.is_referral_discount ? (
          <Badge color="grape" variant="light">
            Empfehlung
          </Badge>
        ) : (
          <Badge color="gray" variant="light">
            Normal
          </Badge>
        ),
    },
    {
      key: 'actions',
      label: 'Aktionen',
      align: 'right',
      hideOnCard: true,
      render: (p) => <RowActions actions={rows.actions(p)} />,
    },
  ];

  return (
    <Card p={{ base: 'sm', sm: 'lg' }}>
      <Group justify="space-between" mb="md">
        <Title order={2} size="h4">
          Stundenpakete
        </Title>
        {rows.mayCreate && (
          <Button
            size="xs"
            variant="light"
            color="orange"
            leftSection={<IconPlus size={14} />}
            onClick={() => rows.create()}
          >
            Stundenpaket hinzufügen
          </Button>
        )}
      </Group>
      {query.isError ? (
        <ErrorState text="Fehler beim Laden der Daten" onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <Text c="dimmed">Lade Stundenpakete...</Text>
      ) : query.data.items.length === 0 ? (
        <EmptyState text="Keine Stundenpakete gekauft" />
      ) : (
        <ResponsiveList
          rows={query.data.items}
          columns={columns}
          rowKey={(p) => p.id}
          cardTitle={(p) => `Gekauft am ${formatDate(p.purchase_date)}`}
          cardActions={(p) => <RowActions actions={rows.actions(p)} />}
          caption="Stundenpakete"
        />
      )}
      {rows.dialogs}
    </Card>
  );
}
