import type { StaffMember } from '@butler/contract/staff';
import { describe, expect, it } from 'vitest';
import { ROLE_REQUIRED, roleProblems, roleStart } from './role-rules';

describe('Rolle ändern', () => {
  it('starts with the member’s role and extra rights', () => {
    const member = { id: 4, name: 'Eva', role: 'office', grants: ['wiki.secret.reveal'] } as StaffMember;
    expect(roleStart(member)).toEqual({ choice: { role: 'office', grants: ['wiki.secret.reveal'] } });
    expect(roleStart(null)).toEqual({ choice: { role: null, grants: [] } });
  });

  it('a role is required', () => {
    expect(roleProblems({ choice: { role: null, grants: [] } })).toEqual({ choice: ROLE_REQUIRED });
    expect(roleProblems({ choice: { role: 'butler', grants: [] } })).toEqual({});
  });
});
