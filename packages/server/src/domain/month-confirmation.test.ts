import { describe, expect, it } from 'vitest';
import { autoConfirmDate, correctionWords, monthEnded, startsMonthAllowed } from './month-confirmation.js';

describe('Monatsfreigabe rules', () => {
  it('counts a month as ended once Vienna’s today lies in a later month', () => {
    expect(monthEnded('2026-12', '2026-12-31')).toBe(false);
    expect(monthEnded('2026-12', '2027-01-01')).toBe(true);
  });

  it('confirms December 2026 by itself on 15.01.2027 after 14 quiet days', () => {
    expect(autoConfirmDate('2026-12', 14, '2026-06-01', null)).toBe('2027-01-15');
  });

  it('restarts the quiet days with the last message and with switching the setting on', () => {
    expect(autoConfirmDate('2026-12', 14, '2026-06-01', '2027-01-10')).toBe('2027-01-24');
    expect(autoConfirmDate('2026-12', 14, '2027-01-20', '2027-01-10')).toBe('2027-02-03');
  });

  it('allows a first month up to the range before or after today’s', () => {
    expect(startsMonthAllowed('2025-12', '2026-12-05', 12)).toBe(true);
    expect(startsMonthAllowed('2025-11', '2026-12-05', 12)).toBe(false);
    expect(startsMonthAllowed('2027-12', '2026-12-05', 12)).toBe(true);
  });

  it('words a correction as both sides read it', () => {
    const f = { date: (d: string) => d.split('-').reverse().join('.'), hours: (h: string) => `${h} h` };
    const before = { workDate: '2026-10-06', hours: '2.00', activity: 'Einkauf' };
    expect(correctionWords(before, { ...before, hours: '1.5' }, f)).toBe('2.00 h → 1.5 h');
    expect(correctionWords(before, { ...before, workDate: '2026-10-07', activity: 'Apotheke' }, f)).toBe(
      'Datum 06.10.2026 → 07.10.2026, Tätigkeit jetzt „Apotheke“',
    );
    expect(correctionWords(before, { ...before, hours: '2' }, f)).toBeNull();
    expect(correctionWords(before, null, f)).toBe('Eintrag entfernt');
  });
});
