import { eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { Database } from '../../db/client.js';
import { customers, providerSettings } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { loadReferralSettings } from './referral-settings.repo.js';

/** SPEC §9: error level L; 256 px is the default size (the overlay shows it at 200). */
export const QR_OPTIONS = { errorCorrectionLevel: 'L', width: 256, margin: 2, type: 'image/png' } as const;

export type ReferralInvitation = {
  company: string;
  code: string;
  firstName: string;
  contactEmail: string;
  /** The setting "Geschenk für empfohlene Neukunden", e.g. "ein kostenloses Kennenlerngespräch …". */
  gift: string;
  /** PUBLIC_URL of the portal, without a trailing slash. */
  publicUrl: string;
};

/** The friend's page (decision 0760): what the QR code holds and the shared texts link to. */
export const inviteUrl = (publicUrl: string, code: string) => `${publicUrl}/empfehlung/${encodeURIComponent(code)}`;

/** The referral e-mail the customer sends to friends (no recipient; the mail program asks). */
export function referralMailto(i: ReferralInvitation): string {
  const subject = `Mein Empfehlungscode für ${i.company}: ${i.code}`;
  const body = [
    'Hallo,',
    '',
    `ich nutze ${i.company} und kann den Service nur empfehlen.`,
    `Mit meinem Empfehlungscode ${i.code} bekommst du ${i.gift}.`,
    '',
    `Alles Weitere findest du hier: ${inviteUrl(i.publicUrl, i.code)}`,
    ...(i.contactEmail ? ['', `Oder melde dich einfach unter ${i.contactEmail} und nenne den Code.`] : []),
    '',
    'Liebe Grüße',
    i.firstName,
  ].join('\r\n');
  return `mailto:?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

/** "Per WhatsApp teilen" (decision 0760): wa.me without a number, so WhatsApp asks whom to send it to. */
export function referralWhatsapp(i: ReferralInvitation): string {
  const text = `Ich kann dir ${i.company} nur empfehlen! Mit meinem Empfehlungscode ${i.code} bekommst du ${i.gift}: ${inviteUrl(i.publicUrl, i.code)}`;
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
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

/** The customer's referral overlay: the QR code of the friend's page, the code, mail and WhatsApp texts. */
export async function referralQrCode(db: Database, customerId: number, publicUrl: string) {
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
    gift: (await loadReferralSettings(db)).gift_text,
    publicUrl,
  };
  const url = inviteUrl(publicUrl, row.code);
  return {
    qr_code: await qrImage(url),
    mailto_link: referralMailto(invitation),
    referral_code: row.code,
    invite_url: url,
    whatsapp_link: referralWhatsapp(invitation),
  };
}

/** What the friend's page shows: the provider, the gift and how to get in touch; nothing about the customer. */
export async function referralInvitationPage(db: Database) {
  const [provider] = await db
    .select({
      company: providerSettings.companyName,
      email: providerSettings.contactEmail,
      phone: providerSettings.contactPhone,
    })
    .from(providerSettings)
    .limit(1);
  const settings = await loadReferralSettings(db);
  return {
    company: provider?.company || 'Mein BUTLER',
    gift_text: settings.gift_text,
    programme_active: settings.is_active,
    contact_email: provider?.email ?? '',
    contact_phone: provider?.phone ?? '',
  };
}
