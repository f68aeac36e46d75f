import { describe, expect, it } from 'vitest';
import {
  accentColorProblem,
  contrastRatio,
  DEFAULT_ACCENT,
  HEADER_NAVY,
  lightenToContrast,
  MIN_ACCENT_CONTRAST,
} from './brand-colors.js';

describe('accent colour contrast (decision 0635)', () => {
  it('computes WCAG ratios: black on white is 21:1, a colour on itself 1:1', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio(HEADER_NAVY, HEADER_NAVY)).toBe(1);
    // Mantine's red.8 on the cards' grey: the 4.28:1 of decision 0636.
    expect(contrastRatio('#e03131', '#f8f9fa')).toBeCloseTo(4.28, 2);
  });

  it('accepts the portal gold and light colours, refuses dark ones with a lighter shade that passes', () => {
    expect(accentColorProblem(DEFAULT_ACCENT)).toBeNull();
    expect(accentColorProblem('#FFFFFF')).toBeNull();
    const problem = accentColorProblem('#8b0000');
    expect(problem).toMatch(/^Zu wenig Kontrast: #8b0000 hat auf dem dunkelblauen Kopfbereich nur 1,\d:1/);
    const suggestion = lightenToContrast('#8b0000');
    expect(problem).toContain(suggestion);
    expect(contrastRatio(suggestion, HEADER_NAVY)).toBeGreaterThanOrEqual(MIN_ACCENT_CONTRAST);
    expect(accentColorProblem(suggestion)).toBeNull();
  });

  it('asks for a hex value for anything else', () => {
    for (const bad of ['rot', '#fff', 'e0b746', '#e0b74', '#e0b7466', 'rgb(1,2,3)']) {
      expect(accentColorProblem(bad), bad).toBe('Bitte geben Sie die Farbe als Hex-Wert an, z. B. #e0b746');
    }
  });
});
