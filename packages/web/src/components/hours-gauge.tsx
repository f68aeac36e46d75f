import type { UsableButler } from '@butler/contract/usable-hours';
import { carriedText } from '@butler/contract/usable-hours-words';
import { Stack, Text } from '@mantine/core';
import { useLoungeTexts } from '../app/lounge-voice';
import { MEANING_COLORS, NEGATIVE_TEXT } from '../app/theme';
import { formatNumber } from '../lib/format';
import { MINUS, packageGauge, subscriptionGauge } from '../lib/hours';
import classes from './hours-gauge.module.css';
import { Ring } from './ring';

/**
 * The two hour rings of SPEC §4 (lounge and deduction screens): a large figure in the
 * centre, a word under it, the usage line below. Colour never alone: signs and words too.
 */

const usageLine = (used: number, total: number) => `${formatNumber(used)} h verbraucht von ${formatNumber(total)} h`;

function Centre({ figure, word, color, testId }: { figure: string; word: string; color: string; testId: string }) {
  return (
    <Stack gap={0} align="center">
      <Text fw={700} lh={1.1} c={color} data-testid={testId} className={classes.figure}>
        {figure}
        <Text span fz="md" fw={600} ml={3}>
          h
        </Text>
      </Text>
      <Text size="sm" c="dimmed" fw={500}>
        {word}
      </Text>
    </Stack>
  );
}

/**
 * Subscription (blue): the hours usable now (decision 0742), this month's use under it and
 * what the earlier months add in words; below 0 the overuse in orange with the upsell line.
 */
export function SubscriptionRing({
  butler,
  size = 210,
  carriedInWords = true,
}: {
  butler: UsableButler;
  size?: number;
  /** Off where the sum under the ring names the carry-over already. */
  carriedInWords?: boolean;
}) {
  const gauge = subscriptionGauge(butler.monthly_hours, butler.usable);
  const t = useLoungeTexts();
  const color = gauge.overused ? MEANING_COLORS.hourPackage : MEANING_COLORS.subscription;
  const carried = carriedInWords ? carriedText(butler.carried) : null;
  return (
    <Stack align="center" gap={8}>
      <Ring
        size={size}
        thickness={14}
        value={gauge.ringValue}
        color={color}
        label={
          <Centre
            figure={gauge.overused ? `${MINUS}${formatNumber(gauge.amount)}` : formatNumber(gauge.amount)}
            word={gauge.overused ? 'Mehrverbrauch' : 'Jetzt verfügbar'}
            color={gauge.overused ? 'orange.9' : 'blue.9'}
            testId="subscription-ring-amount"
          />
        }
      />
      <Stack gap={0} align="center">
        <Text size="sm" c="dimmed" ta="center">
          {usageLine(butler.used, butler.monthly_hours)} in diesem Monat
        </Text>
        {carried && (
          <Text size="sm" c="dimmed" ta="center" data-testid="subscription-ring-carried">
            {carried}
          </Text>
        )}
      </Stack>
      {gauge.overused && (
        <Text size="sm" fw={600} c="orange.9" ta="center">
          {t.needMoreHours}
        </Text>
      )}
    </Stack>
  );
}

/** Hour packages (orange fill of the used share): green 'Verbleibend' or red minus and 'Minus'. */
export function PackageRing({
  purchasedHours,
  usedHours,
  remainingHours,
  size = 210,
}: {
  purchasedHours: number;
  usedHours: number;
  remainingHours: number;
  size?: number;
}) {
  const gauge = packageGauge(purchasedHours, usedHours, remainingHours);
  return (
    <Stack align="center" gap={8}>
      <Ring
        size={size}
        thickness={14}
        value={gauge.ringValue}
        color={MEANING_COLORS.hourPackage}
        label={
          <Centre
            figure={gauge.minus ? `${MINUS}${formatNumber(-remainingHours)}` : formatNumber(remainingHours)}
            word={gauge.minus ? 'Minus' : 'Verbleibend'}
            color={gauge.minus ? NEGATIVE_TEXT : 'teal.9'}
            testId="package-ring-amount"
          />
        }
      />
      <Text size="sm" c="dimmed" ta="center">
        {usageLine(usedHours, purchasedHours)}
      </Text>
    </Stack>
  );
}
