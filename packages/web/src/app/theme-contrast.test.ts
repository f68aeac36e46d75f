import { contrastRatio as contrast, HEADER_NAVY } from '@butler/contract/brand-colors';
import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { NEGATIVE_TEXT, theme } from './theme';

const colors = { ...DEFAULT_THEME.colors, ...theme.colors } as Record<string, readonly string[]>;
const grey = colors.gray;
const BACKGROUNDS = ['#ffffff', grey[0], grey[1]];

describe('negative text ("Minus", overdue)', () => {
  it('meets WCAG AA (4.5:1) on white and on the grey card backgrounds', () => {
    const [name, shade] = NEGATIVE_TEXT.split('.');
    for (const background of BACKGROUNDS) {
      expect(contrast(colors[name][Number(shade)], background), background).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('text in a colour (decision 0744)', () => {
  it('shades 8 and 9 of every meaning colour read at 4.5:1 on white and the cards’ greys', () => {
    // `c="red"` is shade 8 (the filled shade), amounts and notes use 8 or 9.
    for (const name of ['red', 'orange', 'teal', 'green', 'cyan', 'blue', 'navy', 'gray']) {
      for (const shade of [8, 9]) {
        for (const background of BACKGROUNDS) {
          expect(contrast(colors[name][shade], background), `${name}.${shade} on ${background}`).toBeGreaterThanOrEqual(
            4.5,
          );
        }
      }
    }
  });

  it('fixes what the walk found: Mantine’s own shades fell short', () => {
    // Zahlungseingänge (teal.8, red.8 on grey), Lastschriften (orange.8), the SEPA readiness text (teal.8).
    expect(contrast(DEFAULT_THEME.colors.teal[8], grey[0])).toBeLessThan(4.5);
    expect(contrast(DEFAULT_THEME.colors.red[8], grey[0])).toBeLessThan(4.5);
    expect(contrast(DEFAULT_THEME.colors.orange[8], grey[0])).toBeLessThan(4.5);
    expect(colors.teal[8]).not.toBe(DEFAULT_THEME.colors.teal[8]);
  });

  it('a filled gold button carries navy text at 4.5:1 (the referral dialog’s "Per E-Mail empfehlen")', () => {
    const resolved = theme.variantColorResolver?.({
      color: 'gold',
      theme: { ...DEFAULT_THEME, ...theme, colors } as any,
      variant: 'filled',
    });
    expect(resolved?.color).toBe(HEADER_NAVY);
    expect(contrast(HEADER_NAVY, resolved?.background as string)).toBeGreaterThanOrEqual(4.5);
    // Mantine's filled gold (the filled shade, 8) had 3.15:1 under navy.
    expect(contrast(HEADER_NAVY, colors.gold[8])).toBeLessThan(4.5);
  });
});
