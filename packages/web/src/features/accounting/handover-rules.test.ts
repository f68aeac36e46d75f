import { describe, expect, it } from 'vitest';
import { closingConfirmation, handoverDoneText, handoverFormState } from './handover-rules';

const state = (period: string, today: string, fiscalYearStartMonth = 1, formats = ['bmd']) =>
  handoverFormState({ period, formats, fiscalYearStartMonth, today });

describe('the handover form (decisions 0821, 0822)', () => {
  it('does not offer closing a period that has not ended, and says why beforehand', () => {
    expect(state('2026-12', '2026-12-15').closeBlocked).toBe(
      'Dezember 2026 ist noch nicht vorbei: abschließen lässt sich ein Zeitraum erst nach seinem Ende. Die Übergabe selbst ist schon möglich (als Vorschau für die Steuerberatung).',
    );
    // The last day still belongs to the period; the day after it may be closed.
    expect(state('2026-11', '2026-11-30').closeBlocked).not.toBeNull();
    expect(state('2026-11', '2026-12-01').closeBlocked).toBeNull();
    expect(state('2026-Q4', '2026-12-15').closeBlocked).toContain('4. Quartal 2026 ist noch nicht vorbei');
    // A year is the fiscal year: from July 2026 it ends on 30 June 2027.
    expect(state('2026', '2027-03-01', 7).closeBlocked).toContain('Wirtschaftsjahr 2026/27');
    expect(state('2026', '2027-07-01', 7).closeBlocked).toBeNull();
  });

  it('names the months a closing closes', () => {
    expect(state('2026-11', '2026-12-02').months).toEqual(['November 2026']);
    expect(state('2026-Q3', '2026-12-02').months).toEqual(['Juli 2026', 'August 2026', 'September 2026']);
    expect(closingConfirmation(['November 2026'])).toMatch(
      /^Mit dieser Übergabe wird November 2026 abgeschlossen\. .*Wieder öffnen kann nur die Inhaberin oder der Inhaber/,
    );
    expect(closingConfirmation(['Juli 2026', 'August 2026', 'September 2026'])).toContain(
      'werden Juli 2026, August 2026 und September 2026 abgeschlossen',
    );
  });

  it('says why the create button is grey without a format', () => {
    expect(state('2026-11', '2026-12-02', 1, []).createBlocked).toBe(
      'Bitte wählen Sie mindestens ein Format (BMD oder DATEV).',
    );
    expect(state('2026-11', '2026-12-02').createBlocked).toBeNull();
  });

  it('tells what was made', () => {
    expect(handoverDoneText({ period_label: 'November 2026', closed_period: true })).toBe(
      'Übergabe November 2026 erstellt und abgeschlossen',
    );
    expect(handoverDoneText({ period_label: 'November 2026', closed_period: false })).toBe(
      'Übergabe November 2026 erstellt',
    );
  });
});
