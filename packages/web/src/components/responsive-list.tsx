import { Card, Group, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { usePhone } from '../lib/use-phone';

export type Column<T> = {
  key: string;
  label: string;
  render: (row: T) => ReactNode;
  /** Hidden in the phone card (e.g. actions shown elsewhere). */
  hideOnCard?: boolean;
  align?: 'left' | 'right' | 'center';
};

/**
 * UI.md: tables on desktop, cards below 768 px. Rows may open on phones (SPEC: "row click on
 * mobile opens details"): `cardHref` makes the card a link (Enter, a new tab, the back
 * button work as with any link; decision 0745), `onCardClick` a button for what is not a page.
 */
export function ResponsiveList<T>({
  rows,
  columns,
  rowKey,
  cardTitle,
  onCardClick,
  cardHref,
  cardActions,
  caption,
}: {
  rows: T[];
  columns: Column<T>[];
  rowKey: (row: T) => string | number;
  cardTitle: (row: T) => ReactNode;
  onCardClick?: (row: T) => void;
  cardHref?: (row: T) => string;
  cardActions?: (row: T) => ReactNode;
  caption?: string;
}) {
  const phone = usePhone();
  if (phone) {
    return (
      <Stack gap="sm">
        {rows.map((row) => {
          const body = (
            <Stack gap={6}>
              <Text fw={600}>{cardTitle(row)}</Text>
              {columns
                .filter((c) => !c.hideOnCard)
                .map((c) => (
                  <Group key={c.key} justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                    <Text size="sm" c="dimmed">
                      {c.label}
                    </Text>
                    {/* A long value (e.g. "Stornorechnung · Versendet") wraps inside the card's padding (global.css). */}
                    <Text size="sm" ta="right" component="div" className="card-value">
                      {c.render(row)}
                    </Text>
                  </Group>
                ))}
            </Stack>
          );
          return (
            <Card key={rowKey(row)} padding="md">
              {cardHref ? (
                <UnstyledButton component={Link} to={cardHref(row)} w="100%" display="block">
                  {body}
                </UnstyledButton>
              ) : onCardClick ? (
                <UnstyledButton onClick={() => onCardClick(row)} w="100%">
                  {body}
                </UnstyledButton>
              ) : (
                body
              )}
              {cardActions && (
                <Group justify="flex-end" mt="sm" gap="xs">
                  {cardActions(row)}
                </Group>
              )}
            </Card>
          );
        })}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped highlightOnHover verticalSpacing="sm" captionSide="top">
        {caption && <caption style={{ position: 'absolute', left: -10000 }}>{caption}</caption>}
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.key} ta={c.align}>
                {c.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)}>
              {columns.map((c) => (
                <Table.Td key={c.key} ta={c.align}>
                  {c.render(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
