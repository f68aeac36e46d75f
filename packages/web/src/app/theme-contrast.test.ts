import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { NEGATIVE_TEXT, theme } from './theme';

/** WCAG 2.x contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string) {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const v = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe('negative text ("Minus", overdue)', () => {
  it('meets WCAG AA (4.5:1) on white and on the grey card backgrounds', () => {
    const [name, shade] = NEGATIVE_TEXT.split('.');
    const colour = DEFAULT_THEME.colors[name][Number(shade)];
    const grey = theme.colors?.gray ?? DEFAULT_THEME.colors.gray;
    for (const background of ['#ffffff', grey[0], grey[1]]) {
      expect(contrast(colour, background), background).toBeGreaterThanOrEqual(4.5);
    }
    // The shade it replaced fell short on the cards' grey (4.28:1, issue 30).
    expect(contrast(DEFAULT_THEME.colors.red[8], grey[0])).toBeLessThan(4.5);
  });
});
