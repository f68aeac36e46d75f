import { DateInput, type DateInputProps } from '@mantine/dates';

/** Accepts what people type in Austria: 22.11.2026, 22.11.26 or 2026-11-22. */
export function parseGermanDate(input: string): string | null {
  const text = input.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  const german = /^(\d{1,2})\.(\d{1,2})\.(\d{2}|\d{4})$/.exec(text);
  let year: number;
  let month: number;
  let day: number;
  if (iso) [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (german) {
    [day, month, year] = [Number(german[1]), Number(german[2]), Number(german[3])];
    if (german[3].length === 2) year += 2000;
  } else return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Mantine DateInput shown and typed as 22.11.2026; value is `YYYY-MM-DD` or null. */
export function DateField({
  value,
  onChange,
  ...rest
}: Omit<DateInputProps, 'value' | 'onChange'> & { value: string | null; onChange: (value: string | null) => void }) {
  return (
    <DateInput
      valueFormat="DD.MM.YYYY"
      placeholder="TT.MM.JJJJ"
      dateParser={parseGermanDate}
      value={value}
      onChange={(next) => onChange(next ? String(next).slice(0, 10) : null)}
      popoverProps={{ withinPortal: true }}
      // A clearable field's × says what it does (screen readers would read a nameless button).
      clearButtonProps={{ 'aria-label': 'Datum löschen' }}
      {...rest}
    />
  );
}

/** `YYYY-MM-DD` plus `days` (calendar arithmetic in UTC, no time zone drift). */
export function addDaysIso(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
