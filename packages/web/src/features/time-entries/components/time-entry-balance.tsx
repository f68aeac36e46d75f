import type { BillingType } from '@butler/contract/time-entries';
import { Alert, Group, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconHourglass } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { todayInVienna } from '../../../lib/format';
import { type BookingBalance, balanceLines, overuseWarning } from './time-entry-balance-rules';

/**
 * The customer's hours in the time-entry dialog: what is usable of the ButlerPaket (the
 * period of the work date named, decision 0742) and of the Stundenpakete, the chosen source
 * in bold, and a warning before a booking would overdraw it.
 */
export function TimeEntryBalance({
  balance,
  billing,
  hours,
  date,
}: {
  balance: UseQueryResult<BookingBalance>;
  billing: BillingType;
  hours: number | null;
  /** The entry's work date (YYYY-MM-DD), or null while none is chosen. */
  date: string | null;
}) {
  if (balance.isPending)
    return (
      <Text size="sm" c="dimmed">
        Guthaben wird geladen...
      </Text>
    );
  if (balance.isError || !balance.data) return null;
  const today = todayInVienna();
  const lines = balanceLines(balance.data, date ?? today, today);
  const warning = overuseWarning(balance.data, billing, hours);
  return (
    <Stack gap={6} data-testid="time-entry-balance">
      <Paper withBorder px="sm" py={6} radius="md" bg="gray.0">
        <Group gap={8} wrap="nowrap" align="flex-start">
          <IconHourglass size={16} aria-hidden style={{ marginTop: 3, flexShrink: 0 }} />
          <Stack gap={0}>
            {lines.length === 0 ? (
              <Text size="sm">Noch kein ButlerPaket und keine Stundenpakete</Text>
            ) : (
              lines.map((line) => (
                <Text
                  key={line.type}
                  size="sm"
                  fw={line.type === billing ? 600 : 400}
                  c={line.warning && line.type === billing ? 'orange.9' : undefined}
                >
                  {line.text}
                </Text>
              ))
            )}
          </Stack>
        </Group>
      </Paper>
      {warning && (
        <Alert color="yellow" py={6} icon={<IconAlertTriangle size={16} aria-hidden />} data-testid="overuse-warning">
          {warning}
        </Alert>
      )}
    </Stack>
  );
}
