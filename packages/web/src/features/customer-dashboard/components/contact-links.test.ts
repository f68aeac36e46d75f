import { describe, expect, it } from 'vitest';
import { contactLinks, dialable, isMobileNumber, whatsappDigits } from './contact-links';

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

  it('offers SMS and WhatsApp only for a mobile number; a landline gets the call alone', () => {
    const landline = contactLinks({ contact_email: '', contact_phone: '01 234 56 78', whatsapp_number: '' });
    expect(landline.map((l) => l.key)).toEqual(['phone']);
    const vienna = contactLinks({ contact_email: '', contact_phone: '+43 1 5134567', whatsapp_number: '' });
    expect(vienna.map((l) => l.key)).toEqual(['phone']);
    // A WhatsApp number set on purpose stays, even next to a landline.
    const both = contactLinks({ contact_email: '', contact_phone: '01 2345678', whatsapp_number: '0676 1234567' });
    expect(both.map((l) => l.key)).toEqual(['whatsapp', 'phone']);
  });

  it('knows the Austrian mobile prefixes 0650–0699 in every spelling', () => {
    for (const n of ['0664 1234567', '+43 650 1234567', '0043 699 12345678', '+43 (0)676 123 45 67', '0681 10123456']) {
      expect(isMobileNumber(n), n).toBe(true);
    }
    for (const n of ['01 5134567', '+43 1 5134567', '0316 123456', '0732 7070', '0800 123456', '0640 1234567', '']) {
      expect(isMobileNumber(n), n).toBe(false);
    }
    expect(isMobileNumber('+49 170 1234567')).toBe(true);
    expect(isMobileNumber('+49 30 1234567')).toBe(false);
    expect(isMobileNumber('+41 79 123 45 67')).toBe(true);
  });

  it('prefers the WhatsApp number and leaves out what is not configured', () => {
    const links = contactLinks({ contact_email: '', contact_phone: '', whatsapp_number: '+49 170 1234567' });
    expect(links.map((l) => l.href)).toEqual(['https://wa.me/491701234567']);
    expect(contactLinks({ contact_email: ' ', contact_phone: '', whatsapp_number: '' })).toEqual([]);
  });
});
