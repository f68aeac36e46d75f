import '@mantine/charts/styles.css';
import {
  type OverviewCharts as Charts,
  type HoursMonth,
  RECEIVABLE_BUCKET_LABELS,
  type ReceivableBucketRow,
  type RevenueMonth,
} from '@butler/contract/overview-charts';
import { BarChart } from '@mantine/charts';
import { SegmentedControl, SimpleGrid, Text } from '@mantine/core';
import { IconChartBar, IconClockHour4, IconReceipt2 } from '@tabler/icons-react';
import { useState } from 'react';
import { formatEuro, formatHours } from '../../../lib/format';
import { ChartCard, monthLong, monthShort } from './chart-card';

/**
 * The admin overview's charts (decision 0651), a lazy chunk with recharts: the
 * overview's first figures never wait for it and the lounge never loads it. Every chart has
 * its values as a table too (ChartCard), for screen readers and on request.
 */
export function OverviewCharts({ charts }: { charts: Charts }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      {charts.revenue && <RevenueChart months={charts.revenue} />}
      <HoursChart months={charts.hours} />
      {charts.receivables && <ReceivablesChart buckets={charts.receivables} />}
    </SimpleGrid>
  );
}

// The drawing is hidden from screen readers (its table speaks for it), so it takes no focus either.
const NOT_FOCUSABLE = { accessibilityLayer: false };
const whole = (value: number) => Math.round(value).toLocaleString('de-AT');
const euroAxis = (value: number) => `€ ${whole(value)}`;
const hoursAxis = (value: number) => `${whole(value)} h`;

function RevenueChart({ months }: { months: RevenueMonth[] }) {
  const empty = months.every((m) => m.invoiced === 0 && m.paid === 0);
  return (
    <ChartCard
      // Not "Umsatz": the word meant payments on one screen and invoices on another (decision 0759).
      title="Verrechnet und bezahlt pro Monat"
      icon={<IconReceipt2 size={20} aria-hidden />}
      testId="chart-revenue"
      summary="Verrechnet (Rechnungsdatum, brutto, abzüglich Stornorechnungen) und bezahlt (Zahlungseingang nach Zahlungsdatum) der letzten 12 Monate."
      empty={empty ? 'Noch keine Rechnungen und Zahlungen in den letzten 12 Monaten.' : null}
      table={{
        head: ['Monat', 'Verrechnet', 'Bezahlt'],
        rows: months.map((m) => [monthLong(m.month), formatEuro(m.invoiced), formatEuro(m.paid)]),
      }}
    >
      <BarChart
        h={240}
        data={months.map((m) => ({ month: monthShort(m.month), invoiced: m.invoiced, paid: m.paid }))}
        dataKey="month"
        series={[
          { name: 'invoiced', label: 'Verrechnet', color: 'navy.5' },
          { name: 'paid', label: 'Bezahlt', color: 'teal.6' },
        ]}
        valueFormatter={(value) => formatEuro(value)}
        yAxisProps={{ tickFormatter: euroAxis, width: 72 }}
        withLegend
        legendProps={{ verticalAlign: 'bottom' }}
        tickLine="y"
        barChartProps={NOT_FOCUSABLE}
      />
    </ChartCard>
  );
}

const HOUR_KINDS = {
  butler: { label: 'ButlerPakete', sold: 'butler_sold', used: 'butler_used' },
  packages: { label: 'Stundenpakete', sold: 'packages_sold', used: 'packages_used' },
} as const;

function HoursChart({ months }: { months: HoursMonth[] }) {
  const [kind, setKind] = useState<keyof typeof HOUR_KINDS>('butler');
  const { sold, used, label } = HOUR_KINDS[kind];
  const empty = months.every((m) => m[sold] === 0 && m[used] === 0);
  return (
    <ChartCard
      title="Stunden verkauft und genutzt"
      icon={<IconClockHour4 size={20} aria-hidden />}
      testId="chart-hours"
      summary={`${label}: verkaufte und genutzte Stunden der letzten 12 Monate.`}
      controls={
        <SegmentedControl
          size="xs"
          value={kind}
          onChange={(value) => setKind(value as keyof typeof HOUR_KINDS)}
          data={[
            { value: 'butler', label: 'ButlerPakete' },
            { value: 'packages', label: 'Stundenpakete' },
          ]}
          aria-label="Pakete"
        />
      }
      empty={empty ? `Keine ${label}-Stunden in den letzten 12 Monaten.` : null}
      table={{
        head: ['Monat', 'Verkauft', 'Genutzt'],
        rows: months.map((m) => [monthLong(m.month), formatHours(m[sold]), formatHours(m[used])]),
      }}
    >
      <BarChart
        h={240}
        data={months.map((m) => ({ month: monthShort(m.month), sold: m[sold], used: m[used] }))}
        dataKey="month"
        series={[
          { name: 'sold', label: 'Verkauft', color: 'gold.6' },
          { name: 'used', label: 'Genutzt', color: 'navy.5' },
        ]}
        valueFormatter={(value) => formatHours(value)}
        yAxisProps={{ tickFormatter: hoursAxis, width: 56 }}
        withLegend
        legendProps={{ verticalAlign: 'bottom' }}
        tickLine="y"
        barChartProps={NOT_FOCUSABLE}
      />
    </ChartCard>
  );
}

function ReceivablesChart({ buckets }: { buckets: ReceivableBucketRow[] }) {
  const total = buckets.reduce((sum, b) => sum + b.amount, 0);
  const count = buckets.reduce((sum, b) => sum + b.invoices, 0);
  return (
    <ChartCard
      title="Offene Forderungen nach Alter"
      icon={<IconChartBar size={20} aria-hidden />}
      testId="chart-receivables"
      summary={`${formatEuro(total)} offen in ${count} ${count === 1 ? 'Rechnung' : 'Rechnungen'}, nach Tagen über der Fälligkeit.`}
      empty={count === 0 ? 'Keine offenen Rechnungen.' : null}
      table={{
        head: ['Alter', 'Offen', 'Rechnungen'],
        rows: buckets.map((b) => [RECEIVABLE_BUCKET_LABELS[b.bucket], formatEuro(b.amount), String(b.invoices)]),
      }}
    >
      <Text size="sm" fw={600} c="navy.9">
        {formatEuro(total)} offen
      </Text>
      <BarChart
        h={220}
        data={buckets.map((b) => ({ bucket: RECEIVABLE_BUCKET_LABELS[b.bucket], amount: b.amount }))}
        dataKey="bucket"
        orientation="vertical"
        series={[{ name: 'amount', label: 'Offen', color: 'orange.6' }]}
        valueFormatter={(value) => formatEuro(value)}
        yAxisProps={{ width: 104 }}
        xAxisProps={{ tickFormatter: euroAxis }}
        tickLine="x"
        barChartProps={NOT_FOCUSABLE}
      />
    </ChartCard>
  );
}
