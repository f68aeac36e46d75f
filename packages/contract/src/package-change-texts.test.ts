import { describe, expect, it } from 'vitest';
import { PACKAGE_CHANGE_NEUTRAL, PACKAGE_CHANGE_TEXTS } from './package-change-texts.js';
import { CUSTOMER_VOICES, foreignVoiceWords, VOICE_MARKERS } from './voice.js';

const w = { name: 'Premium', hours: '15,00 h', from: '01.02.2027', until: '31.12.2027' };

/** Every text of the catalogue, functions called with sample words. */
function textsOf(value: unknown, path: string): Array<[string, string]> {
  if (typeof value === 'string') return [[path, value]];
  if (typeof value === 'function') return textsOf(value({ ...w, end: w.until }), path);
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => textsOf(v, `${path}.${k}`));
  return [];
}

describe('"Paket ändern" speaks the customer’s form of address (decisions 0620, 0851)', () => {
  for (const voice of CUSTOMER_VOICES) {
    it(`${voice}: no word of the other form, and its own form in the sentences that address the reader`, () => {
      const texts = textsOf(PACKAGE_CHANGE_TEXTS[voice], voice);
      const foreign = texts.flatMap(([path, text]) => foreignVoiceWords(voice, text).map((x) => `${path}: ${x}`));
      expect(foreign).toEqual([]);
      expect(texts.filter(([, text]) => VOICE_MARKERS[voice].test(text)).length).toBeGreaterThan(15);
    });
  }

  it('has the same sentences in both catalogues, and the neutral ones address nobody', () => {
    expect(Object.keys(PACKAGE_CHANGE_TEXTS.sie).sort()).toEqual(Object.keys(PACKAGE_CHANGE_TEXTS.du).sort());
    const neutral = textsOf(PACKAGE_CHANGE_NEUTRAL, 'neutral');
    expect(neutral.filter(([, text]) => VOICE_MARKERS.du.test(text) || VOICE_MARKERS.sie.test(text))).toEqual([]);
  });

  it('fills in what was asked for', () => {
    expect(PACKAGE_CHANGE_TEXTS.du.acceptedChange(w)).toBe(
      'Wir haben deinen Wunsch bestätigt: ab 01.02.2027 Premium mit 15,00 h im Monat.',
    );
    expect(PACKAGE_CHANGE_TEXTS.sie.openRenew(w)).toBe(
      'Ihr Wunsch: Verlängerung vom 01.02.2027 bis 31.12.2027. Wir prüfen ihn und melden uns.',
    );
  });
});
