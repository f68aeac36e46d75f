import type { ExpiringSubscription } from '@butler/contract/admin-dashboard';
import { Button, Card, Group, Text } from '@mantine/core';
import { IconCalendarDue } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { type Column, ResponsiveList } from '../../../components/responsive-list';
import { EmptyState } from '../../../components/states';
import { formatDate } from '../../../lib/format';

/** 'Ablaufende BUTLER-Pakete': subscriptions ending this or next month; cards on phones. */
export function ExpiringList({ rows }: { rows: ExpiringSubscription[] }) {
  const navigate = useNavigate();
  const open = (row: ExpiringSubscription) => navigate(`/admin/customers/${row.customer_id}/view`);
  const columns: Column<ExpiringSubscription>[] = [
    { key: 'customer', label: 'Kunde', render: (row) => row.customer_name, hideOnCard: true },
    { key: 'package', label: 'Paket', render: (row) => row.template_name || 'Individuell' },
    { key: 'end', label: 'Enddatum', render: (row) => formatDate(row.end_date) },
    {
      key: 'action',
      label: 'Aktion',
      align: 'right',
      hideOnCard: true,
      render: (row) => (
        <Button size="xs" variant="light" onClick={() => open(row)}>
          Kunde anzeigen
        </Button>
      ),
    },
  ];
  return (
    <Card component="section" aria-label="Ablaufende BUTLER-Pakete">
      <Group gap="sm" mb="md" wrap="nowrap">
        <IconCalendarDue size={22} color="var(--mantine-color-orange-6)" aria-hidden />
        <Text component="h2" fw={600} ff="heading" fz="lg" c="navy.9" m={0}>
          Ablaufende BUTLER-Pakete (aktueller & nächster Monat)
        </Text>
      </Group>
      {rows.length === 0 ? (
        <EmptyState text="Keine BUTLER-Pakete laufen in den nächsten zwei Monaten ab." />
      ) : (
        <ResponsiveList
          rows={rows}
          columns={columns}
          rowKey={(row) => row.id}
          cardTitle={(row) => row.customer_name}
          onCardClick={open}
          caption="Ablaufende BUTLER-Pakete"
        />
      )}
    </Card>
  );
}
