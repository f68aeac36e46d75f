import type { LowBalance } from '@butler/contract/balance-alerts';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { formatDate, formatNumber } from '../../../lib/format';

function sentence(b: LowBalance): string {
  if (b.kind === 'butler') {
    const left =
      b.hours_remaining > 0
        ? `noch ${formatNumber(b.hours_remaining)} h bis ${formatDate(b.period_end)}`
        : 'die Stunden dieses Monats sind aufgebraucht';
    return `Dein ButlerPaket ist diesen Monat zu ${b.percent_used} % genutzt – ${left}.`;
  }
  return b.hours_remaining > 0
    ? `Von deinen Stundenpaketen sind noch ${formatNumber(b.hours_remaining)} h übrig.`
    : `Deine Stundenpakete sind aufgebraucht (Minus ${formatNumber(-b.hours_remaining)} h).`;
}

/** A calm note while a balance is over its threshold (low_balances of the dashboard); nothing otherwise. */
export function LowBalanceBanner({ balances, onContact }: { balances: LowBalance[]; onContact: () => void }) {
  if (balances.length === 0) return null;
  return (
    <Alert
      variant="light"
      color="blue"
      radius="md"
      icon={<IconInfoCircle aria-hidden />}
      title="Dein Guthaben wird knapp"
      data-testid="low-balance-banner"
    >
      <Stack gap={6}>
        {balances.map((b) => (
          <Text key={b.kind} size="sm">
            {sentence(b)}
          </Text>
        ))}
        <Group gap="sm" mt={4}>
          <Text size="sm" c="dimmed">
            Brauchst du mehr BUTLER Stunden?
          </Text>
          <Button size="compact-sm" variant="white" onClick={onContact}>
            Mein BUTLER kontaktieren
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
