import type { CustomerDashboard } from '@butler/contract/dashboard';
import { useDisclosure } from '@mantine/hooks';
import { lazy } from 'react';
import { MountOnFirstOpen } from '../../../components/mount-on-first-open';
import { ReferralSavingsCard, ReferralTeaserCard } from './referral-cards';

// Loaded on first open: its tooltip would otherwise bring @floating-ui into the lounge's first load.
const ReferralQrDialog = lazy(async () => ({ default: (await import('./referral-qr-dialog')).ReferralQrDialog }));

/**
 * The lounge's referral part (SPEC §2): the savings card once the customer has referred
 * someone, otherwise the teaser (only with a subscription and the programme enabled), and
 * the QR overlay both of them open. Nothing at all when neither card applies.
 */
export function ReferralSection({ data, customerId }: { data: CustomerDashboard; customerId?: number }) {
  const [qrOpen, qr] = useDisclosure(false);
  const referral = data.referral_data;
  const stats = data.referral_stats;
  // Staff who may not see prices (a Butler) get neither: the savings are money.
  if (!referral || !stats) return null;
  const showSavings = referral.referral_count > 0;
  const showTeaser = !showSavings && data.subscription !== null && referral.referral_program_enabled;
  if (!showSavings && !showTeaser) return null;
  return (
    <>
      {showSavings ? (
        <ReferralSavingsCard data={referral} onShare={qr.open} />
      ) : (
        <ReferralTeaserCard
          discountPerReferral={stats.discount_per_referral}
          gift={stats.gift_text}
          onShare={qr.open}
        />
      )}
      <MountOnFirstOpen opened={qrOpen}>
        <ReferralQrDialog customerId={customerId ?? data.customer.id} opened={qrOpen} onClose={qr.close} />
      </MountOnFirstOpen>
    </>
  );
}
