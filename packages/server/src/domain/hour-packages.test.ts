import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { packageBalance } from './hour-packages.js';

describe('packageBalance (DOMAIN-RULES §4 Stundenpakete)', () => {
  it('remaining = purchased − used, exact to the quarter hour', () => {
    expect(packageBalance([{ hours: '10' }, { hours: '2.5' }], [{ hours: '0.25' }, { hours: '3.75' }])).toEqual({
      purchased: 12.5,
      used: 4,
      remaining: 8.5,
    });
  });

  it('goes below zero on overuse (Minus) and negative corrections give hours back', () => {
    expect(packageBalance([{ hours: '5' }], [{ hours: '7' }])).toEqual({ purchased: 5, used: 7, remaining: -2 });
    expect(packageBalance([{ hours: '5' }], [{ hours: '7' }, { hours: '-3' }]).remaining).toBe(1);
  });

  it('is all zero without packages and entries', () => {
    expect(packageBalance([], [])).toEqual({ purchased: 0, used: 0, remaining: 0 });
  });

  it('purchased − used = remaining for any quarter-hour values (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 400 })),
        fc.array(fc.integer({ min: -40, max: 80 }).filter((q) => q !== 0)),
        (halves, quarters) => {
          const b = packageBalance(
            halves.map((x) => ({ hours: x / 2 })),
            quarters.map((q) => ({ hours: q / 4 })),
          );
          return Math.round(b.purchased * 100) - Math.round(b.used * 100) === Math.round(b.remaining * 100);
        },
      ),
    );
  });
});
