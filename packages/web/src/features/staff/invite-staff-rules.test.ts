import { describe, expect, it } from 'vitest';
import { inviteBody, inviteProblems, inviteStart } from './invite-staff-rules';

describe('Mitarbeiter einladen: required fields', () => {
  it('starts empty, with no role chosen', () => {
    expect(inviteStart()).toEqual({ name: '', username: '', email: '', role: { role: null, grants: [] } });
  });

  it('names every missing field, blanks count as missing', () => {
    expect(inviteProblems({ ...inviteStart(), name: '  ' })).toEqual({
      name: 'Bitte geben Sie einen Namen ein',
      username: 'Bitte geben Sie einen Benutzernamen ein',
      email: 'Bitte geben Sie eine E-Mail-Adresse ein',
      role: 'Bitte wählen Sie eine Rolle',
    });
  });

  it('a complete invitation passes and carries role and grants', () => {
    const values = {
      name: 'Eva Berger',
      username: 'eva.berger',
      email: 'eva@example.at',
      role: { role: 'office' as const, grants: ['wiki.secret.reveal' as const] },
    };
    expect(inviteProblems(values)).toEqual({});
    expect(inviteProblems({ ...values, role: { role: null, grants: [] } })).toEqual({
      role: 'Bitte wählen Sie eine Rolle',
    });
    expect(inviteBody(values)).toEqual({
      name: 'Eva Berger',
      username: 'eva.berger',
      email: 'eva@example.at',
      role: 'office',
      grants: ['wiki.secret.reveal'],
    });
  });
});
