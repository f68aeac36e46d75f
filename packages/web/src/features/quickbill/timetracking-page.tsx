import type { BillableCustomer } from '@butler/contract/quickbill';
import { Alert, Badge, Button, Card, Collapse, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconChevronDown, IconChevronUp, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { PageLoader } from '../../components/page-loader';
import { EmptyState, ErrorState } from '../../components/states';
import { formatDate, formatHours } from '../../lib/format';
import { useBillableCustomers, useBillableEntries } from './api/catalog';
import { BillableGroup } from './components/billable-group';

/**
 * /admin/quickbill/timetracking — who has billable, not yet invoiced time (sums from the
 * server); a customer's entries load when opened, are chosen one by one and become a
 * draft invoice. Nothing is preselected: entries deducted from a ButlerPaket or
 * Stundenpaket are usually paid with it already (decision 0289).
 */
export function TimetrackingPage() {
  const customers = useBillableCustomers();
  return (
    <Stack gap="md">
      <PageHeader
        title="Zeiterfassung verrechnen"
        subtitle="Verrechenbare Zeiteinträge, die noch auf keiner Rechnung stehen"
        actions={
          <Button component={Link} to="/admin/quickbill" variant="default" leftSection={<IconArrowLeft size={18} />}>
            Quickbill
          </Button>
        }
      />
      <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
        Zeiteinträge, die von einem ButlerPaket oder Stundenpaket abgebucht werden, sind mit dem Paket meist schon
        bezahlt. Wählen Sie nur die Einträge aus, die zusätzlich verrechnet werden.
      </Alert>
      {customers.isPending ? (
        <PageLoader text="Lade Zeiteinträge..." />
      ) : customers.isError ? (
        <ErrorState text="Fehler beim Laden der Daten" onRetry={() => void customers.refetch()} />
      ) : customers.data.length === 0 ? (
        <Card>
          <EmptyState text="Keine verrechenbaren Zeiteinträge offen." />
        </Card>
      ) : (
        customers.data.map((customer) => <CustomerCard key={customer.customer_id} customer={customer} />)
      )}
    </Stack>
  );
}

function CustomerCard({ customer }: { customer: BillableCustomer }) {
  const [opened, setOpened] = useState(false);
  const entries = useBillableEntries(customer.customer_id, opened);
  const panelId = `billable-entries-${customer.customer_id}`;
  const range =
    customer.first_work_date === customer.last_work_date
      ? formatDate(customer.first_work_date)
      : `${formatDate(customer.first_work_date)} – ${formatDate(customer.last_work_date)}`;
  return (
    <Card data-testid={`billable-${customer.customer_id}`}>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Stack gap={2} miw={0}>
          <Group gap="xs">
            <Title order={2} size="h4">
              {customer.customer_name}
            </Title>
            <Badge variant="light" color="navy">
              {customer.entry_count === 1 ? '1 Eintrag' : `${customer.entry_count} Einträge`}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {formatHours(customer.total_hours)} · {range}
          </Text>
        </Stack>
        <Button
          variant="light"
          onClick={() => setOpened((o) => !o)}
          aria-expanded={opened}
          aria-controls={panelId}
          rightSection={opened ? <IconChevronUp size={16} /> : <IconChevronDown size={16} />}
        >
          {opened ? 'Einträge ausblenden' : 'Einträge auswählen'}
        </Button>
      </Group>
      <Collapse expanded={opened} id={panelId}>
        <div style={{ paddingTop: 'var(--mantine-spacing-md)' }}>
          {entries.isPending ? (
            <PageLoader text="Lade Zeiteinträge..." />
          ) : entries.isError ? (
            <ErrorState text="Fehler beim Laden der Daten" onRetry={() => void entries.refetch()} />
          ) : (
            <BillableGroup customerId={customer.customer_id} entries={entries.data} />
          )}
        </div>
      </Collapse>
    </Card>
  );
}
