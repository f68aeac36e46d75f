import { Text, type TextProps } from '@mantine/core';
import { MEANING_COLORS } from '../../../app/theme';
import { formatNumber } from '../../../lib/format';

/** Balance with colour and sign (SPEC §4): +green, −red, 0 grey; never colour alone. */
export function BalanceText({ hours, ...props }: { hours: number } & TextProps) {
  const rounded = Math.round(hours * 100) / 100;
  const color = rounded > 0 ? MEANING_COLORS.positive : rounded < 0 ? MEANING_COLORS.negative : MEANING_COLORS.neutral;
  const sign = rounded > 0 ? '+' : rounded < 0 ? '−' : '';
  return (
    <Text component="span" c={`${color}.8`} fw={600} {...props}>
      {sign}
      {formatNumber(Math.abs(rounded))} h
    </Text>
  );
}
