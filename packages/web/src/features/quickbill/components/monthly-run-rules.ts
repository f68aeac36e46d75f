/** Monatslauf: which month's ButlerPakete to bill; the current month in Vienna to start with. */
export type MonthlyRunValues = { year: number | string; month: string | null };

export const monthlyRunStart = (today: string): MonthlyRunValues => ({
  year: Number(today.slice(0, 4)),
  month: String(Number(today.slice(5, 7))),
});

/** Month and year are required (the texts of the server's check, which also checks the range). */
export function monthlyRunProblems(v: MonthlyRunValues): Partial<Record<keyof MonthlyRunValues, string>> {
  const problems: Partial<Record<keyof MonthlyRunValues, string>> = {};
  if (!v.month) problems.month = 'Bitte geben Sie einen Monat an';
  if (!v.year) problems.year = 'Bitte geben Sie ein Jahr an';
  return problems;
}

export const monthlyRunBody = (v: MonthlyRunValues) => ({ year: Number(v.year), month: Number(v.month) });
