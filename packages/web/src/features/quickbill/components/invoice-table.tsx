import type { InvoiceListItem } from '@butler/contract/quickbill';
import { Card, Checkbox, Group, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { NEGATIVE_TEXT } from '../../../app/theme';
import { formatDate, formatEuro } from '../../../lib/format';
import { InvoiceNumber, invoiceLabel } from './invoice-number';
import { InvoiceRowMenu } from './invoice-row-menu';
import { displayStatus, InvoiceStatusBadge } from './invoice-status-badge';

type Props = {
  rows: InvoiceListItem[];
  selected: Set<number>;
  onToggle: (id: number) => void;
  onToggleAll: () => void;
};

function DueDate({ invoice, size = 'sm' }: { invoice: InvoiceListItem; size?: 'sm' | 'xs' }) {
  const overdue = displayStatus(invoice) === 'overdue';
  return (
    <Text span size={size} c={overdue ? NEGATIVE_TEXT : undefined} fw={overdue ? 600 : undefined}>
      {formatDate(invoice.due_date)}
    </Text>
  );
}

/** What is still open of a sent invoice; nothing for drafts, paid and cancelled ones. */
export function OpenAmount({ invoice }: { invoice: InvoiceListItem }) {
  if (invoice.status !== 'sent' || invoice.kind !== 'invoice') return <>–</>;
  return <>{formatEuro(invoice.open_amount)}</>;
}

/** The invoice list: a table with checkboxes on desktop, selectable cards below 768 px. */
export function InvoiceTable({ rows, selected, onToggle, onToggleAll }: Props) {
  const phone = useMediaQuery('(max-width: 48em)');
  const all = rows.length > 0 && rows.every((r) => selected.has(r.id));
  const some = rows.some((r) => selected.has(r.id));
  const selectAll = (
    <Checkbox
      aria-label="Alle Rechnungen dieser Seite auswählen"
      checked={all}
      indeterminate={some && !all}
      onChange={onToggleAll}
    />
  );

  if (phone) {
    return (
      <Stack gap="sm">
        <Group gap="xs" px={4}>
          {selectAll}
          <Text size="sm" c="dimmed">
            Alle auswählen
          </Text>
        </Group>
        {rows.map((invoice) => (
          <Card key={invoice.id} padding="md" data-testid={`invoice-card-${invoice.id}`}>
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
              <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                <Checkbox
                  aria-label={`${invoiceLabel(invoice)} auswählen`}
                  checked={selected.has(invoice.id)}
                  onChange={() => onToggle(invoice.id)}
                />
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <InvoiceNumber invoice={invoice} />
                  <Text size="sm" truncate>
                    {invoice.customer_name}
                  </Text>
                </Stack>
              </Group>
              <InvoiceRowMenu invoice={invoice} />
            </Group>
            <Group justify="space-between" mt="sm" gap="xs">
              <InvoiceStatusBadge invoice={invoice} />
              <Text fw={700}>{formatEuro(invoice.total_gross)}</Text>
            </Group>
            {invoice.payment_state === 'partially_paid' && invoice.status === 'sent' && (
              <Text size="sm" ta="right" mt={4}>
                offen {formatEuro(invoice.open_amount)}
              </Text>
            )}
            <Group gap="md" mt={6}>
              <Text size="xs" c="dimmed">
                Datum {formatDate(invoice.invoice_date)}
              </Text>
              <Text size="xs" c="dimmed">
                Fällig <DueDate invoice={invoice} size="xs" />
              </Text>
            </Group>
          </Card>
        ))}
      </Stack>
    );
  }

  return (
    <Table.ScrollContainer minWidth={860}>
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>{selectAll}</Table.Th>
            <Table.Th>Nummer</Table.Th>
            <Table.Th>Kunde</Table.Th>
            <Table.Th>Datum</Table.Th>
            <Table.Th>Fällig am</Table.Th>
            <Table.Th ta="right">Betrag</Table.Th>
            <Table.Th ta="right">Offen</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th ta="right">Aktionen</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((invoice) => (
            <Table.Tr
              key={invoice.id}
              bg={selected.has(invoice.id) ? 'var(--mantine-color-navy-0)' : undefined}
              data-testid={`invoice-row-${invoice.id}`}
            >
              <Table.Td>
                <Checkbox
                  aria-label={`${invoiceLabel(invoice)} auswählen`}
                  checked={selected.has(invoice.id)}
                  onChange={() => onToggle(invoice.id)}
                />
              </Table.Td>
              <Table.Td>
                <InvoiceNumber invoice={invoice} />
              </Table.Td>
              <Table.Td>{invoice.customer_name}</Table.Td>
              <Table.Td>{formatDate(invoice.invoice_date)}</Table.Td>
              <Table.Td>
                <DueDate invoice={invoice} />
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatEuro(invoice.total_gross)}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} data-testid={`invoice-open-${invoice.id}`}>
                <OpenAmount invoice={invoice} />
              </Table.Td>
              <Table.Td>
                <InvoiceStatusBadge invoice={invoice} />
              </Table.Td>
              <Table.Td>
                <Group justify="flex-end">
                  <InvoiceRowMenu invoice={invoice} />
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
