import { formatDate, formatHours } from '@butler/contract/format';
import type { WishWords } from '@butler/contract/package-change-texts';
import { INDIVIDUAL_TEMPLATE_NAME } from '@butler/contract/subscriptions';
import { eq } from 'drizzle-orm';
import type { Transaction } from '../../db/executor.js';
import { customers } from '../../db/schema/index.js';
import { num } from '../../domain/decimal.js';
import { customerAddressee } from '../mail/addressee.js';
import { queueMail } from '../mail/mail-queue.js';
import type { RequestRow } from './request-rows.js';

/** A wish in words, as the lounge and the mails say it. */
export const wishWords = (row: RequestRow): WishWords => ({
  name: row.templateName || INDIVIDUAL_TEMPLATE_NAME,
  hours: formatHours(num(row.monthlyHours)),
  from: formatDate(row.effectiveFrom),
  until: formatDate(row.endDate),
});

/**
 * The answer to the customer, in the transaction of the answer. It answers the customer's
 * own wish, like an Auftrag's news: no choice of Mein Konto switches it off; a customer
 * without an address gets none (the lounge shows the outcome).
 */
export async function mailAnswer(
  tx: Transaction,
  row: RequestRow,
  outcome: 'accepted' | 'declined',
  input: { createdBy: string; publicUrl: string; lapsing?: { hours: number; until: string } | null },
) {
  const [customer] = await tx
    .select({ email: customers.email })
    .from(customers)
    .where(eq(customers.id, row.customerId));
  const to = await customerAddressee(tx, row.customerId);
  if (!customer?.email || !to) return;
  await queueMail(tx, {
    to: customer.email,
    template: 'package-change',
    data: {
      to,
      kind: row.kind as 'change' | 'renew',
      outcome,
      wish: wishWords(row),
      note: row.answerNote ?? '',
      lapsing: input.lapsing
        ? { hours: formatHours(input.lapsing.hours), until: formatDate(input.lapsing.until) }
        : null,
      url: `${input.publicUrl}/customer/dashboard`,
    },
    customerId: row.customerId,
    entity: { type: 'subscription', id: row.subscriptionId },
    createdBy: input.createdBy,
    dedupeKey: `package-change:${row.id}:${outcome}`,
  });
}
