import type { BillingType } from '@butler/contract/time-entries';
import { Badge } from '@mantine/core';
import { MEANING_COLORS } from '../../../app/theme';

/** Where an entry's hours go: ButlerPaket (blue) or Stundenpaket (orange), in words too. */
export function BillingBadge({ type }: { type: BillingType }) {
  return type === 'abos' ? (
    <Badge color={MEANING_COLORS.subscription} variant="light" radius="sm">
      Butler
    </Badge>
  ) : (
    <Badge color={MEANING_COLORS.hourPackage} variant="light" radius="sm">
      Stunde
    </Badge>
  );
}
