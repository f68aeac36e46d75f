import type { InvoiceDetail } from '@butler/contract/quickbill';
import { taxGroupLabel } from '@butler/contract/vat';
import { Card, Group, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { formatEuro, formatNumber } from '../../../lib/format';

/** The invoice lines as stored (read-only): a table on desktop, cards on phones. */
export function ItemsTable({ items }: { items: InvoiceDetail['items'] }) {
  const phone = useMediaQuery('(max-width: 48em)');
  if (phone) {
    return (
      <Stack gap="xs">
        {items.map((item) => (
          <Card key={item.id} padding="sm" shadow="none">
            <Text size="sm" fw={600}>
              {item.position}. {item.description}
            </Text>
            <Group justify="space-between" mt={4}>
              <Text size="sm" c="dimmed">
                {formatNumber(item.quantity)} {item.unit} × {formatEuro(item.unit_price)} ·{' '}
                {taxGroupLabel(item.tax_rate, item.tax_exemption)}
              </Text>
              <Text size="sm" fw={600}>
                {formatEuro(item.line_net)}
              </Text>
            </Group>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Table verticalSpacing="xs" striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={40}>Pos.</Table.Th>
          <Table.Th>Beschreibung</Table.Th>
          <Table.Th ta="right">Menge</Table.Th>
          <Table.Th>Einheit</Table.Th>
          <Table.Th ta="right">Einzelpreis</Table.Th>
          <Table.Th ta="right">USt</Table.Th>
          <Table.Th ta="right">Netto</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((item) => (
          <Table.Tr key={item.id}>
            <Table.Td>{item.position}</Table.Td>
            <Table.Td style={{ whiteSpace: 'pre-line' }}>{item.description}</Table.Td>
            <Table.Td ta="right">{formatNumber(item.quantity)}</Table.Td>
            <Table.Td>{item.unit}</Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
              {formatEuro(item.unit_price)}
            </Table.Td>
            <Table.Td ta="right">{taxGroupLabel(item.tax_rate, item.tax_exemption)}</Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
              {formatEuro(item.line_net)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
