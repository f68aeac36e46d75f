import { DEFAULT_BIRTHDATE } from '@butler/contract/customers';
import { todayInVienna } from '../../lib/format';

/** Birthday marker: the birth month is the current month (Vienna). */
export function hasBirthdayThisMonth(birthdate: string | null | undefined, today = todayInVienna()) {
  // 1970-01-01 is the form's default and means "not known": no marker for it.
  if (!birthdate || birthdate === DEFAULT_BIRTHDATE) return false;
  return birthdate.slice(5, 7) === today.slice(5, 7);
}
