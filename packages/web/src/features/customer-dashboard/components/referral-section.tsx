import type { CustomerDashboard } from '@butler/contract/dashboard';
import { useDisclosure } from '@mantine/hooks';
import { ReferralSavingsCard, ReferralTeaserCard } from './referral-cards';
import { ReferralQrDialog } from './referral-qr-dialog';

/**
 * The lounge's referral part (SPEC §2): the savings card once the customer has referred
 * someone, otherwise the teaser (only with a subscription and the programme enabled), and
 * the QR overlay both of them open. Nothing at all when neither card applies.
 */
export function ReferralSection({ data, customerId }: { data: CustomerDashboard; customerId?: number }) {
  const [qrOpen, qr] = useDisclosure(false);
  const referral = data.referral_data;
  const showSavings = referral.referral_count > 0;
  const showTeaser = !showSavings && data.subscription !== null && referral.referral_program_enabled;
  if (!showSavings && !showTeaser) return null;
  return (
    <>
      {showSavings ? (
        <ReferralSavingsCard data={referral} onShare={qr.open} />
      ) : (
        <ReferralTeaserCard onShare={qr.open} />
      )}
      <ReferralQrDialog customerId={customerId ?? data.customer.id} opened={qrOpen} onClose={qr.close} />
    </>
  );
}
