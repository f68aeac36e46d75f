import { VISIT_CONFLICT_DETAIL, type Visit } from '@butler/contract/visits';
import { describe, expect, it } from 'vitest';
import {
  acceptingConflicts,
  conflictLines,
  type VisitFormValues,
  visitCreateBody,
  visitFormErrors,
  visitFormStart,
  visitUpdateBody,
} from './visit-form-rules';

const filled = (patch: Partial<VisitFormValues> = {}): VisitFormValues => ({
  ...visitFormStart(null, { date: '2026-12-08', butlerId: 7 }),
  customer_id: 12,
  start_time: '09:00',
  end_time: '11:00',
  purpose: 'Drucker einrichten',
  ...patch,
});

describe('visitFormStart', () => {
  it('starts a new visit on the shown day, for the chosen person, once', () => {
    const start = visitFormStart(null, { date: '2026-12-08', butlerId: 7 });
    expect(start.date).toBe('2026-12-08');
    expect(start.butler_ids).toEqual(['7']);
    expect(start.repeat).toBe('none');
    expect(start.customer_id).toBeNull();
    expect(visitFormStart(null, { date: '2026-12-08' }).butler_ids).toEqual([]);
  });

  it('takes an edited visit as it is', () => {
    const visit = {
      customer_id: 3,
      date: '2026-12-09',
      start_time: '14:00',
      end_time: '15:30',
      butlers: [
        { id: 2, name: 'A' },
        { id: 5, name: 'B' },
      ],
      kind: 'remote',
      place: null,
      purpose: 'Updates',
    } as unknown as Visit;
    const start = visitFormStart(visit, { date: '2026-12-01' });
    expect(start).toMatchObject({
      customer_id: 3,
      date: '2026-12-09',
      butler_ids: ['2', '5'],
      kind: 'remote',
      place: '',
    });
  });
});

describe('visitFormErrors', () => {
  it('accepts a complete single visit', () => {
    expect(visitFormErrors(filled(), false)).toEqual({});
  });

  it('names every missing field once, under its own name', () => {
    const errors = visitFormErrors(
      filled({ customer_id: null, date: null, start_time: '', butler_ids: [], purpose: '  ' }),
      false,
    );
    for (const field of ['customer_id', 'date', 'start_time', 'butler_ids', 'purpose'])
      expect(typeof errors[field as keyof VisitFormValues]).toBe('string');
    expect(errors.kind).toBeUndefined();
  });

  it('wants the end after the start', () => {
    expect(visitFormErrors(filled({ start_time: '11:00', end_time: '10:00' }), false).end_time).toBeTruthy();
  });

  it('asks for the last day of a repeat, and only then', () => {
    expect(visitFormErrors(filled({ repeat: 'weekly' }), false).repeat_until).toBeTruthy();
    expect(visitFormErrors(filled({ repeat: 'weekly', repeat_until: '2027-03-01' }), false)).toEqual({});
    expect(visitFormErrors(filled({ repeat: 'none', repeat_until: '2020-01-01' }), false)).toEqual({});
  });

  it('does not check the customer or a repeat when editing', () => {
    expect(visitFormErrors(filled({ customer_id: null, repeat: 'weekly' }), true)).toEqual({});
  });
});

describe('request bodies', () => {
  it('sends ids as numbers, an empty place as null and a repeat with its end', () => {
    const body = visitCreateBody(
      filled({ butler_ids: ['7', '9'], place: '  ', repeat: 'biweekly', repeat_until: '2027-02-01' }),
    );
    expect(body.butler_ids).toEqual([7, 9]);
    expect(body.place).toBeNull();
    expect(body.repeat_until).toBe('2027-02-01');
  });

  it('leaves out a last day a single visit does not have', () => {
    expect('repeat_until' in visitCreateBody(filled({ repeat_until: '2027-02-01' }))).toBe(false);
  });

  it('edits this visit only: no customer, no repeat, no Auftrag', () => {
    const body = visitUpdateBody(filled());
    expect(body).not.toHaveProperty('customer_id');
    expect(body).not.toHaveProperty('repeat');
    expect(body).not.toHaveProperty('order_id');
  });

  it('repeats the same request with the clash accepted', () => {
    const body = visitCreateBody(filled());
    const again = acceptingConflicts(body);
    expect(again.allow_conflicts).toBe(true);
    expect({ ...again, allow_conflicts: undefined }).toEqual({ ...body, allow_conflicts: undefined });
  });
});

describe('conflictLines', () => {
  it('splits the clash into its lines and ignores other answers', () => {
    expect(conflictLines({ [VISIT_CONFLICT_DETAIL]: 'A: Di.\nB: Mi.\n' }, VISIT_CONFLICT_DETAIL)).toEqual([
      'A: Di.',
      'B: Mi.',
    ]);
    expect(conflictLines({ purpose: 'x' }, VISIT_CONFLICT_DETAIL)).toEqual([]);
    expect(conflictLines(undefined, VISIT_CONFLICT_DETAIL)).toEqual([]);
  });
});
