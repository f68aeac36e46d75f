import type { Customer, CustomerListItem } from '@butler/contract/customers';
import type { StaffOption } from '@butler/contract/staff';
import type { CustomerRow } from './customers.repo.js';

export function presentCustomerListItem(row: CustomerRow): CustomerListItem {
  return {
    id: row.id,
    name: `${row.firstName} ${row.lastName}`,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    company: row.company,
    phone: row.phone,
    birthdate: row.birthdate,
    is_active: row.isActive,
    referral_code: row.referralCode,
    referred_by_id: row.referredById,
    created_at: row.createdAt.toISOString(),
    street: row.street,
    postal_code: row.postalCode,
    city: row.city,
  };
}

/** What a role without `customers.private.read` (Buchhaltung) gets instead of notes and family data. */
const HIDDEN_PRIVATE: Partial<Customer> = {
  private_notes: null,
  company_info: null,
  special_notes: null,
  notes: null,
  marital_status: null,
  partner_name: null,
  partner_gender: null,
  partner_birthdate: null,
  children: [],
};

/** The customer answer with their Betreuer; `seesPrivate` false leaves out notes and family data (decision 0540). */
export function presentCustomer(
  row: CustomerRow,
  referredByName: string | null,
  staff: StaffOption[] = [],
  seesPrivate = true,
): Customer {
  const answer: Customer = {
    ...presentCustomerListItem(row),
    salutation: row.salutation,
    uid: row.uid,
    country: row.country,
    is_business: row.isBusiness,
    referred_by_name: referredByName,
    private_notes: row.privateNotes,
    company_info: row.companyInfo,
    special_notes: row.specialNotes,
    notes: row.notes,
    marital_status: row.maritalStatus as Customer['marital_status'],
    partner_name: row.partnerName,
    partner_gender: row.partnerGender as Customer['partner_gender'],
    partner_birthdate: row.partnerBirthdate,
    children: row.children ?? [],
    staff,
  };
  return seesPrivate ? answer : { ...answer, ...HIDDEN_PRIVATE };
}
