import { OPEN_VISIT_STATES, VISIT_STATE_LABELS, VISIT_STATES } from '@butler/contract/visits';
import { describe, expect, it } from 'vitest';
import { LOUNGE_VISIT_STATE_LABELS, mayConfirm, showVisitsCard } from './lounge-visit-rules';
import { withConfirmed } from './lounge-visits-query';

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
});
const trips = (used: number) => ({ month: '2026-12', used, allotted: 4 });

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

describe('withConfirmed', () => {
  it('replaces the confirmed visit and keeps the others and the Fahrten', () => {
    const data = { upcoming: [visit(1, 'planned'), visit(2, 'moved')], trips: trips(2) };
    const next = withConfirmed(data, { ...visit(2, 'confirmed'), confirmed_at: '2026-12-03T10:00:00Z' });
    expect(next.upcoming.map((v) => v.state)).toEqual(['planned', 'confirmed']);
    expect(next.trips).toEqual(data.trips);
    expect(data.upcoming[1].state).toBe('moved');
  });
});
