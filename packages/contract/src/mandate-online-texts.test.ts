import { describe, expect, it } from 'vitest';
import { MANDATE_ONLINE_TEXTS } from './mandate-online-texts.js';
import { CUSTOMER_VOICES, foreignVoiceWords, VOICE_MARKERS } from './voice.js';

/** A stand-in for any argument: prints as "7", has every property. */
const sample: any = new Proxy(() => sample, {
  get: (_t, key) => (key === Symbol.toPrimitive ? () => '7' : sample),
});

const textsOf = (voice: (typeof CUSTOMER_VOICES)[number]) =>
  Object.entries(MANDATE_ONLINE_TEXTS[voice]).map(
    ([key, value]) =>
      [
        key,
        typeof value === 'function' ? String((value as (...args: unknown[]) => string)(sample, sample)) : value,
      ] as const,
  );

describe('the words of "Lastschrift einrichten" (decision 0853)', () => {
  for (const voice of CUSTOMER_VOICES) {
    it(`keep to the ${voice} form and speak it`, () => {
      const texts = textsOf(voice);
      expect(texts.flatMap(([key, text]) => foreignVoiceWords(voice, text).map((w) => `${key}: ${w}`))).toEqual([]);
      expect(texts.filter(([, text]) => VOICE_MARKERS[voice].test(text)).length).toBeGreaterThan(15);
      expect(texts.filter(([, text]) => text.includes('…') || /\bAbo\b/.test(text))).toEqual([]);
    });
  }

  it('has the same texts in both forms', () => {
    expect(Object.keys(MANDATE_ONLINE_TEXTS.sie).sort()).toEqual(Object.keys(MANDATE_ONLINE_TEXTS.du).sort());
  });
});
