import type { Deduction } from '@butler/contract/dashboard';
import { Box, Button, Divider, Group, Text } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { DeductionItem } from '../../../components/deduction-item';

/** SPEC §9: the 5 newest deductions; 'Alle anzeigen' only when there are more. */
export const RECENT_DEDUCTIONS = 5;

export function RecentDeductions({
  title,
  entries,
  total,
  allHref,
  emptyText,
}: {
  title: string;
  entries: Deduction[];
  total: number;
  allHref: string;
  emptyText: string;
}) {
  return (
    <Box>
      <Divider my="md" />
      <Group justify="space-between" mb={4} wrap="nowrap">
        <Text fw={600} size="sm" c="navy.9">
          {title}
        </Text>
        {total > RECENT_DEDUCTIONS && (
          <Button
            component={Link}
            to={allHref}
            variant="subtle"
            size="compact-sm"
            style={{ flexShrink: 0 }}
            rightSection={<IconChevronRight size={14} aria-hidden />}
          >
            Alle anzeigen
          </Button>
        )}
      </Group>
      {entries.length === 0 ? (
        <Text size="sm" c="dimmed" py="xs">
          {emptyText}
        </Text>
      ) : (
        <Box>
          {entries.slice(0, RECENT_DEDUCTIONS).map((entry, index) => (
            <Box key={entry.id} style={index > 0 ? { borderTop: '1px solid var(--mantine-color-gray-2)' } : undefined}>
              <DeductionItem
                activity={entry.activity_description}
                workDate={entry.work_date}
                hours={entry.hours}
                order={entry.order}
              />
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
