/** Switching 2FA off or renewing recovery codes: the password and a code of the app (or a recovery code). */
export type ProveIdentityValues = { password: string; code: string };

export const proveIdentityStart = (): ProveIdentityValues => ({ password: '', code: '' });

export function proveIdentityProblems(v: ProveIdentityValues): Partial<Record<keyof ProveIdentityValues, string>> {
  const problems: Partial<Record<keyof ProveIdentityValues, string>> = {};
  if (!v.password) problems.password = 'Bitte geben Sie Ihr Passwort ein';
  if (!v.code.trim()) problems.code = 'Bitte geben Sie den Code ein';
  return problems;
}

/** The password as typed (spaces may belong to it), the code trimmed. */
export const proveIdentityBody = (v: ProveIdentityValues) => ({ password: v.password, code: v.code.trim() });
