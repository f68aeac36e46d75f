import type { InvoiceDashboard } from '@butler/contract/quickbill';
import { Anchor, Card, Group, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCash, IconCircleCheck, IconFileInvoice, IconHourglass } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatEuro, MONTH_NAMES, todayInVienna } from '../../../lib/format';
import classes from './stat-tiles.module.css';

function Tile({
  label,
  value,
  hint,
  icon,
  color,
  testId,
  to,
}: {
  label: string;
  value: string;
  hint: ReactNode;
  icon: ReactNode;
  color: string;
  testId: string;
  /** The list behind the figure (decision 0637): the whole tile opens it. */
  to?: string;
}) {
  const link = to ? { component: Link, to, 'aria-label': `${label}: ${value} – Liste öffnen` } : {};
  return (
    <Card padding="md" data-testid={testId} {...(link as object)} className={to ? classes.link : undefined}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text size="sm" c="dimmed" fw={500}>
            {label}
          </Text>
          <Text fz={26} fw={700} lh={1.2} data-testid={`${testId}-value`} style={{ whiteSpace: 'nowrap' }}>
            {value}
          </Text>
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        </Stack>
        <ThemeIcon variant="light" color={color} size={40} radius="md" aria-hidden>
          {icon}
        </ThemeIcon>
      </Group>
    </Card>
  );
}

/** The four figures of SPEC §2 (Quickbill dashboard), each with a word and an icon. */
export function StatTiles({ stats }: { stats: InvoiceDashboard }) {
  const month = MONTH_NAMES[Number(todayInVienna().slice(5, 7)) - 1];
  const overdue = stats.invoices_overdue_count;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
      <Tile
        testId="tile-count"
        label="Rechnungen gesamt"
        value={String(stats.invoices_count)}
        hint={`Volumen ${formatEuro(stats.invoices_total_amount)}`}
        icon={<IconFileInvoice size={22} />}
        color="navy"
      />
      <Tile
        testId="tile-open"
        label="Offene Forderungen"
        value={formatEuro(stats.invoices_open_amount)}
        hint={
          <Anchor component={Link} to="/admin/quickbill/offene-posten" size="xs">
            Offene Beträge · Offene Posten anzeigen
          </Anchor>
        }
        icon={<IconHourglass size={22} />}
        color="blue"
      />
      <Tile
        testId="tile-overdue"
        to="/admin/quickbill/invoices?status=overdue"
        label="Überfällige Rechnungen"
        value={String(overdue)}
        hint={overdue > 0 ? 'Zahlungsziel überschritten' : 'Alles im Zahlungsziel'}
        icon={overdue > 0 ? <IconAlertTriangle size={22} /> : <IconCircleCheck size={22} />}
        color={overdue > 0 ? 'red' : 'teal'}
      />
      <Tile
        testId="tile-revenue"
        // Received payments, not invoiced sales: named so, unlike "Umsatz" (decision 0759).
        label={`Zahlungseingang ${month}`}
        value={formatEuro(stats.revenue_this_month)}
        hint={`Eingegangene Zahlungen · dieses Jahr ${formatEuro(stats.revenue_this_year)}`}
        icon={<IconCash size={22} />}
        color="teal"
      />
    </SimpleGrid>
  );
}
