import type { BankEntry } from '@butler/contract/bank-import';
import { ENTRY_KIND_LABELS } from '@butler/contract/bank-import';
import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { Pager } from '../../../components/pager';
import { type Column, ResponsiveList } from '../../../components/responsive-list';
import { EmptyState, ErrorState } from '../../../components/states';
import { formatDate, formatEuro } from '../../../lib/format';
import { ENTRY_PAGE_SIZE, useBankEntries } from '../api/bank-import';

const KIND_COLORS = { credit: 'teal', collection: 'blue', return: 'red', debit: 'gray', other: 'gray' } as const;

/** The customer's payments and returns as the bank statements show them (customer detail). */
export function CustomerPaymentsCard({ customerId }: { customerId: number }) {
  const [page, setPage] = useState(1);
  const entries = useBankEntries({ state: 'all', kind: 'all', customer_id: customerId, page });
  const columns: Column<BankEntry>[] = [
    {
      key: 'date',
      label: 'Datum',
      render: (e) => (e.booking_date ? formatDate(e.booking_date) : '–'),
      hideOnCard: true,
    },
    {
      key: 'kind',
      label: 'Art',
      render: (e) => (
        <Badge color={KIND_COLORS[e.kind]} variant="light">
          {ENTRY_KIND_LABELS[e.kind]}
        </Badge>
      ),
    },
    {
      key: 'amount',
      label: 'Betrag',
      align: 'right',
      render: (e) => (
        <Text size="sm" fw={600} c={e.amount < 0 ? 'red' : 'teal.8'} style={{ whiteSpace: 'nowrap' }}>
          {e.amount < 0 ? '− ' : '+ '}
          {formatEuro(Math.abs(e.amount))}
        </Text>
      ),
    },
    {
      key: 'invoice',
      label: 'Rechnung',
      render: (e) =>
        e.invoice_id ? (
          <Anchor component={Link} to={`/admin/quickbill/invoices/${e.invoice_id}`} size="sm">
            {e.invoice_number}
          </Anchor>
        ) : (
          '–'
        ),
    },
    {
      key: 'note',
      label: 'Hinweis',
      render: (e) => (
        <Text size="sm" c={e.kind === 'return' ? 'red' : undefined} maw={360}>
          {e.match_state === 'suggested' ? `Vorschlag: ${e.note ?? ''}` : (e.note ?? '–')}
        </Text>
      ),
    },
  ];
  return (
    <Card>
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} size="h4">
          Zahlungen & Rücklastschriften
        </Title>
        <Button component={Link} to="/admin/quickbill/zahlungseingaenge" variant="subtle" size="xs">
          Alle Zahlungseingänge
        </Button>
      </Group>
      {entries.isPending ? (
        <PageLoader text="Lade Zahlungen..." />
      ) : entries.isError ? (
        <ErrorState text="Fehler beim Laden der Daten" onRetry={() => void entries.refetch()} />
      ) : entries.data.items.length === 0 ? (
        <EmptyState text="Noch keine Zahlungen aus Kontoauszügen." />
      ) : (
        <Stack gap="xs">
          <ResponsiveList
            rows={entries.data.items}
            columns={columns}
            rowKey={(e) => e.id}
            cardTitle={(e) => (e.booking_date ? formatDate(e.booking_date) : 'Buchung')}
          />
          <Pager page={page} total={entries.data.total} pageSize={ENTRY_PAGE_SIZE} onChange={setPage} />
        </Stack>
      )}
    </Card>
  );
}
