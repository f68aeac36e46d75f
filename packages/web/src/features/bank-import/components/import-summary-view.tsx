import type { ImportSummary } from '@butler/contract/bank-import';
import { Alert, List, Stack, Text } from '@mantine/core';
import { formatDate, formatEuro } from '../../../lib/format';

export function summaryText(s: ImportSummary) {
  if (s.duplicate) return 'Diese Datei wurde bereits importiert. Es wurde nichts doppelt gebucht.';
  const parts = [
    `${s.new_entries} neue Buchung${s.new_entries === 1 ? '' : 'en'}`,
    s.skipped.length > 0 && `${s.skipped.length} schon bekannt (übersprungen)`,
    `${s.matched} zugeordnet`,
    `${s.suggested} Vorschläge`,
    `${s.unassigned} nicht zugeordnet`,
    s.returns > 0 && `${s.returns} Rücklastschrift${s.returns === 1 ? '' : 'en'}`,
  ].filter(Boolean);
  return `${s.message}, ${s.statements} Auszug${s.statements === 1 ? '' : 'züge'}: ${parts.join(', ')}.`;
}

type Booking = { booking_date: string | null; amount: number; counterparty_name: string | null };
const booking = (b: Booking) =>
  `${b.booking_date ? formatDate(b.booking_date) : 'ohne Datum'} · ${b.amount < 0 ? '− ' : ''}${formatEuro(Math.abs(b.amount))} · ${b.counterparty_name ?? 'unbekannt'}`;

/**
 * What an import did, in full (decisions 0723, 0724): the counts, what staff should check,
 * each booking that could not be booked and why, and each booking left out as one already
 * stored and why. Nothing is skipped without a word.
 */
export function ImportSummaryView({ summary }: { summary: ImportSummary }) {
  if (summary.duplicate) {
    return (
      <Alert color="yellow" role="status">
        {summaryText(summary)}
      </Alert>
    );
  }
  return (
    <Stack gap="xs">
      <Alert color="teal" role="status">
        {summaryText(summary)}
      </Alert>
      {summary.warnings.length > 0 && (
        <Alert color="yellow" title="Bitte prüfen">
          <List size="sm" spacing={4}>
            {summary.warnings.map((w) => (
              <List.Item key={w}>{w}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {summary.not_booked.length > 0 && (
        <Alert color="red" title="Nicht gebucht, bitte von Hand klären (Status „nicht zugeordnet“)">
          <List size="sm" spacing={4}>
            {summary.not_booked.map((b) => (
              <List.Item key={b.entry_id}>
                {booking(b)}: {b.reason.replace(/^Nicht gebucht: /, '')}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      {summary.skipped.length > 0 && (
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            Übersprungen, weil schon importiert
          </Text>
          <List size="sm" spacing={4}>
            {summary.skipped.map((s, index) => (
              // Two skipped bookings may read alike; their place in the list tells them apart.
              // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
              <List.Item key={index}>
                {booking(s)}: {s.reason}
              </List.Item>
            ))}
          </List>
        </Stack>
      )}
    </Stack>
  );
}
