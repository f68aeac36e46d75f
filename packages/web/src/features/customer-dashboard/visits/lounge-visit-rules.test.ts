import { LOUNGE_TEXTS } from '@butler/contract/lounge-texts';
import {
  OPEN_VISIT_STATES,
  VISIT_LIMITS,
  VISIT_REQUEST_KINDS,
  VISIT_STATE_LABELS,
  VISIT_STATES,
  zVisitRequestCreate,
} from '@butler/contract/visits';
import { describe, expect, it } from 'vitest';
import {
  LOUNGE_REQUEST_LABELS,
  LOUNGE_VISIT_STATE_LABELS,
  mayConfirm,
  REQUEST_MESSAGE_CHARS,
  showVisitsCard,
  visitChange,
  visitRequestBody,
  visitRequestErrors,
} from './lounge-visit-rules';
import { withVisit } from './lounge-visits-query';

const UNTIL = '2026-12-07T09:00:00.000Z';
const visit = (id: number, state: (typeof VISIT_STATES)[number]) => ({
  id,
  date: '2026-12-08',
  start_time: '09:00',
  end_time: '11:00',
  kind: 'trip' as const,
  state,
  place: null,
  purpose: 'Drucker',
  butlers: [{ id: 1, name: 'Anna Huber' }],
  confirmed_at: null,
  request: null,
  request_until: UNTIL,
});
const trips = (used: number) => ({ month: '2026-12', used, allotted: 4, carried_over: 0 });
const wish = { id: 5, kind: 'move' as const, message: 'lieber am Nachmittag', created_at: '2026-12-03T10:00:00Z' };

describe('lounge visit states', () => {
  it('says every state as the contract does', () => {
    expect(LOUNGE_VISIT_STATE_LABELS).toEqual(VISIT_STATE_LABELS);
  });

  it('asks to confirm open visits that are not confirmed yet', () => {
    const confirmable = VISIT_STATES.filter(mayConfirm);
    expect(confirmable).toContain('planned');
    expect(confirmable).toContain('moved');
    expect(confirmable).not.toContain('confirmed');
    for (const state of confirmable) expect(OPEN_VISIT_STATES).toContain(state);
  });
});

describe('showVisitsCard', () => {
  it('hides the card with nothing ahead and no Fahrt used', () => {
    expect(showVisitsCard({ upcoming: [], trips: trips(0) })).toBe(false);
  });

  it('shows it for a visit ahead or for a Fahrt used this month', () => {
    expect(showVisitsCard({ upcoming: [visit(1, 'planned')], trips: trips(0) })).toBe(true);
    expect(showVisitsCard({ upcoming: [], trips: trips(1) })).toBe(true);
  });
});

describe('visitChange: when the lounge offers "Verschieben oder absagen"', () => {
  const before = Date.parse(UNTIL) - 60_000;
  const after = Date.parse(UNTIL);

  it('offers it for every visit still ahead until request_until, and not from then on', () => {
    for (const state of OPEN_VISIT_STATES) {
      expect(visitChange(visit(1, state), before)).toBe('ask');
      expect(visitChange(visit(1, state), after)).toBe('late');
    }
  });

  it('shows the open wish instead, before and after request_until', () => {
    const asked = { ...visit(1, 'confirmed'), request: wish };
    expect(visitChange(asked, before)).toBe('asked');
    expect(visitChange(asked, after)).toBe('asked');
  });

  it('offers nothing for a visit done or cancelled', () => {
    expect(visitChange(visit(1, 'done'), before)).toBe('none');
    expect(visitChange(visit(1, 'cancelled'), before)).toBe('none');
  });

  it('takes an unreadable request_until as too late', () => {
    expect(visitChange({ ...visit(1, 'planned'), request_until: '' }, before)).toBe('late');
  });
});

describe('the request dialog', () => {
  it('needs a word on when it suits better to move, in the customer’s voice', () => {
    expect(visitRequestErrors({ kind: 'move', message: '  ' }, LOUNGE_TEXTS.du)).toEqual({
      message: 'Bitte schreib uns, wann es dir besser passt',
    });
    expect(visitRequestErrors({ kind: 'move', message: '' }, LOUNGE_TEXTS.sie).message).toContain('Ihnen');
    expect(visitRequestErrors({ kind: 'move', message: 'ab dem 15.' }, LOUNGE_TEXTS.du)).toEqual({});
  });

  it('cancels without a reason, and keeps to the contract’s length', () => {
    expect(visitRequestErrors({ kind: 'cancel', message: '' }, LOUNGE_TEXTS.du)).toEqual({});
    expect(REQUEST_MESSAGE_CHARS).toBe(VISIT_LIMITS.reasonChars);
    const long = 'x'.repeat(REQUEST_MESSAGE_CHARS + 1);
    expect(visitRequestErrors({ kind: 'cancel', message: long }, LOUNGE_TEXTS.du).message).toBeTruthy();
  });

  it('sends what the contract accepts, the text trimmed', () => {
    const body = visitRequestBody({ kind: 'move', message: '  lieber am Nachmittag ' });
    expect(body).toEqual({ kind: 'move', message: 'lieber am Nachmittag' });
    expect(zVisitRequestCreate.safeParse(body).success).toBe(true);
    expect(zVisitRequestCreate.safeParse(visitRequestBody({ kind: 'cancel', message: '' })).success).toBe(true);
  });

  it('names each kind of wish', () => {
    expect(Object.keys(LOUNGE_REQUEST_LABELS).sort()).toEqual([...VISIT_REQUEST_KINDS].sort());
  });
});

describe('withVisit', () => {
  it('replaces the changed visit and keeps the others and the Fahrten', () => {
    const data = { upcoming: [visit(1, 'planned'), visit(2, 'moved')], trips: trips(2) };
    const next = withVisit(data, { ...visit(2, 'confirmed'), confirmed_at: '2026-12-03T10:00:00Z' });
    expect(next.upcoming.map((v) => v.state)).toEqual(['planned', 'confirmed']);
    expect(next.trips).toEqual(data.trips);
    expect(data.upcoming[1].state).toBe('moved');
  });
});
