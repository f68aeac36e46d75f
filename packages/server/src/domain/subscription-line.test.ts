import { describe, expect, it } from 'vitest';
import { packageTitle, subscriptionLineText } from './subscription-line.js';

describe('ButlerPaket position text (decision 0758)', () => {
  it('puts "ButlerPaket" in front of a template name once', () => {
    expect(packageTitle('Komfort')).toBe('ButlerPaket Komfort');
    expect(packageTitle('ButlerPaket Komfort')).toBe('ButlerPaket Komfort');
    expect(packageTitle('Butlerpaket Premium')).toBe('Butlerpaket Premium');
    expect(packageTitle('ButlerPaketPlus')).toBe('ButlerPaket ButlerPaketPlus');
    expect(packageTitle('  ')).toBe('ButlerPaket Individuell');
    expect(packageTitle(null)).toBe('ButlerPaket Individuell');
  });

  it('writes hours with a decimal comma and months of a longer period', () => {
    expect(subscriptionLineText('ButlerPaket Komfort', 'Dezember 2026', 1, 9.5)).toBe(
      'ButlerPaket Komfort · Dezember 2026 · 9,5 h',
    );
    expect(subscriptionLineText('Premium', 'Dezember 2026 – Februar 2027', 3, 10)).toBe(
      'ButlerPaket Premium · Dezember 2026 – Februar 2027 · 3 × 10 h',
    );
    expect(subscriptionLineText('Klassik', 'Jänner 2027', 1, 12.25)).toBe(
      'ButlerPaket Klassik · Jänner 2027 · 12,25 h',
    );
  });
});
