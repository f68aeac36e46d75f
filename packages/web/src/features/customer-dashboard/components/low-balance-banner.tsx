import type { LowBalance } from '@butler/contract/balance-alerts';
import type { LoungeTexts } from '@butler/contract/lounge-texts';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useLoungeTexts } from '../../../app/lounge-voice';
import { formatHours, formatPercent } from '../../../lib/format';

/** The banner's sentence: the ButlerPaket by what is usable now, carry-over included (decision 0623). */
function sentence(b: LowBalance, t: LoungeTexts): string {
  if (b.kind === 'butler') {
    const left = b.hours_usable > 0 ? t.lowBalanceButlerLeft(formatHours(b.hours_usable)) : t.lowBalanceButlerUsedUp;
    return t.lowBalanceButler(formatPercent(b.percent_used), left);
  }
  return b.hours_remaining > 0
    ? t.lowBalancePackagesLeft(formatHours(b.hours_remaining))
    : t.lowBalancePackagesMinus(formatHours(-b.hours_remaining));
}

/** A calm note while a balance is over its threshold (low_balances of the dashboard); nothing otherwise. */
export function LowBalanceBanner({ balances, onContact }: { balances: LowBalance[]; onContact: () => void }) {
  const t = useLoungeTexts();
  if (balances.length === 0) return null;
  return (
    <Alert
      variant="light"
      color="blue"
      radius="md"
      icon={<IconInfoCircle aria-hidden />}
      title={t.lowBalanceTitle}
      data-testid="low-balance-banner"
    >
      <Stack gap={6}>
        {balances.map((b) => (
          <Text key={b.kind} size="sm">
            {sentence(b, t)}
          </Text>
        ))}
        <Group gap="sm" mt={4}>
          <Text size="sm" c="dimmed">
            {t.needMoreHours}
          </Text>
          <Button size="compact-sm" variant="white" onClick={onContact}>
            Mein BUTLER kontaktieren
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
