/**
 * Links of the 'Mein BUTLER' dialog from the provider's contact settings. Phone numbers
 * are typed by staff in any style ('0664 123 45 67', '+43 664 …', '0043 …').
 */

/** `tel:`/`sms:` accept '+' and digits only. */
export function dialable(phone: string): string {
  const trimmed = phone.trim();
  const digits = trimmed.replace(/\D/g, '');
  return trimmed.startsWith('+') ? `+${digits}` : digits;
}

/**
 * wa.me wants the international number as digits without '+' or '00'. A national number
 * (leading single 0) is taken as Austrian (+43), where the portal's provider works.
 */
export function whatsappDigits(phone: string): string {
  const trimmed = phone.trim();
  const digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+')) return digits;
  if (digits.startsWith('00')) return digits.slice(2);
  if (digits.startsWith('0')) return `43${digits.slice(1)}`;
  return digits;
}

export type ContactLink = { key: 'mail' | 'whatsapp' | 'sms' | 'phone'; label: string; detail: string; href: string };

export function contactLinks(contact: { contact_email: string; contact_phone: string; whatsapp_number: string }) {
  const links: ContactLink[] = [];
  const email = contact.contact_email.trim();
  const phone = contact.contact_phone.trim();
  const whatsapp = contact.whatsapp_number.trim() || phone;
  if (email) links.push({ key: 'mail', label: 'E-Mail schreiben', detail: email, href: `mailto:${email}` });
  if (whatsapp && whatsappDigits(whatsapp)) {
    links.push({
      key: 'whatsapp',
      label: 'WhatsApp',
      detail: whatsapp,
      href: `https://wa.me/${whatsappDigits(whatsapp)}`,
    });
  }
  if (phone && dialable(phone).replace('+', '')) {
    links.push({ key: 'sms', label: 'SMS senden', detail: phone, href: `sms:${dialable(phone)}` });
    links.push({ key: 'phone', label: 'Anrufen', detail: phone, href: `tel:${dialable(phone)}` });
  }
  return links;
}
