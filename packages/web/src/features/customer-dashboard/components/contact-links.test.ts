import { describe, expect, it } from 'vitest';
import { contactLinks, dialable, whatsappDigits } from './contact-links';

describe('contact links of the Mein BUTLER dialog', () => {
  it('normalises phone numbers for tel:, sms: and wa.me', () => {
    expect(dialable('+43 664 123 45 67')).toBe('+436641234567');
    expect(dialable('0664 / 123 45-67')).toBe('06641234567');
    expect(whatsappDigits('+43 664 1234567')).toBe('436641234567');
    expect(whatsappDigits('0043 664 1234567')).toBe('436641234567');
    expect(whatsappDigits('0664 1234567')).toBe('436641234567');
  });

  it('builds all four links, WhatsApp falling back to the phone number', () => {
    const links = contactLinks({ contact_email: 'a@b.at', contact_phone: '0664 1234567', whatsapp_number: '' });
    expect(links.map((l) => l.href)).toEqual([
      'mailto:a@b.at',
      'https://wa.me/436641234567',
      'sms:06641234567',
      'tel:06641234567',
    ]);
  });

  it('prefers the WhatsApp number and leaves out what is not configured', () => {
    const links = contactLinks({ contact_email: '', contact_phone: '', whatsapp_number: '+49 170 1234567' });
    expect(links.map((l) => l.href)).toEqual(['https://wa.me/491701234567']);
    expect(contactLinks({ contact_email: ' ', contact_phone: '', whatsapp_number: '' })).toEqual([]);
  });
});
