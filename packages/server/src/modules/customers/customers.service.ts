import type {
  CustomerCreate,
  CustomerUpdate,
  PersonalDataUpdate,
  zCustomerCreate,
  zCustomerUpdate,
  zPersonalDataUpdate,
} from '@butler/contract/customers';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import type { Transaction } from '../../db/executor.js';
import { customers } from '../../db/schema/index.js';
import { assertCan, type SessionContext } from '../../lib/access.js';
import { writeAudit } from '../../lib/audit.js';
import type { CustomerScope } from '../../lib/customer-scope.js';
import { AppError, fieldError } from '../../lib/errors.js';
import { pgErrorOf } from '../../lib/pagination.js';
import { passwordProblem } from '../../lib/password-policy.js';
import { hashPassword } from '../../lib/passwords.js';
import type { AccountMails } from '../auth/account-mails.service.js';
import { notifySecurityChange } from '../auth/security-notice.service.js';
import { endSessions } from '../auth/sessions.service.js';
import { type CustomerRow, findCustomer, listCustomers, lockCustomer, lockReferrerByCode } from './customers.repo.js';
import { uniqueReferralCode } from './referral-code.js';

type CreateInput = z.output<typeof zCustomerCreate>;
type UpdateInput = z.output<typeof zCustomerUpdate>;
type PersonalDataInput = z.output<typeof zPersonalDataUpdate>;

export type { CustomerCreate, CustomerUpdate, PersonalDataUpdate };

/** The e-mail index is case-insensitive; its violation is the user's "already used". */
function rethrowEmailTaken(error: unknown): never {
  const pg = pgErrorOf(error);
  if (pg.code === '23505' && pg.constraint === 'customers_email_lower_uq') throw new AppError('EMAIL_TAKEN');
  throw error;
}

async function assertEmailFree(tx: Transaction, email: string, exceptId?: number) {
  const [row] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(sql`lower(${customers.email}) = lower(${email})`)
    .limit(1);
  if (row && row.id !== exceptId) throw new AppError('EMAIL_TAKEN');
}

/** A password typed on the customer form passes the policy of decision 0300 first. */
async function checkedHash(password: string, context: Array<string | null | undefined>) {
  const problem = passwordProblem(password, context);
  if (problem) throw fieldError('password', problem);
  return hashPassword(password);
}

export function createCustomersService(db: Database, accountMails?: AccountMails) {
  async function nameContext(id: number) {
    const found = await findCustomer(db, id);
    return found ? [found.customer.firstName, found.customer.lastName, found.customer.email] : [];
  }

  async function loadForUpdate(tx: Transaction, id: number): Promise<CustomerRow> {
    const row = await lockCustomer(tx, id);
    if (!row) throw new AppError('CUSTOMER_NOT_FOUND');
    return row;
  }

  async function present(id: number) {
    const found = await findCustomer(db, id);
    if (!found) throw new AppError('CUSTOMER_NOT_FOUND');
    return found;
  }

  return {
    get: present,

    /** One page of the list (by last name) and the total count. */
    list: (query: Parameters<typeof listCustomers>[1], scope: CustomerScope) => listCustomers(db, query, scope),

    async create(session: SessionContext, input: CreateInput) {
      const passwordHash = input.password
        ? await checkedHash(input.password, [input.first_name, input.last_name, input.email])
        : null;
      const id = await db
        .transaction(async (tx) => {
          await assertEmailFree(tx, input.email);
          let referredById: number | null = null;
          if (input.referred_by_code) {
            const referrer = await lockReferrerByCode(tx, input.referred_by_code);
            if (!referrer) throw fieldError('referred_by_code', 'Empfehlungsgeber nicht gefunden');
            referredById = referrer.id;
          }
          const [row] = await tx
            .insert(customers)
            .values({
              firstName: input.first_name,
              lastName: input.last_name,
              salutation: input.salutation,
              email: input.email,
              phone: input.phone,
              company: input.company,
              street: input.street,
              postalCode: input.postal_code,
              city: input.city,
              uid: input.uid,
              country: input.country,
              isBusiness: input.is_business,
              birthdate: input.birthdate,
              passwordHash,
              referralCode: await uniqueReferralCode(tx),
              referredById,
            })
            .returning();
          await writeAudit(tx, session, 'create', 'customer', row.id, null, row);
          if (input.send_invitation) {
            if (!accountMails) throw new Error('customers service: invitations need the account mails');
            await accountMails.inviteCustomer(tx, session, row);
          }
          return row.id;
        })
        .catch(rethrowEmailTaken);
      return present(id);
    },

    async update(session: SessionContext, id: number, input: UpdateInput) {
      const notes = [input.private_notes, input.company_info, input.special_notes, input.notes];
      if (notes.some((n) => n !== undefined)) assertCan(session, 'customers.private.write');
      const passwordHash = input.password ? await checkedHash(input.password, await nameContext(id)) : undefined;
      await db
        .transaction(async (tx) => {
          const before = await loadForUpdate(tx, id);
          if (input.email !== undefined) await assertEmailFree(tx, input.email, id);
          const [after] = await tx
            .update(customers)
            .set({
              firstName: input.first_name,
              lastName: input.last_name,
              salutation: input.salutation,
              email: input.email,
              phone: input.phone,
              company: input.company,
              street: input.street,
              postalCode: input.postal_code,
              city: input.city,
              uid: input.uid,
              country: input.country,
              isBusiness: input.is_business,
              birthdate: input.birthdate ?? undefined,
              passwordHash,
              isActive: input.is_active,
              privateNotes: input.private_notes,
              companyInfo: input.company_info,
              specialNotes: input.special_notes,
              notes: input.notes,
              updatedAt: sql`now()`,
            })
            .where(eq(customers.id, id))
            .returning();
          // A deactivated customer, a password set by staff or a new sign-in address: no open
          // session keeps working, and the customer hears of it (decision 0504).
          const owner = { userType: 'customer' as const, id };
          const passwordSet = passwordHash !== undefined;
          const emailChanged = after.email.trim().toLowerCase() !== before.email.trim().toLowerCase();
          if (passwordSet || emailChanged || (before.isActive && !after.isActive)) {
            await endSessions(tx, owner, session);
          }
          if (passwordSet && after.isActive) await notifySecurityChange(tx, owner, 'password_set_by_staff');
          if (emailChanged) await notifySecurityChange(tx, owner, 'email_change', { to: before.email });
          await writeAudit(tx, session, 'update', 'customer', id, before, after);
        })
        .catch(rethrowEmailTaken);
      return present(id);
    },

    async updatePersonalData(session: SessionContext, id: number, input: PersonalDataInput) {
      await db.transaction(async (tx) => {
        const before = await loadForUpdate(tx, id);
        const [after] = await tx
          .update(customers)
          .set({
            maritalStatus: input.marital_status,
            partnerName: input.partner_name,
            partnerGender: input.partner_gender,
            partnerBirthdate: input.partner_birthdate,
            children: input.children,
            updatedAt: sql`now()`,
          })
          .where(eq(customers.id, id))
          .returning();
        await writeAudit(tx, session, 'update', 'customer', id, before, after);
      });
      return present(id);
    },

    async updateNotes(session: SessionContext, id: number, notes: string | null) {
      await db.transaction(async (tx) => {
        const before = await loadForUpdate(tx, id);
        const [after] = await tx
          .update(customers)
          .set({ notes, updatedAt: sql`now()` })
          .where(eq(customers.id, id))
          .returning();
        await writeAudit(tx, session, 'update', 'customer', id, before, after);
      });
      return present(id);
    },
  };
}

export type CustomersService = ReturnType<typeof createCustomersService>;
