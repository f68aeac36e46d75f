import type { BillableCustomer } from '@butler/contract/quickbill';
import { Alert, Badge, Button, Card, Collapse, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconChevronDown, IconChevronUp, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { PageLoader } from '../../components/page-loader';
import { EmptyState, ErrorState } from '../../components/states';
import { formatDate, formatHours } from '../../lib/format';
import { urlParam } from '../../lib/url-filters';
import { useUrlFilters } from '../../lib/use-url-filters';
import { useBillableCustomers, useBillableEntries, useToBill } from './api/catalog';
import { BillableGroup } from './components/billable-group';
import { ToBillCard } from './components/to-bill-card';

/** In the address (decision 0660): `?ansicht=alle` shows every waiting entry. */
const FILTERS = { ansicht: urlParam.choice(['zu-verrechnen', 'alle'] as const, 'zu-verrechnen') };

/**
 * /admin/quickbill/timetracking — first what is really to bill (decision 0773): packages sold
 * without an invoice, a Stundenpakete Minus, ButlerPaket hours beyond this month's allotment;
 * hours a package pays are not listed. "Alle offenen Zeiteinträge" keeps the sums of every
 * billable, uninvoiced entry by customer, chosen one by one, nothing preselected (decision 0289).
 */
export function TimetrackingPage() {
  const { values, set } = useUrlFilters(FILTERS);
  const all = values.ansicht === 'alle';
  return (
    <Stack gap="md">
      <PageHeader
        title="Zeiterfassung verrechnen"
        subtitle={all ? 'Verrechenbare Zeiteinträge, die noch auf keiner Rechnung stehen' : 'Was kein Paket bezahlt'}
        actions={
          <Button component={Link} to="/admin/quickbill" variant="default" leftSection={<IconArrowLeft size={18} />}>
            Quickbill
          </Button>
        }
      />
      <SegmentedControl
        value={values.ansicht}
        onChange={(v) => set({ ansicht: v as typeof values.ansicht })}
        data={[
          { value: 'zu-verrechnen', label: 'Zu verrechnen' },
          { value: 'alle', label: 'Alle offenen Zeiteinträge' },
        ]}
        aria-label="Ansicht"
        style={{ alignSelf: 'flex-start' }}
      />
      {all ? <AllEntries /> : <ToBill />}
    </Stack>
  );
}

function ToBill() {
  const list = useToBill();
  if (list.isPending) return <PageLoader text="Lade, was zu verrechnen ist..." />;
  if (list.isError) return <ErrorState text="Fehler beim Laden der Daten" onRetry={() => void list.refetch()} />;
  return (
    <>
      <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
        Stunden innerhalb eines ButlerPakets oder Stundenpakets sind mit dem Paket bezahlt und stehen hier nicht. Hier
        steht, was noch offen ist: verkaufte Stundenpakete ohne Rechnung, mehr gebuchte als gekaufte Paketstunden und
        Stunden über das ButlerPaket dieses Monats hinaus.
      </Alert>
      {list.data.length === 0 ? (
        <Card>
          <EmptyState text="Nichts zu verrechnen: alle gebuchten Stunden sind durch Pakete gedeckt." />
        </Card>
      ) : (
        list.data.map((c) => <ToBillCard key={c.customer_id} customer={c} />)
      )}
    </>
  );
}

function AllEntries() {
  const customers = useBillableCustomers();
  return (
    <>
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
    </>
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
