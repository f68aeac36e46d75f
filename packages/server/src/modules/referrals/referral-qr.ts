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

/** PNG data URLs by QR text: the image of a text never changes, rendering one costs ~5 ms. */
const qrImages = new Map<string, string>();
const QR_IMAGES_KEPT = 5_000;

async function qrImage(text: string): Promise<string> {
  const hit = qrImages.get(text);
  if (hit) return hit;
  const image = await QRCode.toDataURL(text, QR_OPTIONS);
  if (qrImages.size >= QR_IMAGES_KEPT) qrImages.delete(qrImages.keys().next().value as string);
  qrImages.set(text, image);
  return image;
}

export async function referralQrCode(db: Database, customerId: number) {
  const [row] = await db
    .select({
      code: customers.referralCode,
      firstName: customers.firstName,
      company: providerSettings.companyName,
      contactEmail: providerSettings.contactEmail,
    })
    .from(customers)
    .leftJoin(providerSettings, eq(providerSettings.id, 1))
    .where(eq(customers.id, customerId))
    .limit(1);
  if (!row) throw new AppError('CUSTOMER_NOT_FOUND');
  const invitation: ReferralInvitation = {
    company: row.company || 'Mein BUTLER',
    contactEmail: row.contactEmail ?? '',
    code: row.code,
    firstName: row.firstName,
  };
  return {
    qr_code: await qrImage(qrText(invitation)),
    mailto_link: referralMailto(invitation),
    referral_code: row.code,
  };
}
