import type { StaffMember } from '@butler/contract/staff';
import type { RoleChoice } from './role-fields';

export const ROLE_REQUIRED = 'Bitte wählen Sie eine Rolle';

/** "Rolle ändern" starts with the person's role and extra rights. */
export const roleStart = (member: StaffMember | null): { choice: RoleChoice } => ({
  choice: member ? { role: member.role, grants: member.grants } : { role: null, grants: [] },
});

export const roleProblems = (v: { choice: RoleChoice }): { choice?: string } =>
  v.choice.role ? {} : { choice: ROLE_REQUIRED };
