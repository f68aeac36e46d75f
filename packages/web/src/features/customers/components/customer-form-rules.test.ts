import type { Customer } from '@butler/contract/customers';
import { describe, expect, it } from 'vitest';
import { customerBody, customerProblems, customerStart, emptyCustomer, sameIds } from './customer-form-rules';

const filled = { ...emptyCustomer, first_name: 'Maria', last_name: 'Gruber', email: 'maria@example.at' };

describe('customer dialog (SPEC §2, §5)', () => {
  it('a new customer needs names, e-mail and a password; every field says its first problem', () => {
    const problems = customerProblems(emptyCustomer, false);
    expect(problems.first_name).toBe('Bitte geben Sie einen Vornamen ein');
    expect(problems.last_name).toBe('Bitte geben Sie einen Nachnamen ein');
    expect(problems.email).toBeTruthy();
    expect(problems.password).toBe('Bitte geben Sie ein Passwort ein');
    expect(customerProblems({ ...filled, password: 'kurz' }, false).password).toBe(
      'Das Passwort muss mindestens 10 Zeichen lang sein',
    );
    expect(customerProblems({ ...filled, password: 'Zitronenbaum-42' }, false)).toEqual({});
  });

  it('an invitation needs no password and sends none, even if one was typed before', () => {
    const invited = { ...filled, access: 'invitation' as const, password: 'getippt-und-vergessen' };
    expect(customerProblems(invited, false)).toEqual({});
    expect(customerBody(invited, false)).toMatchObject({ password: '', send_invitation: true });
  });

  it('editing keeps the password when the field stays empty and sends no create-only fields', () => {
    expect(customerProblems(filled, true)).toEqual({});
    const body = customerBody({ ...filled, is_active: false, referred_by_code: 'ANNA1' }, true);
    expect(body).toMatchObject({ password: '', is_active: false });
    expect(body).not.toHaveProperty('send_invitation');
    expect(body).not.toHaveProperty('referred_by_code');
    expect(customerBody({ ...filled, referred_by_code: 'ANNA1' }, false)).toMatchObject({
      referred_by_code: 'ANNA1',
      send_invitation: false,
    });
  });

  it('starts from the loaded customer, empty texts for missing ones, with the Betreuer', () => {
    const customer = {
      first_name: 'Maria',
      last_name: 'Gruber',
      email: 'maria@example.at',
      company: null,
      phone: null,
      street: null,
      postal_code: '1010',
      city: 'Wien',
      country: 'AT',
      uid: null,
      is_business: true,
      birthdate: '1980-05-01',
      is_active: false,
      staff: [{ id: 7 }, { id: 3 }],
    } as unknown as Customer;
    expect(customerStart(customer)).toMatchObject({
      company: '',
      street: '',
      postal_code: '1010',
      is_business: true,
      is_active: false,
      password: '',
      staff_ids: [7, 3],
    });
    expect(customerStart(null)).toBe(emptyCustomer);
  });

  it('Betreuer are the same in any order', () => {
    expect(sameIds([3, 7], [7, 3])).toBe(true);
    expect(sameIds([3], [3, 7])).toBe(false);
  });
});
