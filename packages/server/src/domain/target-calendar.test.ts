import { describe, expect, it } from 'vitest';
import { addDays } from './calendar.js';
import { announcedCollectionDate, collectionDateProblem, earliestCollectionDate } from './collection-dates.js';
import { addTargetDays, easterSunday, isTargetDay, nextTargetDay } from './target-calendar.js';

describe('TARGET calendar', () => {
  it('knows Easter Sunday (published dates)', () => {
    const known: Record<number, string> = {
      2024: '2024-03-31',
      2025: '2025-04-20',
      2026: '2026-04-05',
      2027: '2027-03-28',
      2038: '2038-04-25',
      2285: '2285-03-22',
    };
    for (const [year, date] of Object.entries(known)) expect(easterSunday(Number(year))).toBe(date);
  });

  it('closes on weekends, 1 Jan, Good Friday, Easter Monday, 1 May, 25 and 26 Dec only', () => {
    const closed2026 = ['2026-01-01', '2026-04-03', '2026-04-06', '2026-05-01', '2026-12-25', '2026-12-26'];
    for (const date of closed2026) expect(isTargetDay(date), date).toBe(false);
    // Austrian holidays that are TARGET days: Epiphany, Ascension, 8 Dec, Christmas Eve, 31 Dec.
    for (const date of ['2026-01-06', '2026-05-14', '2026-12-08', '2026-12-24', '2026-12-31']) {
      expect(isTargetDay(date), date).toBe(true);
    }
    expect(isTargetDay('2026-11-28')).toBe(false); // Saturday
    expect(isTargetDay('2026-11-29')).toBe(false); // Sunday
    let open = 0;
    for (let d = '2026-01-01'; d <= '2026-12-31'; d = addDays(d, 1)) if (isTargetDay(d)) open++;
    expect(open).toBe(256); // 261 weekdays less the five holidays on weekdays (26 Dec 2026 is a Saturday)
  });

  it('moves to the next TARGET day and counts TARGET days', () => {
    expect(nextTargetDay('2026-12-24')).toBe('2026-12-24');
    expect(nextTargetDay('2026-12-25')).toBe('2026-12-28');
    expect(nextTargetDay('2026-04-03')).toBe('2026-04-07');
    expect(addTargetDays('2026-12-23', 2)).toBe('2026-12-28');
    expect(addTargetDays('2026-11-27', 2)).toBe('2026-12-01');
  });
});

describe('collection dates', () => {
  it('announce the first TARGET day on or after due date and pre-notification', () => {
    expect(announcedCollectionDate('2026-12-01', '2026-12-15', 14)).toBe('2026-12-15');
    // 14 days after the invoice is a Saturday: the Monday after.
    expect(announcedCollectionDate('2026-11-14', '2026-11-20', 14)).toBe('2026-11-30');
    // A shorter agreed period: the due date rules.
    expect(announcedCollectionDate('2026-12-10', '2026-12-24', 5)).toBe('2026-12-24');
    expect(announcedCollectionDate('2026-12-11', '2026-12-11', 14)).toBe('2026-12-28');
  });

  it('needs two TARGET days ahead, at most 14 calendar days, on a TARGET day', () => {
    const today = '2026-11-27'; // Friday
    expect(earliestCollectionDate(today)).toBe('2026-12-01');
    expect(collectionDateProblem('2026-12-01', today)).toBeNull();
    expect(collectionDateProblem('2026-12-11', today)).toBeNull();
    expect(collectionDateProblem('2026-11-30', today)).toBe(
      'Die Bank braucht zwei Bankarbeitstage Vorlauf: frühestens am 01.12.2026 einziehbar',
    );
    expect(collectionDateProblem('2026-11-28', today)).toBe(
      'Der 28.11.2026 ist kein Bankarbeitstag (Wochenende oder TARGET-Feiertag). Nächster möglicher Tag: 01.12.2026',
    );
    expect(collectionDateProblem('2026-12-14', today)).toBe(
      'Eine Lastschrift darf höchstens 14 Tage vor dem Einzugstag eingereicht werden: spätestens 11.12.2026',
    );
    expect(collectionDateProblem('2026-12-25', '2026-12-14')).toMatch(/Nächster möglicher Tag: 28.12.2026/);
  });
});
