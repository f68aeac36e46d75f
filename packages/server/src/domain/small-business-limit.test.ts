import { describe, expect, it } from 'vitest';
import { smallBusinessState } from './small-business-limit.js';

const euro = (value: number) => BigInt(Math.round(value * 100));

describe('the Kleinunternehmer limit (§ 6 Abs. 1 Z 27 UStG from 2025)', () => {
  it('warns from 80 % of EUR 55,000 on', () => {
    expect(smallBusinessState(euro(43_999.99), 0n)).toBe('ok');
    expect(smallBusinessState(euro(44_000), 0n)).toBe('warning');
    expect(smallBusinessState(euro(55_000), 0n)).toBe('warning');
  });

  it('over EUR 55,000 within the 10 % tolerance: exempt to the year end (WKO: 60,000 is 9.1 % over)', () => {
    expect(smallBusinessState(euro(55_000.01), 0n)).toBe('over_limit');
    expect(smallBusinessState(euro(60_000), 0n)).toBe('over_limit');
    expect(smallBusinessState(euro(60_500), 0n)).toBe('over_limit');
  });

  it('over EUR 60,500 the exemption ends with the crossing invoice', () => {
    expect(smallBusinessState(euro(60_500.01), 0n)).toBe('over_tolerance');
    expect(smallBusinessState(euro(60_500.01), euro(70_000))).toBe('over_tolerance');
  });

  it('a previous year over EUR 55,000 (even within the tolerance) rules out this year', () => {
    expect(smallBusinessState(0n, euro(55_000.01))).toBe('last_year_over');
    expect(smallBusinessState(euro(10_000), euro(56_000))).toBe('last_year_over');
    expect(smallBusinessState(euro(10_000), euro(55_000))).toBe('ok');
  });
});
