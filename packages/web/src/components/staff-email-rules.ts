/** The form of "E-Mail-Adresse ändern" (decision 0756). */
export type StaffEmailValues = { email: string; current_password: string };

export const staffEmailStart = (email: string | null): StaffEmailValues => ({
  email: email ?? '',
  current_password: '',
});

/** An address that looks like one and the password of whoever changes it; the server checks both again. */
export function staffEmailProblems(v: StaffEmailValues): Partial<Record<keyof StaffEmailValues, string>> {
  const problems: Partial<Record<keyof StaffEmailValues, string>> = {};
  const email = v.email.trim();
  if (!email) problems.email = 'Bitte geben Sie eine E-Mail-Adresse ein';
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    problems.email = 'Bitte geben Sie eine gültige E-Mail-Adresse ein';
  if (!v.current_password) problems.current_password = 'Bitte geben Sie Ihr Passwort zur Bestätigung ein';
  return problems;
}
