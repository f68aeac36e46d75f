import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/executor.js';
import { sepaMandates } from '../../../db/schema/index.js';
import { effectiveMandateStatus } from '../../../domain/mandate-state.js';
import { todayVienna } from '../../../lib/clock.js';
import { fieldError } from '../../../lib/errors.js';

/** A ButlerPaket is paid by Lastschrift only while its customer has an active mandate (decision 0602). */
export async function assertMandateForDirectDebit(tx: Executor, customerId: number, paymentMethod: string | undefined) {
  if (paymentMethod !== 'lastschrift') return;
  const [mandate] = await tx
    .select()
    .from(sepaMandates)
    .where(and(eq(sepaMandates.customerId, customerId), eq(sepaMandates.status, 'active')));
  if (!mandate || effectiveMandateStatus(mandate, todayVienna()) !== 'active') {
    throw fieldError(
      'payment_method',
      'SEPA-Lastschrift nur mit aktivem Mandat: Bitte erfassen Sie zuerst das SEPA-Mandat des Kunden',
    );
  }
}
