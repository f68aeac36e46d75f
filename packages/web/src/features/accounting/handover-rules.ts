import { type Handover, handoverPeriod } from '@butler/contract/accounting-handover';
import { formatMonthYear } from '../../lib/format';

/** What the handover form says before anything is sent (decisions 0821, 0822). */
export type HandoverFormState = {
  /** `November 2026`, `4. Quartal 2026`; null for a period the rule does not know. */
  label: string | null;
  /** The months a closing would close, by name. */
  months: string[];
  /** Why the period cannot be closed yet (it has not ended), or null. */
  closeBlocked: string | null;
  /** Why "Übergabe erstellen" is grey, or null. */
  createBlocked: string | null;
};

/**
 * The form's state for a period, the formats ticked, the fiscal year start and today
 * (Vienna): the same rule as the server (`handoverPeriod`), so a period that has not ended is
 * not offered for closing rather than refused after submitting.
 */
export function handoverFormState(input: {
  period: string;
  formats: readonly string[];
  fiscalYearStartMonth: number;
  today: string;
}): HandoverFormState {
  const period = handoverPeriod(input.period, input.fiscalYearStartMonth);
  return {
    label: period?.label ?? null,
    months: (period?.months ?? []).map((m) => formatMonthYear(Number(m.slice(0, 4)), Number(m.slice(5, 7)))),
    closeBlocked:
      period && period.end >= input.today
        ? `${period.label} ist noch nicht vorbei: abschließen lässt sich ein Zeitraum erst nach seinem Ende. Die Übergabe selbst ist schon möglich (als Vorschau für die Steuerberatung).`
        : null,
    createBlocked: input.formats.length === 0 ? 'Bitte wählen Sie mindestens ein Format (BMD oder DATEV).' : null,
  };
}

/** The confirmation before a handover closes its months: which ones, and who may reopen them. */
export function closingConfirmation(months: readonly string[]): string {
  const names =
    months.length > 1 ? `${months.slice(0, -1).join(', ')} und ${months[months.length - 1]}` : (months[0] ?? '');
  return (
    `Mit dieser Übergabe ${months.length > 1 ? 'werden' : 'wird'} ${names} abgeschlossen. ` +
    'Danach ist nichts mit einem Datum darin mehr änderbar: keine Zahlung, kein Storno, keine Gutschrift; ' +
    'Korrekturen werden im offenen Zeitraum gebucht. Wieder öffnen kann nur die Inhaberin oder der Inhaber, ' +
    'mit einer Begründung.'
  );
}

/** The success message once the handover is made. */
export function handoverDoneText(handover: Pick<Handover, 'period_label' | 'closed_period'>): string {
  return handover.closed_period
    ? `Übergabe ${handover.period_label} erstellt und abgeschlossen`
    : `Übergabe ${handover.period_label} erstellt`;
}
