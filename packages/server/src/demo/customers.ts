import type { customers } from '../db/schema/index.js';
import { addDays, daysInMonth, formatIsoDate, parseDate } from '../domain/calendar.js';
import { generateReferralCode } from '../domain/referral-code.js';
import { austrianUid } from './austrian-ids.js';
import {
  CHILD_NAMES,
  COMPANIES,
  type Gender,
  MOBILE_PREFIXES,
  OTHER_ADDRESSES,
  PARTNER_NAMES,
  PEOPLE,
  PRIVATE_NOTES,
  SPECIAL_NOTES,
  VIENNA_STREETS,
} from './people-data.js';
import type { Rng } from './random.js';

export type DemoCustomer = Omit<
  typeof customers.$inferInsert,
  'id' | 'passwordHash' | 'referredById' | 'createdAt' | 'updatedAt'
> & {
  index: number;
  email: string;
  referralCode: string;
  birthdate: string;
  /** Index of the referrer in the customer list, set by the referral plan. */
  referredByIndex: number | null;
};

/** Customers whose birthday falls in the current month, so the birthday marker shows. */
const BIRTHDAY_THIS_MONTH = new Set([2, 9, 17, 26, 35]);
/** One deactivated customer, to show the status and the refused login. */
export const INACTIVE_CUSTOMER_INDEX = 38;

const ascii = (text: string) =>
  text
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .replace(/[^a-z]/g, '');

export function demoEmail(index: number): string {
  const [first, last] = PEOPLE[index];
  return `${ascii(first)}.${ascii(last)}@${index % 3 === 2 ? 'example.com' : 'example.at'}`;
}

export function buildDemoCustomers(rng: Rng, today: string): DemoCustomer[] {
  const addresses = rng.shuffle([
    ...VIENNA_STREETS.map(([street, postalCode]) => [street, postalCode, 'Wien'] as const),
    ...OTHER_ADDRESSES,
  ]);
  const codes = new Set<string>();
  const nextCode = () => {
    let code: string;
    do code = generateReferralCode((max) => rng.int(0, max - 1));
    while (codes.has(code));
    codes.add(code);
    return code;
  };
  return PEOPLE.map(([firstName, lastName, gender], index) => {
    const [street, postalCode, city] = addresses[index % addresses.length];
    const company = COMPANIES[index];
    const birthdate = birthdateFor(rng, today, BIRTHDAY_THIS_MONTH.has(index));
    return {
      index,
      firstName,
      lastName,
      // "Sehr geehrte Frau Gruber" when the provider chooses "Sie" (decision 0620).
      salutation: gender === 'f' ? 'frau' : 'herr',
      email: demoEmail(index),
      phone: phoneNumber(rng, city),
      company: company?.[0] ?? null,
      street: `${street} ${rng.int(1, 140)}${city === 'Wien' && rng.chance(0.7) ? `/${rng.int(1, 24)}` : ''}`,
      postalCode,
      city,
      uid: company ? austrianUid(company[2]) : null,
      // Customers with a company buy for it (B2B: the UID rules of § 11 UStG apply).
      isBusiness: Boolean(company),
      birthdate,
      referralCode: nextCode(),
      referredByIndex: null,
      isActive: index !== INACTIVE_CUSTOMER_INDEX,
      privateNotes: rng.chance(0.6) ? rng.pick(PRIVATE_NOTES) : null,
      companyInfo: company?.[1] ?? null,
      specialNotes: rng.chance(0.5) ? rng.pick(SPECIAL_NOTES) : null,
      notes: null,
      ...familyFor(rng, gender, lastName, birthdate, today),
    };
  });
}

function phoneNumber(rng: Rng, city: string): string {
  if (city === 'Wien' && rng.chance(0.25)) return `+43 1 ${rng.int(2_000_000, 9_999_999)}`;
  return `+43 ${rng.pick(MOBILE_PREFIXES)} ${rng.int(1_000_000, 9_999_999)}`;
}

function birthdateFor(rng: Rng, today: string, thisMonth: boolean): string {
  const { year, month } = parseDate(today);
  const birthYear = year - rng.int(28, 76);
  const birthMonth = thisMonth ? month : rng.int(1, 12);
  return formatIsoDate(birthYear, birthMonth, rng.int(1, Math.min(28, daysInMonth(birthYear, birthMonth))));
}

function familyFor(rng: Rng, gender: Gender, lastName: string, birthdate: string, today: string) {
  const roll = rng.next();
  const maritalStatus = roll < 0.45 ? 'verheiratet' : roll < 0.6 ? 'geschieden' : roll < 0.8 ? 'ledig' : null;
  const partnerGender: Gender = rng.chance(0.9) ? (gender === 'f' ? 'm' : 'f') : gender;
  const married = maritalStatus === 'verheiratet';
  const age = parseDate(today).year - parseDate(birthdate).year;
  const children: Array<{ name: string; gender: 'boy' | 'girl'; age: number | null }> = [];
  if (maritalStatus && maritalStatus !== 'ledig' && age >= 30 && rng.chance(0.65)) {
    const count = rng.int(1, 3);
    for (let i = 0; i < count; i++) {
      const childGender = rng.chance(0.5) ? 'boy' : 'girl';
      const name = rng.pick(CHILD_NAMES[childGender]);
      if (children.some((c) => c.name === name)) continue;
      // Parents were between 22 and 45 at the birth, so older customers have grown-up children.
      children.push({ name, gender: childGender, age: rng.int(Math.max(1, age - 45), Math.min(35, age - 22)) });
    }
  }
  return {
    maritalStatus,
    partnerName: married ? `${rng.pick(PARTNER_NAMES[partnerGender])} ${lastName}` : null,
    partnerGender: married ? (partnerGender === 'f' ? 'weiblich' : 'männlich') : null,
    partnerBirthdate: married ? addDays(birthdate, rng.int(-2500, 2500)) : null,
    children: children.sort((a, b) => (b.age ?? 0) - (a.age ?? 0)),
  };
}
