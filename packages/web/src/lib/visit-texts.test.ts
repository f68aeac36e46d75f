import { MONTH_NAMES } from '@butler/contract/format';
import { describe, expect, it } from 'vitest';
import {
  loungePlace,
  monthName,
  peopleList,
  tripRows,
  tripsCount,
  tripsLine,
  visitTimeSpan,
  whoComes,
} from './visit-texts';

describe('tripsLine', () => {
  it('names the month and the used trips against the allotment', () => {
    const line = tripsLine({ month: '2026-12', used: 2, allotted: 4, carried_over: 0 });
    expect(line.startsWith(`Fahrten im ${MONTH_NAMES[11]}:`)).toBe(true);
    expect(line).toMatch(/: 2 von 4$/);
  });

  it('leaves out the allotment when the customer has none', () => {
    const line = tripsLine({ month: '2026-01', used: 3, allotted: null, carried_over: 0 });
    expect(line).toContain(MONTH_NAMES[0]);
    expect(line).not.toContain('von');
    expect(line.endsWith(': 3')).toBe(true);
  });

  it('shows an allotment of zero as such', () => {
    expect(tripsLine({ month: '2026-05', used: 0, allotted: 0, carried_over: 0 })).toMatch(/0 von 0$/);
  });

  it('counts Fahrten carried over from the month before and says how many', () => {
    expect(tripsLine({ month: '2026-12', used: 3, allotted: 4, carried_over: 1 })).toMatch(
      /: 3 von 5, davon 1 aus dem Vormonat$/,
    );
  });
});

describe('monthName', () => {
  it('takes the month from a YYYY-MM code and keeps anything else as it is', () => {
    expect(monthName('2027-03')).toBe(MONTH_NAMES[2]);
    expect(monthName('2027-13')).toBe('2027-13');
    expect(monthName('')).toBe('');
  });
});

describe('tripsCount', () => {
  it('is the count alone without an allotment', () => {
    expect(tripsCount({ month: '2026-12', used: 1, allotted: null, carried_over: 0 })).toBe('1');
    expect(tripsCount({ month: '2026-12', used: 1, allotted: 2, carried_over: 0 })).toBe('1 von 2');
  });

  it('adds the Fahrten carried over to the allotment', () => {
    expect(tripsCount({ month: '2026-12', used: 3, allotted: 2, carried_over: 2 })).toBe('3 von 4 (2 übernommen)');
  });
});

describe('loungePlace', () => {
  it('addresses the customer in their voice for a visit at home', () => {
    expect(loungePlace({ place: null, kind: 'trip' }, 'du')).toContain('dir');
    expect(loungePlace({ place: '  ', kind: 'trip' }, 'sie')).toContain('Ihnen');
  });

  it('does not send the customer home for a call or a meeting at the office', () => {
    for (const kind of ['remote', 'office'] as const) {
      expect(loungePlace({ place: null, kind }, 'du')).not.toContain('Hause');
      expect(loungePlace({ place: null, kind }, 'du')).toBe(loungePlace({ place: null, kind }, 'sie'));
    }
  });

  it('shows a written place as it is', () => {
    expect(loungePlace({ place: ' Praxis Dr. Berg ', kind: 'trip' }, 'du')).toBe('Praxis Dr. Berg');
  });
});

describe('peopleList and visitTimeSpan', () => {
  it('joins names the German way', () => {
    expect(peopleList([])).toBe('');
    expect(peopleList(['A'])).toBe('A');
    expect(peopleList(['A', 'B'])).toBe('A und B');
    expect(peopleList(['A', 'B', 'C'])).toBe('A, B und C');
  });

  it('writes the span with an en dash', () => {
    expect(visitTimeSpan({ start_time: '09:00', end_time: '11:30' })).toBe('09:00–11:30');
  });
});

describe('tripRows', () => {
  it('lists the latest month first, each named with its year', () => {
    const rows = tripRows([
      { month: '2026-10', used: 1, allotted: 4, carried_over: 0 },
      { month: '2026-12', used: 2, allotted: 4, carried_over: 0 },
      { month: '2025-12', used: 0, allotted: null, carried_over: 0 },
    ]);
    expect(rows.map((r) => r.month)).toEqual(['2026-12', '2026-10', '2025-12']);
    expect(rows[0].label).toContain(MONTH_NAMES[11]);
    expect(rows[0].label).toContain('2026');
    expect(rows[0].count).toBe('2 von 4');
    expect(rows[2].count).toBe('0');
  });
});

describe('whoComes', () => {
  it('agrees with the number of people', () => {
    expect(whoComes(['Anna Huber'])).toBe('Es kommt Anna Huber');
    expect(whoComes(['Anna Huber', 'Max Muster'])).toBe('Es kommen Anna Huber und Max Muster');
    expect(whoComes([])).toBe('');
  });
});
