import { type BankEntry, ENTRY_KIND_LABELS, MATCH_STATE_LABELS } from '@butler/contract/bank-import';
import { Badge, Stack, Text } from '@mantine/core';

const COLORS = { matched: 'teal', suggested: 'yellow', unassigned: 'red', ignored: 'gray' } as const;

/** Match state (worded, coloured) and the reason it rests on. */
export function EntryStateBadge({ entry }: { entry: BankEntry }) {
  const returned = entry.kind === 'return';
  return (
    <Stack gap={2} align="flex-start">
      <Badge color={returned ? 'red' : COLORS[entry.match_state]} variant="light">
        {returned ? ENTRY_KIND_LABELS.return : MATCH_STATE_LABELS[entry.match_state]}
      </Badge>
      {entry.note && (
        <Text size="xs" c="dimmed" maw={220}>
          {entry.note}
        </Text>
      )}
    </Stack>
  );
}
