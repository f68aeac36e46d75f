import { SEPA_TEXT } from '@butler/contract/sepa-rules';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toSepaText } from './sepa-charset.js';

describe('SEPA character set', () => {
  it('spells out umlauts and ß, drops accents, turns & into +', () => {
    expect(toSepaText('Jürgen Größl & Söhne')).toBe('Juergen Groessl + Soehne');
    expect(toSepaText('Ärztin Öztürk')).toBe('Aerztin Oeztuerk');
    expect(toSepaText('Crème brûlée, Dvořák, Łódź')).toBe('Creme brulee, Dvorak, Lodz');
    expect(toSepaText('„Butler“ – Premium')).toBe("'Butler' - Premium");
  });

  it('replaces what has no spelling with a dot and collapses spaces', () => {
    expect(toSepaText('Preis € 10 * 2 = 20')).toBe('Preis EUR 10 . 2 . 20');
    expect(toSepaText('  a \n\t b  ')).toBe('a b');
    expect(toSepaText('漢字')).toBe('..');
  });

  it('cuts to the length asked for', () => {
    expect(toSepaText('Ä'.repeat(100), 70)).toHaveLength(70);
  });

  it('always yields text of the SEPA set, whatever comes in', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), fc.integer({ min: 1, max: 140 }), (text, max) => {
        const out = toSepaText(text, max);
        expect(out).toMatch(SEPA_TEXT);
        expect(out.length).toBeLessThanOrEqual(max);
        expect(out).toBe(out.trim());
      }),
      { numRuns: 2000 },
    );
  });
});
