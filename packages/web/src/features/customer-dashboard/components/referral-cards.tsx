import type { ReferralData } from '@butler/contract/referrals';
import { Badge, Button, Card, Divider, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconGift, IconQrcode, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useLoungeTexts } from '../../../app/lounge-voice';
import { formatPercent, ReferralTier, referralDiscountBadge } from '../../../components/referral-tier';
import layout from '../../../components/responsive.module.css';
import { formatEuro } from '../../../lib/format';
import classes from './lounge.module.css';

function CardHeading({ icon, title, subtitle }: { icon: ReactNode; title: string; subtitle: string }) {
  return (
    <Group gap="sm" wrap="nowrap" miw={0}>
      <ThemeIcon variant="light" color="gold" size={40} radius="xl">
        {icon}
      </ThemeIcon>
      <Stack gap={0} miw={0}>
        <Text component="h2" fw={600} fz="lg" ff="heading" c="navy.9" m={0}>
          {title}
        </Text>
        <Text size="xs" c="dimmed">
          {subtitle}
        </Text>
      </Stack>
    </Group>
  );
}

function ShareButton({ onShare }: { onShare: () => void }) {
  return (
    <Button
      variant="light"
      color="gold"
      c="navy.9"
      radius="xl"
      leftSection={<IconQrcode size={18} aria-hidden />}
      onClick={onShare}
    >
      Empfehlungscode teilen
    </Button>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Paper radius="md" p="sm" bg="teal.0" withBorder={false}>
      <div className={layout.rowThenStack}>
        <Text size="xs" c="dimmed" fw={600} tt="uppercase" style={{ letterSpacing: '0.05em' }}>
          {label}
        </Text>
        <Text fw={700} c="teal.9" className={classes.figureValue} data-testid={testId}>
          {value}
        </Text>
      </div>
    </Paper>
  );
}

/** Referral savings card (SPEC §2, only when referral_count > 0): figures, tier, referrals. */
export function ReferralSavingsCard({ data, onShare }: { data: ReferralData; onShare: () => void }) {
  const t = useLoungeTexts();
  const figures = [
    { label: t.referralDiscount, amount: data.total_discount_percentage, testId: 'referral-discount' },
    { label: 'Ersparnis pro Monat', amount: data.monthly_savings_euro, testId: 'referral-monthly' },
    { label: 'Ersparnis über die Laufzeit', amount: data.total_referral_savings_euro, testId: 'referral-total' },
  ]
    .filter((f) => f.amount > 0)
    .map((f) => ({ ...f, value: f.testId === 'referral-discount' ? formatPercent(f.amount) : formatEuro(f.amount) }));
  return (
    <Card component="section" aria-label={t.referralsTitle} data-testid="referral-savings-card">
      <Group justify="space-between" align="flex-start" gap="sm" mb="md">
        <CardHeading
          icon={<IconUsers size={22} aria-hidden />}
          title={t.referralsTitle}
          subtitle={t.referralsThanks(data.referral_count)}
        />
        <ShareButton onShare={onShare} />
      </Group>
      {/* Only figures worth showing: "0 %" and "€ 0,00" tiles say nothing (decision 0623). */}
      {figures.length > 0 && (
        <div className={layout.threeFromXs} data-testid="referral-figures">
          {figures.map((f) => (
            <Figure key={f.testId} label={f.label} value={f.value} testId={f.testId} />
          ))}
        </div>
      )}
      {!data.referral_program_enabled && (
        <Text size="sm" c="dimmed" mt="sm">
          Das Empfehlungsprogramm ist derzeit pausiert.
        </Text>
      )}
      <Divider my="md" />
      <ReferralTier info={data.next_tier_info} rRatio={data.r_ratio} />
      <Divider my="md" />
      <Text fw={600} size="sm" mb={4}>
        {t.referredByYou}
      </Text>
      <Stack gap={0} data-testid="referral-list">
        {data.referrals.map((r, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the list names no one else by id (decision 0503); it comes whole, in signup order
          <Group key={index} justify="space-between" wrap="nowrap" gap="sm" py={8} className={classes.entry}>
            <Text size="sm" fw={500} truncate miw={0}>
              {r.first_name}
            </Text>
            {r.counts_for_discount ? (
              <Badge color="teal" variant="light" radius="sm" tt="none" style={{ flexShrink: 0 }}>
                {referralDiscountBadge(r.discount_percentage)}
              </Badge>
            ) : (
              <Badge color="gray" variant="light" radius="sm" tt="none" style={{ flexShrink: 0 }}>
                Zählt noch nicht
              </Badge>
            )}
          </Group>
        ))}
      </Stack>
    </Card>
  );
}

/**
 * Referral teaser (SPEC §2: no referrals yet, a subscription exists, programme enabled).
 * The discount is the programme's current one from referral_stats (decision 0281).
 */
export function ReferralTeaserCard({
  discountPerReferral,
  gift,
  onShare,
}: {
  discountPerReferral: number;
  /** The setting "Geschenk für empfohlene Neukunden" (decision 0760). */
  gift: string;
  onShare: () => void;
}) {
  const t = useLoungeTexts();
  return (
    <Card component="section" aria-label={t.referTitle} data-testid="referral-teaser-card">
      {/* Below the sm breakpoint the button goes under the text: side by side, a 390 px
          phone squeezed the text to one word per line (decision 0421). */}
      <div className={layout.stackThenRow}>
        <Group gap="md" wrap="nowrap" align="flex-start" miw={0} style={{ flex: 1 }}>
          <ThemeIcon variant="light" color="gold" size={48} radius="xl" style={{ flexShrink: 0 }}>
            <IconGift size={26} aria-hidden />
          </ThemeIcon>
          <Stack gap={4} miw={0} style={{ flex: 1 }}>
            <Text component="h2" fw={600} fz="lg" ff="heading" c="navy.9" m={0}>
              {t.referTitle}
            </Text>
            <Text size="sm">{t.referText(formatPercent(discountPerReferral))}</Text>
            <Text size="sm" c="dimmed">
              {t.referGift(gift)}
            </Text>
          </Stack>
        </Group>
        <ShareButton onShare={onShare} />
      </div>
    </Card>
  );
}
