import { describe, expect, it } from 'vitest';
import {
  approvalAfterEstimate,
  bookingAllowed,
  exceedsAvailable,
  staffTransitionError,
  stateAfterCustomerReply,
} from './order-rules.js';

describe('Aufträge: state changes by staff (decision 0810)', () => {
  it('lets staff move between working states and decline', () => {
    expect(staffTransitionError('new', 'accepted')).toBeNull();
    expect(staffTransitionError('accepted', 'planned')).toBeNull();
    expect(staffTransitionError('planned', 'in_progress')).toBeNull();
    expect(staffTransitionError('in_progress', 'waiting_customer')).toBeNull();
    expect(staffTransitionError('waiting_customer', 'in_progress')).toBeNull();
    expect(staffTransitionError('new', 'declined')).toBeNull();
    expect(staffTransitionError('planned', 'planned')).toBeNull();
  });

  it('refuses withdrawn (the customer only), done (close), back to new, and any change of a closed one', () => {
    expect(staffTransitionError('new', 'withdrawn')).toMatch(/Kunde/);
    expect(staffTransitionError('in_progress', 'done')).toMatch(/Erledigt/);
    expect(staffTransitionError('accepted', 'new')).toMatch(/neu/);
    for (const closed of ['done', 'declined', 'withdrawn'] as const) {
      expect(staffTransitionError(closed, 'accepted')).toMatch(/abgeschlossen/);
    }
  });

  it('brings a waiting Auftrag back to the state before waiting on a customer reply', () => {
    expect(stateAfterCustomerReply('waiting_customer', 'planned')).toBe('planned');
    expect(stateAfterCustomerReply('waiting_customer', 'in_progress')).toBe('in_progress');
    expect(stateAfterCustomerReply('waiting_customer', null)).toBe('accepted');
    expect(stateAfterCustomerReply('waiting_customer', 'new')).toBe('accepted');
    expect(stateAfterCustomerReply('in_progress', null)).toBe('in_progress');
  });
});

describe('Aufträge: Freigabe (decision 0810)', () => {
  it('compares hours exactly', () => {
    expect(exceedsAvailable(2.5, 2.5)).toBe(false);
    expect(exceedsAvailable(2.75, 2.5)).toBe(true);
    expect(exceedsAvailable(0.1 + 0.2, 0.3)).toBe(false);
  });

  it('asks when the estimate is above the available, clears a pending request when it fits', () => {
    expect(approvalAfterEstimate(5, 3, { state: null, estimate: null })).toBe('request');
    expect(approvalAfterEstimate(2, 3, { state: 'requested', estimate: 5 })).toBe('clear');
    expect(approvalAfterEstimate(2, 3, { state: null, estimate: null })).toBe('keep');
    expect(approvalAfterEstimate(null, 3, { state: 'requested', estimate: 5 })).toBe('clear');
    expect(approvalAfterEstimate(5, 3, { state: 'requested', estimate: 5 })).toBe('keep');
    expect(approvalAfterEstimate(6, 3, { state: 'requested', estimate: 5 })).toBe('request');
  });

  it('keeps an answered Freigabe unless the estimate grows beyond what was answered', () => {
    expect(approvalAfterEstimate(5, 3, { state: 'approved', estimate: 5 })).toBe('keep');
    expect(approvalAfterEstimate(4, 3, { state: 'approved', estimate: 5 })).toBe('keep');
    expect(approvalAfterEstimate(6, 3, { state: 'approved', estimate: 5 })).toBe('request');
    expect(approvalAfterEstimate(6, 3, { state: 'declined', estimate: 5 })).toBe('request');
  });

  it('books beyond the available only with approval or an override', () => {
    const none = { approvalState: null, overrideReason: null };
    expect(bookingAllowed(1, 2, none)).toBe(true);
    expect(bookingAllowed(3, 2, none)).toBe(false);
    expect(bookingAllowed(3, 2, { approvalState: 'requested', overrideReason: null })).toBe(false);
    expect(bookingAllowed(3, 2, { approvalState: 'approved', overrideReason: null })).toBe(true);
    expect(bookingAllowed(3, 2, { approvalState: 'declined', overrideReason: 'Notfall' })).toBe(true);
  });
});
