import { formatDate } from '@butler/contract/format';
import type { Executor } from '../../db/executor.js';
import { addDays } from '../../domain/calendar.js';
import { can, type SessionContext } from '../../lib/access.js';
import { todayVienna } from '../../lib/clock.js';
import { AppError, fieldError } from '../../lib/errors.js';
import { hasActiveQuestion } from '../month-confirmations/month-confirmations.service.js';
import { butlerTimeEntryDays } from '../staff/staff-roles.service.js';

export const NOT_OWN_ENTRY = 'Sie können nur Ihre eigenen Zeiteinträge ändern';

/** The work dates a booking window of `days` allows on `today`: from today − days to today. */
export function bookingWindow(today: string, days: number) {
  return { from: addDays(today, -days), to: today };
}

/**
 * Staff who book time without `time_entries.manage` (a Butler, decision 0540) create,
 * change and delete only their own entries, dated within the last N days (Einstellungen →
 * Mitarbeiter). `existing` is the entry being changed (null on create); `workDate` the
 * date it will carry.
 */
export async function assertMayBook(
  db: Executor,
  session: SessionContext,
  existing: { id?: number; createdByAdminId: number | null; workDate: string } | null,
  workDate: string | undefined,
) {
  if (can(session, 'time_entries.manage')) return;
  // A Rückfrage of the customer (decision 0852): their Betreuer (the route checked the customer)
  // may correct the entry whoever booked it and however long ago, within its month.
  if (existing?.id !== undefined && (await hasActiveQuestion(db, existing.id))) {
    if (workDate !== undefined && workDate.slice(0, 7) !== existing.workDate.slice(0, 7)) {
      throw fieldError('work_date', 'Bei einer Rückfrage bleibt der Eintrag in seinem Monat');
    }
    return;
  }
  if (existing && existing.createdByAdminId !== session.adminId) throw new AppError('FORBIDDEN', NOT_OWN_ENTRY);
  const days = await butlerTimeEntryDays(db);
  const { from, to } = bookingWindow(todayVienna(), days);
  const range =
    days === 0 ? 'nur für heute' : `nur für die letzten ${days} Tage (${formatDate(from)} bis ${formatDate(to)})`;
  if (existing && (existing.workDate < from || existing.workDate > to)) {
    throw new AppError('FORBIDDEN', `Dieser Eintrag liegt außerhalb Ihrer Frist: Sie können Zeiten ${range} ändern`);
  }
  if (workDate !== undefined && (workDate < from || workDate > to)) {
    throw fieldError('work_date', `Sie können Zeiten ${range} buchen`);
  }
}
