import type { InvoiceListItem } from '@butler/contract/quickbill';
import { Button, Card, Group, SimpleGrid, Stack, Title } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import {
  IconBuildingBank,
  IconCalendarDue,
  IconCalendarRepeat,
  IconClock,
  IconEye,
  IconFileDollar,
  IconFileZip,
  IconList,
  IconPackage,
  IconPencil,
  IconPlus,
  IconReportMoney,
  IconSend,
  IconSettings,
} from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useCan } from '../../app/permissions';
import { PageHeader } from '../../components/page-header';
import { PageLoader } from '../../components/page-loader';
import { type Column, ResponsiveList } from '../../components/responsive-list';
import { SmallBusinessAlert } from '../../components/small-business-alert';
import { EmptyState, ErrorState } from '../../components/states';
import { formatDate, formatEuro } from '../../lib/format';
import { useInvoiceDashboard, useLatestInvoices } from './api/invoices';
import { InvoiceNumber, invoiceLabel } from './components/invoice-number';
import { InvoiceStatusBadge } from './components/invoice-status-badge';
import { MonthlyRunDialog } from './components/monthly-run-dialog';
import { RowIconActions } from './components/row-icon-actions';
import { StatTiles } from './components/stat-tiles';

function LatestActions({ invoice }: { invoice: InvoiceListItem }) {
  const navigate = useNavigate();
  const base = `/admin/quickbill/invoices/${invoice.id}`;
  const canSend = invoice.status !== 'paid' && invoice.status !== 'cancelled';
  return (
    <RowIconActions
      actions={[
        { label: 'Anzeigen', icon: <IconEye size={18} />, onClick: () => navigate(base) },
        invoice.status === 'draft' && {
          label: 'Bearbeiten',
          icon: <IconPencil size={18} />,
          onClick: () => navigate(`${base}/edit`),
        },
        canSend && { label: 'Senden', icon: <IconSend size={18} />, onClick: () => navigate(`${base}/send`) },
      ]}
    />
  );
}

const columns: Column<InvoiceListItem>[] = [
  { key: 'number', label: 'Nummer', render: (i) => <InvoiceNumber invoice={i} />, hideOnCard: true },
  { key: 'customer', label: 'Kunde', render: (i) => i.customer_name },
  { key: 'date', label: 'Datum', render: (i) => formatDate(i.invoice_date) },
  { key: 'amount', label: 'Betrag', render: (i) => formatEuro(i.total_gross), align: 'right' },
  { key: 'status', label: 'Status', render: (i) => <InvoiceStatusBadge invoice={i} /> },
  { key: 'actions', label: 'Aktionen', render: (i) => <LatestActions invoice={i} />, hideOnCard: true, align: 'right' },
];

/** /admin/quickbill: figures, shortcuts and the latest 5 invoices (SPEC §2 Quickbill). */
export function QuickbillDashboardPage() {
  const can = useCan();
  const stats = useInvoiceDashboard();
  const latest = useLatestInvoices();
  const navigate = useNavigate();
  const [runOpen, run] = useDisclosure(false);
  // Two shortcut buttons share a phone row: without icons their words fit.
  const phone = useMediaQuery('(max-width: 48em)');
  const shortcut = phone ? { size: 'xs', h: 36, px: 6 } : {};

  if (stats.isPending || latest.isPending) return <PageLoader text="Lade Rechnungen..." />;
  if (stats.isError || latest.isError) {
    return (
      <ErrorState
        text="Fehler beim Laden der Daten"
        onRetry={() => {
          void stats.refetch();
          void latest.refetch();
        }}
      />
    );
  }

  const newButton = (
    <Button component={Link} to="/admin/quickbill/invoices/new" leftSection={<IconPlus size={18} />}>
      Neue Rechnung
    </Button>
  );

  return (
    <Stack gap="lg">
      <PageHeader
        title="Quickbill"
        subtitle="Rechnungen erstellen, versenden und Zahlungen im Blick behalten"
        actions={
          <>
            {newButton}
            {can('accounting.read') && (
              <Button
                component={Link}
                to="/admin/quickbill/buchhaltung"
                variant="default"
                leftSection={<IconFileZip size={18} />}
              >
                Buchhaltung
              </Button>
            )}
            {can('quickbill.settings.write') && (
              <Button
                component={Link}
                to="/admin/quickbill/settings"
                variant="default"
                leftSection={<IconSettings size={18} />}
              >
                Rechnungseinstellungen
              </Button>
            )}
          </>
        }
      />
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
        <Button
          component={Link}
          to="/admin/quickbill/invoices"
          variant="light"
          leftSection={phone ? undefined : <IconList size={18} />}
          {...shortcut}
        >
          Alle Rechnungen
        </Button>
        <Button
          component={Link}
          to="/admin/quickbill/products"
          variant="light"
          leftSection={phone ? undefined : <IconPackage size={18} />}
          {...shortcut}
        >
          Produkte verwalten
        </Button>
        <Button
          component={Link}
          to="/admin/quickbill/timetracking"
          variant="light"
          leftSection={phone ? undefined : <IconClock size={18} />}
          {...shortcut}
        >
          Zeiterfassung
        </Button>
        <Button
          variant="light"
          leftSection={phone ? undefined : <IconCalendarRepeat size={18} />}
          {...shortcut}
          onClick={run.open}
        >
          Monat abrechnen
        </Button>
        <Button
          component={Link}
          to="/admin/quickbill/lastschriften"
          variant="light"
          leftSection={phone ? undefined : <IconBuildingBank size={18} />}
          {...shortcut}
        >
          Lastschriften
        </Button>
        <Button
          component={Link}
          to="/admin/quickbill/offene-posten"
          variant="light"
          leftSection={phone ? undefined : <IconFileDollar size={18} />}
          {...shortcut}
        >
          Offene Posten
        </Button>
        <Button
          component={Link}
          to="/admin/quickbill/abrechnungen"
          variant="light"
          leftSection={phone ? undefined : <IconCalendarDue size={18} />}
          {...shortcut}
        >
          Nächste Abrechnungen
        </Button>
        <Button
          component={Link}
          to="/admin/quickbill/zahlungseingaenge"
          variant="light"
          leftSection={phone ? undefined : <IconReportMoney size={18} />}
          {...shortcut}
        >
          Zahlungseingänge
        </Button>
      </SimpleGrid>

      <SmallBusinessAlert enabled={can('accounting.read')} />
      <StatTiles stats={stats.data} />

      <Card>
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h4">
            Letzte Rechnungen
          </Title>
          {latest.data.length > 0 && (
            <Button component={Link} to="/admin/quickbill/invoices" variant="subtle" size="compact-sm">
              Alle anzeigen
            </Button>
          )}
        </Group>
        {latest.data.length === 0 ? (
          <EmptyState text="Noch keine Rechnungen erstellt." action={newButton} />
        ) : (
          <ResponsiveList
            rows={latest.data}
            columns={columns}
            rowKey={(i) => i.id}
            caption="Letzte Rechnungen"
            cardTitle={invoiceLabel}
            onCardClick={(i) => navigate(`/admin/quickbill/invoices/${i.id}`)}
            cardActions={(i) => <LatestActions invoice={i} />}
          />
        )}
      </Card>
      <MonthlyRunDialog opened={runOpen} onClose={run.close} />
    </Stack>
  );
}
