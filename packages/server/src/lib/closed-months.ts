import { monthDisplay } from '../domain/calendar.js';
import { AppError } from './errors.js';

/**
 * Festschreibung (decision 0821): the database refuses every write that would create or
 * change a money row dated in a closed month (migration 0036) with this SQLSTATE and the
 * message `closed month YYYY-MM`; the error's table field says what was refused.
 */
export const CLOSED_MONTH_SQLSTATE = 'FS821';

/**
 * The German sentence for a refused booking (`2026-11` → "Der November 2026 ist abgeschlossen: …").
 * A reversal (removing a payment, a bank return of it) is refused whatever its own date: the
 * ledger leaves a reversed entry out altogether, so it would change the closed month; no
 * other date helps, only reopening the month (decision 0821).
 */
export function closedMonthMessage(month: string, what: 'booking' | 'invoice' | 'reversal' = 'booking'): string {
  const name = monthDisplay(month);
  if (what === 'reversal') {
    return (
      `Der ${name} ist abgeschlossen: Eine Zahlung mit einem Datum darin kann nicht entfernt oder zurückgebucht werden, ` +
      'auch nicht mit heutigem Datum, weil sich sonst die Zahlen des abgeschlossenen Monats ändern. ' +
      'Bitten Sie die Inhaberin oder den Inhaber, den Monat mit einer Begründung wieder zu öffnen; danach lässt sich die Zahlung entfernen.'
    );
  }
  return what === 'invoice'
    ? `Der ${name} ist abgeschlossen: Rechnungen mit einem Datum darin können nicht mehr ausgestellt, storniert oder geändert werden. Bitte mit einem Datum im offenen Zeitraum arbeiten.`
    : `Der ${name} ist abgeschlossen: Buchungen mit einem Datum darin sind nicht mehr möglich. Bitte mit einem Datum im offenen Zeitraum buchen.`;
}

/** The closed month (`2026-11`) an error of the closed-month triggers names, or null for any other error. */
export function closedMonthOf(error: unknown): string | null {
  let current: any = error;
  for (let depth = 0; current && depth < 5; depth++) {
    if (current.code === CLOSED_MONTH_SQLSTATE && typeof current.message === 'string') {
      return /(\d{4}-(0[1-9]|1[0-2]))/.exec(current.message)?.[1] ?? null;
    }
    current = current.cause;
  }
  return null;
}

/**
 * The 409 for an error the closed-month triggers raised (also wrapped by drizzle as `cause`),
 * or null for any other error. The error handler uses it for every route; code that catches
 * errors itself (the bank import's per-booking savepoint) uses it to say why.
 */
export function closedMonthError(error: unknown): AppError | null {
  let current: any = error;
  for (let depth = 0; current && depth < 5; depth++) {
    if (current instanceof AppError) return current.code === 'PERIOD_CLOSED' ? current : null;
    if (current.code === CLOSED_MONTH_SQLSTATE && typeof current.message === 'string') {
      const month = /(\d{4}-(0[1-9]|1[0-2]))/.exec(current.message)?.[1];
      if (!month) return new AppError('PERIOD_CLOSED');
      const what = current.table === 'invoices' ? 'invoice' : 'booking';
      return new AppError('PERIOD_CLOSED', closedMonthMessage(month, what));
    }
    current = current.cause;
  }
  return null;
}
