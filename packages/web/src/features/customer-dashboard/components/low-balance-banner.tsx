import type { LowBalance } from '@butler/contract/balance-alerts';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconInfoCircle, IconShoppingBag } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useLoungeTexts } from '../../../app/lounge-voice';
import { formatHours } from '../../../lib/format';
import { useHourShopOpen } from './hour-shop-link';

/**
 * A calm note while all usable hours together (the one figure, decision 0742) are at most
 * their reserve; nothing otherwise. 9,25 h in the ButlerPaket and 1,25 h in packages are not
 * "knapp".
 */
export function LowBalanceBanner({ balance, onContact }: { balance: LowBalance | null; onContact: () => void }) {
  const t = useLoungeTexts();
  // "Stunden nachkaufen" (decision 0850) for the customer themself, while the counter sells something.
  const shopOpen = useHourShopOpen(Boolean(balance));
  if (!balance) return null;
  const { total, butler, packages } = balance.usable;
  const usedUp = Math.round(total * 100) <= 0;
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
        <Text size="sm">
          {usedUp ? t.lowBalanceUsedUp : t.lowBalanceLeft(formatHours(total))}
          {butler &&
            packages &&
            butler.usable > 0 &&
            packages.remaining > 0 &&
            ` ${t.lowBalanceParts(formatHours(butler.usable), formatHours(packages.remaining))}`}
        </Text>
        <Group gap="sm" mt={4}>
          <Text size="sm" c="dimmed">
            {t.needMoreHours}
          </Text>
          {shopOpen && (
            <Button
              size="compact-sm"
              component={Link}
              to="/customer/stunden-nachkaufen"
              leftSection={<IconShoppingBag size={14} aria-hidden />}
            >
              Stunden nachkaufen
            </Button>
          )}
          <Button size="compact-sm" variant="white" onClick={onContact}>
            Mein BUTLER kontaktieren
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
