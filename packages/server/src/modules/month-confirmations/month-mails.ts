import { formatDate, formatHours } from '@butler/contract/format';
import { CUSTOMER_SCOPED_ROLES, isStaffRole, permissionsOf } from '@butler/contract/permissions';
import { and, asc, eq } from 'drizzle-orm';
import type { Transaction } from '../../db/executor.js';
import { admins, customerStaff, customers, providerSettings } from '../../db/schema/index.js';
import { monthDisplay } from '../../domain/calendar.js';
import { customerAddressee } from '../mail/addressee.js';
import { queueMail } from '../mail/mail-queue.js';

const VALID_ADDRESS = /^[^\s@]+@[^\s@]+$/;

/** An entry in one line, as the mails and the thread name it: `12.10.2026 · Haushalt · Einkauf · 2,00 h`. */
export const entryLine = (e: { workDate: string; project: string; activity: string; hours: string }) =>
  `${formatDate(e.workDate)} · ${e.project} · ${e.activity} · ${formatHours(e.hours)}`;

/**
 * Who hears of a Rückfrage: the customer's Betreuer with an address; without one, the staff
 * who may change every entry (Inhaber, Büro); without those, the provider's contact address.
 */
async function questionRecipients(tx: Transaction, customerId: number) {
  const staff = await tx
    .select({
      name: admins.name,
      username: admins.username,
      email: admins.email,
      role: admins.role,
      grants: admins.grants,
      betreuer: customerStaff.customerId,
    })
    .from(admins)
    .leftJoin(customerStaff, and(eq(customerStaff.adminId, admins.id), eq(customerStaff.customerId, customerId)))
    .where(eq(admins.isActive, true))
    .orderBy(asc(admins.id));
  const reachable = staff.filter((s) => s.email && VALID_ADDRESS.test(s.email.trim()));
  const toOf = (s: (typeof staff)[number]) => ({ name: s.name || s.username, email: (s.email as string).trim() });
  const betreuer = reachable.filter((s) => s.betreuer !== null);
  if (betreuer.length) return betreuer.map(toOf);
  const office = reachable.filter(
    (s) =>
      isStaffRole(s.role) &&
      !CUSTOMER_SCOPED_ROLES.includes(s.role) &&
      permissionsOf(s.role, s.grants ?? []).includes('time_entries.manage'),
  );
  if (office.length) return office.map(toOf);
  const [provider] = await tx.select({ email: providerSettings.contactEmail }).from(providerSettings).limit(1);
  const contact = provider?.email?.trim() ?? '';
  return VALID_ADDRESS.test(contact) ? [{ name: 'Team', email: contact }] : [];
}

/** A Rückfrage or the customer's reply reaches the Betreuer (staff mail, Sie), in the caller's transaction. */
export async function mailStaffAboutQuestion(
  tx: Transaction,
  input: {
    customerId: number;
    customerName: string;
    month: string;
    entry: string;
    message: string;
    kind: 'new' | 'reply';
    questionId: number;
    publicUrl: string;
    createdBy: string;
  },
) {
  for (const to of await questionRecipients(tx, input.customerId)) {
    await queueMail(tx, {
      to: to.email,
      template: 'month-question',
      data: {
        name: to.name,
        customer: input.customerName,
        month: monthDisplay(input.month),
        entry: input.entry,
        message: input.message,
        kind: input.kind,
        url: `${input.publicUrl}/admin/customers/${input.customerId}/zeiterfassung`,
      },
      customerId: null,
      mentions: [input.customerId],
      entity: { type: 'month_question', id: input.questionId },
      createdBy: input.createdBy,
    });
  }
}

/**
 * An answer or a correction reaches the customer: a reply to their own question, so it is sent
 * whatever the Monatsübersicht choice says (decision 0852); none without an address.
 */
export async function mailCustomerAboutQuestion(
  tx: Transaction,
  input: {
    customerId: number;
    month: string;
    kind: 'answered' | 'corrected';
    entryDate: string;
    body: string;
    questionId: number;
    publicUrl: string;
    createdBy: string;
  },
) {
  const [customer] = await tx
    .select({ email: customers.email, isActive: customers.isActive })
    .from(customers)
    .where(eq(customers.id, input.customerId));
  const to = await customerAddressee(tx, input.customerId);
  if (!customer?.email || !customer.isActive || !to) return;
  await queueMail(tx, {
    to: customer.email,
    template: 'month-confirmation',
    data: {
      to,
      kind: input.kind,
      month: monthDisplay(input.month),
      entry: formatDate(input.entryDate),
      body: input.body,
      url: `${input.publicUrl}/customer/monatsfreigabe/${input.month}`,
    },
    customerId: input.customerId,
    entity: { type: 'month_question', id: input.questionId },
    createdBy: input.createdBy,
  });
}
