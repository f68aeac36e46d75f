import { Card, Group, Switch, Table, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { type ReactNode, useId, useState } from 'react';
import { MONTH_NAMES } from '../../../lib/format';

/** `2026-01` → "Jän" (axis). */
export const monthShort = (month: string) => MONTH_NAMES[Number(month.slice(5, 7)) - 1].slice(0, 3);
/** `2026-01` → "Jänner 2026" (tables). */
export const monthLong = (month: string) => `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

type Values = { head: string[]; rows: string[][] };

/**
 * A chart with its values as text: the drawing is hidden from screen readers, the table is
 * always there for them and shown to everyone with "Werte als Tabelle". The summary says in
 * one sentence what the chart shows.
 */
export function ChartCard({
  title,
  icon,
  summary,
  controls,
  table,
  empty,
  testId,
  children,
}: {
  title: string;
  icon: ReactNode;
  summary: string;
  controls?: ReactNode;
  table: Values;
  empty: string | null;
  testId: string;
  children: ReactNode;
}) {
  const [asTable, setAsTable] = useState(false);
  const id = useId();
  // Three short columns fit a phone: no scroll container (a scrolling region would need focus).
  const values = (
    <Table striped withTableBorder fz="sm" aria-labelledby={`${id}-title`}>
      <Table.Thead>
        <Table.Tr>
          {table.head.map((h, i) => (
            <Table.Th key={h} ta={i === 0 ? 'left' : 'right'}>
              {h}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {table.rows.map((row) => (
          <Table.Tr key={row[0]}>
            {row.map((cell, i) => (
              <Table.Td key={`${row[0]}-${table.head[i]}`} ta={i === 0 ? 'left' : 'right'}>
                {cell}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  return (
    <Card component="section" aria-labelledby={`${id}-title`} data-testid={testId}>
      <Group gap="sm" wrap="nowrap" mb="xs">
        <ThemeIcon variant="light" size={36} radius="xl" style={{ flexShrink: 0 }}>
          {icon}
        </ThemeIcon>
        <Text
          id={`${id}-title`}
          component="h2"
          size="sm"
          fw={600}
          c="dimmed"
          tt="uppercase"
          m={0}
          style={{ letterSpacing: '0.04em' }}
        >
          {title}
        </Text>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        {summary}
      </Text>
      <Group justify="space-between" gap="xs" mb="sm">
        {controls ?? <span />}
        {!empty && (
          <Switch
            size="sm"
            label="Werte als Tabelle"
            checked={asTable}
            onChange={(e) => setAsTable(e.currentTarget.checked)}
          />
        )}
      </Group>
      {empty ? (
        <Text c="dimmed" ta="center" py="xl">
          {empty}
        </Text>
      ) : asTable ? (
        values
      ) : (
        <>
          <div aria-hidden>{children}</div>
          <VisuallyHidden>{values}</VisuallyHidden>
        </>
      )}
    </Card>
  );
}
