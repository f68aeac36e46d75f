import { describe, expect, it } from 'vitest';
import { HOUR_SHOP_TEXTS } from './hour-shop-texts.js';
import { LETTER_TEXTS } from './letter-texts.js';
import { LOUNGE_TEXTS, PUBLIC_PAGE_TEXTS } from './lounge-texts.js';
import { CUSTOMER_VOICES, type CustomerVoice, foreignVoiceWords, greeting, VOICE_MARKERS } from './voice.js';

/** A stand-in for any argument: prints as "7", has every property. */
const sample: any = new Proxy(() => sample, {
  get: (_t, key) => (key === Symbol.toPrimitive ? () => '7' : sample),
});

/** Every text of a catalogue, functions called with sample arguments, arrays and objects walked. */
function textsOf(value: unknown, path: string): Array<[string, string]> {
  if (typeof value === 'string') return [[path, value]];
  if (typeof value === 'function') return textsOf(value(sample, sample, sample), path);
  if (Array.isArray(value)) return value.flatMap((v, i) => textsOf(v, `${path}[${i}]`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => textsOf(v, `${path}.${k}`));
  return [];
}

describe('the customer texts keep to their form of address (decision 0620)', () => {
  for (const voice of CUSTOMER_VOICES) {
    it(`every ${voice} text of the lounge, the mails and the PDFs has no word of the other form`, () => {
      const texts = [
        ...textsOf(LOUNGE_TEXTS[voice], 'lounge'),
        ...textsOf(LETTER_TEXTS[voice], 'letter'),
        ...textsOf(HOUR_SHOP_TEXTS[voice], 'hourShop'),
      ];
      expect(texts.length).toBeGreaterThan(60);
      const foreign = texts.flatMap(([path, text]) => foreignVoiceWords(voice, text).map((w) => `${path}: ${w}`));
      expect(foreign).toEqual([]);
      // …and each catalogue speaks its own form somewhere (a catalogue copied from the other would fail).
      const own = texts.filter(([, text]) => VOICE_MARKERS[voice].test(text));
      expect(own.length).toBeGreaterThan(30);
    });
  }

  it('has the same texts in both catalogues', () => {
    expect(Object.keys(LOUNGE_TEXTS.sie).sort()).toEqual(Object.keys(LOUNGE_TEXTS.du).sort());
    expect(Object.keys(LETTER_TEXTS.sie).sort()).toEqual(Object.keys(LETTER_TEXTS.du).sort());
    expect(Object.keys(HOUR_SHOP_TEXTS.sie).sort()).toEqual(Object.keys(HOUR_SHOP_TEXTS.du).sort());
  });

  it('writes the login and "Passwort vergessen" pages with neither form', () => {
    for (const [path, text] of textsOf(PUBLIC_PAGE_TEXTS, 'public')) {
      for (const voice of CUSTOMER_VOICES) expect(foreignVoiceWords(voice, text), path).toEqual([]);
    }
  });

  it('keeps SPEC.md’s du texts letter for letter', () => {
    expect(LOUNGE_TEXTS.du.needMoreHours).toBe('Brauchst du mehr BUTLER Stunden?');
  });

  it('finds the other form where there is one', () => {
    expect(foreignVoiceWords('du', 'Bitte melden Sie sich an.')).toEqual(['Sie']);
    expect(foreignVoiceWords('sie', 'Hier siehst du deine Stunden.')).toEqual(['siehst', 'du', 'deine']);
    expect(foreignVoiceWords('du' as CustomerVoice, 'Zu Diensten, Maria.')).toEqual([]);
  });
});

describe('greeting', () => {
  const maria = { firstName: 'Maria', lastName: 'Gruber', salutation: 'frau' as const };
  it('greets by first name in du, by salutation and last name in Sie', () => {
    expect(greeting('du', maria)).toBe('Hallo Maria');
    expect(greeting('sie', maria)).toBe('Sehr geehrte Frau Gruber');
    expect(greeting('sie', { firstName: 'Johann', lastName: 'Huber', salutation: 'herr' })).toBe(
      'Sehr geehrter Herr Huber',
    );
  });
  it('never guesses a gender: the full name without a salutation, the formal plural without a name', () => {
    expect(greeting('sie', { ...maria, salutation: null })).toBe('Guten Tag Maria Gruber');
    expect(greeting('sie', null)).toBe('Sehr geehrte Damen und Herren');
    expect(greeting('du', null)).toBe('Hallo');
    expect(greeting('du', { firstName: ' ', lastName: 'Gruber', salutation: null })).toBe('Hallo Gruber');
  });
});
