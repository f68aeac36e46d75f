import { REFERRAL_GIFT_TEXT } from '@butler/contract/referrals';
import { eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { Database } from '../../db/client.js';
import { customers, providerSettings } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';

/** SPEC §9: error level L; 256 px is the default size (the overlay shows it at 200). */
export const QR_OPTIONS = { errorCorrectionLevel: 'L', width: 256, margin: 2, type: 'image/png' } as const;

export type ReferralInvitation = { company: string; code: string; firstName: string; contactEmail: string };

/**
 * What the QR code carries: a short plain text with the code and the gift, so a friend
 * scanning it on any phone reads it directly (decision 0184). The e-mail goes via mailto.
 */
export function qrText({ company, code, contactEmail }: ReferralInvitation): string {
  const lines = [`${company} – Empfehlungscode: ${code}`, `Dein Geschenk: ${REFERRAL_GIFT_TEXT}.`];
  if (contactEmail) lines.push(`Kontakt: ${contactEmail}`);
  return lines.join('\n');
}

/** The referral e-mail the customer sends to friends (no recipient; the mail program asks). */
export function referralMailto({ company, code, firstName, contactEmail }: ReferralInvitation): string {
  const subject = `Mein Empfehlungscode für ${company}: ${code}`;
  const body = [
    'Hallo,',
    '',
    `ich nutze ${company} und kann den Service nur empfehlen.`,
    `Mit meinem Empfehlungscode ${code} bekommst du ein ${REFERRAL_GIFT_TEXT}.`,
    ...(contactEmail ? ['', `Melde dich einfach unter ${contactEmail} und nenne den Code.`] : []),
    '',
    'Liebe Grüße',
    firstName,
  ].join('\r\n');
  return `mailto:?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

export async function referralQrCode(db: Database, customerId: number) {
  const [customer] = await db
    .select({ code: customers.referralCode, firstName: customers.firstName })
    .from(customers)
    .where(eq(customers.id, customerId))
    .limit(1);
  if (!customer) throw new AppError('CUSTOMER_NOT_FOUND');
  const [provider] = await db
    .select({ company: providerSettings.companyName, contactEmail: providerSettings.contactEmail })
    .from(providerSettings)
    .limit(1);
  const invitation: ReferralInvitation = {
    company: provider?.company || 'Mein BUTLER',
    contactEmail: provider?.contactEmail ?? '',
    code: customer.code,
    firstName: customer.firstName,
  };
  return {
    qr_code: await QRCode.toDataURL(qrText(invitation), QR_OPTIONS),
    mailto_link: referralMailto(invitation),
    referral_code: customer.code,
  };
}
