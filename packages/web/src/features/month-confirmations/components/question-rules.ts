import type { MonthState, QuestionState } from '@butler/contract/month-confirmation-texts';
import { QUESTION_MAX_CHARS } from '@butler/contract/month-confirmation-texts';

export type QuestionValues = { message: string };

/** The Rückfrage's and the reply's check (the server checks the same). */
export function questionErrors(values: QuestionValues): Partial<Record<'message', string>> {
  const message = values.message.trim();
  if (!message) return { message: 'Die Nachricht fehlt' };
  if (message.length > QUESTION_MAX_CHARS) return { message: `Höchstens ${QUESTION_MAX_CHARS} Zeichen` };
  return {};
}

/** Colour with a word, never alone (UI.md): open is amber, settled green, resolved grey. */
export const QUESTION_COLORS: Record<QuestionState, string> = {
  open: 'yellow',
  answered: 'blue',
  corrected: 'green',
  resolved: 'gray',
};
export const MONTH_COLORS: Record<MonthState, string> = {
  to_confirm: 'yellow',
  confirmed: 'green',
  auto_confirmed: 'green',
};

/** Whether the customer can press "Monat bestätigen" now. */
export const mayConfirmMonth = (summary: { state: MonthState; open_questions: number }) =>
  summary.state === 'to_confirm' && summary.open_questions === 0;
