import type { StaffRole } from '@butler/contract/permissions';
import type { RoleChoice } from './role-fields';

export type InviteValues = { name: string; username: string; email: string; role: RoleChoice };

export const inviteStart = (): InviteValues => ({
  name: '',
  username: '',
  email: '',
  role: { role: null, grants: [] },
});

/** Name, username, e-mail and a role are required; each field says what is missing under it. */
export function inviteProblems(v: InviteValues): Partial<Record<keyof InviteValues, string>> {
  const problems: Partial<Record<keyof InviteValues, string>> = {};
  if (!v.name.trim()) problems.name = 'Bitte geben Sie einen Namen ein';
  if (!v.username.trim()) problems.username = 'Bitte geben Sie einen Benutzernamen ein';
  if (!v.email.trim()) problems.email = 'Bitte geben Sie eine E-Mail-Adresse ein';
  if (!v.role.role) problems.role = 'Bitte wählen Sie eine Rolle';
  return problems;
}

/** The invitation as the server takes it (it trims and checks the fields itself). */
export const inviteBody = (v: InviteValues) => ({
  name: v.name,
  username: v.username,
  email: v.email,
  role: v.role.role as StaffRole,
  grants: v.role.grants,
});
