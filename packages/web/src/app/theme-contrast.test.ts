import { contrastRatio as contrast } from '@butler/contract/brand-colors';
import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { NEGATIVE_TEXT, theme } from './theme';

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
