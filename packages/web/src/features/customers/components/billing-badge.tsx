import type { BillingType } from '@butler/contract/time-entries';
import { Badge } from '@mantine/core';
import { MEANING_COLORS } from '../../../app/theme';

/**
 * Where an entry's hours go: ButlerPaket (blue) or Stundenpaket (orange), named as everywhere
 * else ("BUTLER" and "STUNDE" said nothing to a Butler, decision 0743).
 */
export function BillingBadge({ type }: { type: BillingType }) {
  return type === 'abos' ? (
    <Badge color={MEANING_COLORS.subscription} variant="light" radius="sm">
      ButlerPaket
    </Badge>
  ) : (
    <Badge color={MEANING_COLORS.hourPackage} variant="light" radius="sm">
      Stundenpaket
    </Badge>
  );
}
