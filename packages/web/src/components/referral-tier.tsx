import type { ReferralData } from '@butler/contract/referrals';
import { Badge, Box, Group, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconArrowRight, IconTrophy } from '@tabler/icons-react';
import { formatDecimal, formatHours, formatPercent } from '../lib/format';

export { formatPercent };

/** SPEC §4 badge text of a referral entry in the lounge: '+3% Rabatt'. */
export function referralDiscountBadge(discount: number): string {
  return `+${formatDecimal(discount)}% Rabatt`;
}

function TierBox({ label, tier, cap, highlight }: { label: string; tier: number; cap: number; highlight?: boolean }) {
  return (
    <Stack gap={0} miw={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} style={{ letterSpacing: '0.06em' }}>
        {label}
      </Text>
      <Text fw={700} fz="lg" c={highlight ? 'navy.9' : 'gray.7'}>
        Stufe {tier}
      </Text>
      <Text size="sm" c="dimmed">
        bis {formatPercent(cap)} Rabatt
      </Text>
    </Stack>
  );
}

/**
 * Tier display (SPEC §4): with a next tier the current and the next tier and the referral
 * hours still needed; at the top 'Höchste Stufe erreicht!'. Shared by the lounge and the
 * admin Empfehlungen card.
 */
export function ReferralTier({
  info,
  rRatio,
  showRatio = false,
}: {
  info: ReferralData['next_tier_info'];
  rRatio: number;
  /** Admin card: the ratio of referral hours to own hours against the next threshold. */
  showRatio?: boolean;
}) {
  if (info.next_tier === null) {
    return (
      <Group gap="sm" wrap="nowrap" data-testid="referral-tier">
        <ThemeIcon color="gold" variant="light" size={40} radius="xl">
          <IconTrophy size={22} aria-hidden />
        </ThemeIcon>
        <Stack gap={0}>
          <Text fw={700}>Höchste Stufe erreicht!</Text>
          <Text size="sm" c="dimmed">
            Stufe {info.current_tier} · bis {formatPercent(info.current_cap)} Rabatt
          </Text>
        </Stack>
      </Group>
    );
  }
  const threshold = info.next_threshold ?? 0;
  const progress = threshold > 0 ? Math.min(100, (rRatio / threshold) * 100) : 0;
  return (
    <Stack gap="xs" data-testid="referral-tier">
      <Group justify="space-between" wrap="nowrap" gap="xs" align="center">
        <TierBox label="Aktuelle Stufe" tier={info.current_tier} cap={info.current_cap} highlight />
        <Box c="gray.5" style={{ flexShrink: 0 }}>
          <IconArrowRight size={20} aria-hidden />
        </Box>
        <Box ta="right">
          <TierBox label="Nächste Stufe" tier={info.next_tier} cap={info.next_cap ?? 0} />
        </Box>
      </Group>
      <Progress
        value={progress}
        color="gold"
        size="md"
        radius="xl"
        aria-label={`Fortschritt bis Stufe ${info.next_tier}`}
      />
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={500}>
          {info.additional_ref_hours_needed > 0
            ? `noch ${formatHours(info.additional_ref_hours_needed)} Empfehlungsstunden bis Stufe ${info.next_tier}`
            : // Without own hours the ratio counts as 0 (decision 0180): no hours figure to show.
              `Stufe ${info.next_tier} zählt ab dem eigenen ButlerPaket`}
        </Text>
        {showRatio && (
          <Badge variant="light" color="gray" radius="sm" tt="none">
            Quote {formatDecimal(rRatio)} von {formatDecimal(threshold)}
          </Badge>
        )}
      </Group>
    </Stack>
  );
}
