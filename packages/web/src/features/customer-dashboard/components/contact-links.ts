/**
 * Links of the 'Mein BUTLER' dialog from the provider's contact settings. Phone numbers
 * are typed by staff in any style ('0664 123 45 67', '+43 664 …', '0043 …').
 */

/** `tel:`/`sms:` accept '+' and digits only. */
export function dialable(phone: string): string {
  // '+43 (0)664 …': the bracketed trunk 0 is not dialled after the country code.
  const trimmed = phone.trim().replace(/\(0\)/g, '');
  const digits = trimmed.replace(/\D/g, '');
  return trimmed.startsWith('+') ? `+${digits}` : digits;
}

/**
 * wa.me wants the international number as digits without '+' or '00'. A national number
 * (leading single 0) is taken as Austrian (+43), where the portal's provider works.
 */
export function whatsappDigits(phone: string): string {
  const trimmed = phone.trim().replace(/\(0\)/g, '');
  const digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+')) return digits;
  if (digits.startsWith('00')) return digits.slice(2);
  if (digits.startsWith('0')) return `43${digits.slice(1)}`;
  return digits;
}

/**
 * Whether a number reaches a mobile phone (decision 0636): Austrian mobile numbers are
 * (0)650–(0)699 (KEM-V, the RTR's numbering plan); for Germany (+49 15x–17x) and
 * Switzerland (+41 75–79) the same is known; any other number counts as a landline, because
 * an SMS or WhatsApp to a landline goes nowhere.
 */
export function isMobileNumber(phone: string): boolean {
  const international = whatsappDigits(phone);
  if (/^436[5-9]\d{6,}$/.test(international)) return true;
  if (/^491[5-7]\d{7,}$/.test(international)) return true;
  if (/^417[5-9]\d{7}$/.test(international)) return true;
  return false;
}

export type ContactLink = { key: 'mail' | 'whatsapp' | 'sms' | 'phone'; label: string; detail: string; href: string };

export function contactLinks(contact: { contact_email: string; contact_phone: string; whatsapp_number: string }) {
  const links: ContactLink[] = [];
  const email = contact.contact_email.trim();
  const phone = contact.contact_phone.trim();
  // A WhatsApp number set on purpose is trusted; the phone number stands in only when it is a mobile.
  const mobile = isMobileNumber(phone);
  const whatsapp = contact.whatsapp_number.trim() || (mobile ? phone : '');
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
    if (mobile) links.push({ key: 'sms', label: 'SMS senden', detail: phone, href: `sms:${dialable(phone)}` });
    links.push({ key: 'phone', label: 'Anrufen', detail: phone, href: `tel:${dialable(phone)}` });
  }
  return links;
}
