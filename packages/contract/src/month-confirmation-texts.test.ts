import { describe, expect, it } from 'vitest';
import { MONTH_CONFIRMATION_TEXTS } from './month-confirmation-texts.js';
import { CUSTOMER_VOICES, foreignVoiceWords, VOICE_MARKERS } from './voice.js';

const sample = (value: unknown): string[] => {
  if (typeof value === 'string') return [value];
  if (typeof value === 'function') return [value('Oktober 2026', '3 Einträge', '4,50 h', '15.11.2026')];
  return Object.values(value as Record<string, unknown>).flatMap(sample);
};

describe('Monatsfreigabe texts keep to their form of address (decision 0620)', () => {
  for (const voice of CUSTOMER_VOICES) {
    it(`${voice}: no word of the other form, and its own form throughout`, () => {
      const texts = Object.values(MONTH_CONFIRMATION_TEXTS[voice]).flatMap(sample);
      expect(texts.flatMap((t) => foreignVoiceWords(voice, t))).toEqual([]);
      expect(texts.filter((t) => VOICE_MARKERS[voice].test(t)).length).toBeGreaterThan(10);
    });
  }

  it('says the day a month confirms itself, as the lounge shows it', () => {
    expect(MONTH_CONFIRMATION_TEXTS.du.autoConfirmOn('15.01.2027')).toBe(
      'Wird am 15.01.2027 automatisch bestätigt, wenn du bis dahin nicht nachfragst.',
    );
  });
});
