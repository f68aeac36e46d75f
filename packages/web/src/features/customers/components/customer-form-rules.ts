import { type Customer, knownBirthdate, zCustomerCreate, zCustomerUpdate } from '@butler/contract/customers';
import type { Salutation } from '@butler/contract/voice';
import { type BillingValues, emptyBilling } from './billing-fields';

export type CustomerValues = BillingValues & {
  first_name: string;
  last_name: string;
  /** "Anrede" for formal letters; '' = keine Angabe (decision 0620). */
  salutation: '' | Salutation;
  email: string;
  company: string;
  phone: string;
  birthdate: string | null;
  password: string;
  /** Create only: "Einladung senden" instead of typing a password. */
  access: 'password' | 'invitation';
  referred_by_code: string;
  is_active: boolean;
  /** "Betreuer" (saved with its own call, by who may assign). */
  staff_ids: number[];
};

export const emptyCustomer: CustomerValues = {
  ...emptyBilling,
  first_name: '',
  last_name: '',
  salutation: '',
  email: '',
  company: '',
  phone: '',
  // Unknown until entered: empty, never a made-up 01.01.1970 (decision 0636).
  birthdate: null,
  password: '',
  access: 'password',
  referred_by_code: '',
  is_active: true,
  staff_ids: [],
};

/** The form of a loaded customer (a new one: empty, born on the default date). */
export function customerStart(c: Customer | null): CustomerValues {
  if (!c) return emptyCustomer;
  return {
    ...emptyCustomer,
    street: c.street ?? '',
    postal_code: c.postal_code ?? '',
    city: c.city ?? '',
    country: c.country,
    uid: c.uid ?? '',
    is_business: c.is_business,
    first_name: c.first_name,
    last_name: c.last_name,
    salutation: c.salutation ?? '',
    email: c.email,
    company: c.company ?? '',
    phone: c.phone ?? '',
    birthdate: knownBirthdate(c.birthdate),
    is_active: c.is_active,
    staff_ids: c.staff.map((s) => s.id),
  };
}

/**
 * What is sent (SPEC §2, §5): on create the access choice (an invitation sends no password)
 * and the referral code; on edit the active switch, and a password only when typed.
 */
export function customerBody(v: CustomerValues, editing: boolean) {
  const common = {
    street: v.street,
    postal_code: v.postal_code,
    city: v.city,
    country: v.country,
    uid: v.uid,
    is_business: v.is_business,
    first_name: v.first_name,
    last_name: v.last_name,
    salutation: v.salutation || null,
    email: v.email,
    company: v.company,
    phone: v.phone,
    birthdate: v.birthdate,
  };
  return editing
    ? { ...common, password: v.password, is_active: v.is_active }
    : {
        ...common,
        password: v.access === 'invitation' ? '' : v.password,
        send_invitation: v.access === 'invitation',
        referred_by_code: v.referred_by_code,
      };
}

/** The contract's own checks, the first message of each field (the server says the same). */
export function customerProblems(v: CustomerValues, editing: boolean): Record<string, string> {
  const parsed = (editing ? zCustomerUpdate : zCustomerCreate).safeParse(customerBody(v, editing));
  const problems: Record<string, string> = {};
  if (parsed.success) return problems;
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? '');
    if (key && !problems[key]) problems[key] = issue.message;
  }
  return problems;
}

/** Whether the Betreuer changed (order does not matter), so only a change is saved. */
export const sameIds = (a: number[], b: number[]) => [...a].sort().join() === [...b].sort().join();
