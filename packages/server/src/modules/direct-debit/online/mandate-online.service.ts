import { formatEuro } from '@butler/contract/format';
import type { MandateOnlineState, zMandateOnlineRevoke } from '@butler/contract/mandate-online';
import { MANDATE_ONLINE_TEXTS } from '@butler/contract/mandate-online-texts';
import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../../db/client.js';
import { customers, sepaMandateSignatures, sepaMandates } from '../../../db/schema/index.js';
import { effectiveMandateStatus } from '../../../domain/mandate-state.js';
import { viennaParts } from '../../../domain/vienna-time.js';
import type { SessionContext } from '../../../lib/access.js';
import { writeAudit } from '../../../lib/audit.js';
import { readBlob } from '../../../lib/blob-store.js';
import { now, todayVienna } from '../../../lib/clock.js';
import { AppError } from '../../../lib/errors.js';
import { readCustomerVoice } from '../../customer-voice/customer-voice.service.js';
import { lockCustomer } from '../../customers/customers.repo.js';
import { staffRecipients } from '../../mail/staff-recipients.js';
import { listMandates } from '../mandates/mandates.repo.js';
import { suggestMandateReference } from '../mandates/mandates.service.js';
import { announcedInvoices, collectionsAtBank } from './announced-invoices.js';
import { customerName, loadCreditor, offerText, presentLoungeMandate } from './mandate-offer.js';
import { mailStaffRevoked, signedCopyFileName } from './mandate-online-mails.js';

const de = (date: string) => date.split('-').reverse().join('.');

/** The lounge's side of the customer's mandate (decision 0853): what it shows, the copy, "Lastschrift widerrufen". */
export function createMandateOnlineService(db: Database, publicUrl: string) {
  async function findCustomer(customerId: number) {
    const [customer] = await db.select().from(customers).where(eq(customers.id, customerId));
    if (!customer) throw new AppError('CUSTOMER_NOT_FOUND');
    return customer;
  }

  async function state(customerId: number): Promise<MandateOnlineState> {
    const customer = await findCustomer(customerId);
    const voice = await readCustomerVoice(db);
    const { provider, directDebit, ready } = await loadCreditor(db);
    const today = todayVienna();
    const active = (await listMandates(db, customerId)).find((m) => effectiveMandateStatus(m, today) === 'active');
    const reference = ready ? await suggestMandateReference(db, customerId) : null;
    return {
      ready,
      active: active ? presentLoungeMandate(active, Boolean(active.signature)) : null,
      offer: reference
        ? {
            reference,
            creditor_name: provider.companyName.trim(),
            creditor_id: directDebit.creditorId,
            mandate_text: offerText(voice, provider, directDebit, reference),
            debtor_name: customerName(customer),
          }
        : null,
      announced_invoices: active ? (await announcedInvoices(db, active.id)).length : 0,
    };
  }

  return {
    state,

    /** The signed copy of the customer's latest mandate signed online (404 when there is none). */
    async copy(customerId: number) {
      const [row] = await db
        .select({ reference: sepaMandates.reference, blobId: sepaMandateSignatures.pdfBlobId })
        .from(sepaMandateSignatures)
        .innerJoin(sepaMandates, eq(sepaMandates.id, sepaMandateSignatures.mandateId))
        .where(eq(sepaMandates.customerId, customerId))
        .orderBy(desc(sepaMandateSignatures.signedAt), desc(sepaMandates.id))
        .limit(1);
      const bytes = row ? await readBlob(db, row.blobId) : null;
      if (!row || !bytes) throw new AppError('MANDATE_NOT_FOUND');
      return { bytes, fileName: signedCopyFileName(row.reference) };
    },

    /**
     * "Lastschrift widerrufen": the active mandate never collects again (as when staff revoke
     * it); invoices announced with it and not yet in a run go by transfer, and staff are told.
     */
    async revoke(session: SessionContext, customerId: number, input: z.output<typeof zMandateOnlineRevoke>) {
      const t = MANDATE_ONLINE_TEXTS[await readCustomerVoice(db)];
      const recipients = await staffRecipients(db, 'direct_debit.read');
      await db.transaction(async (tx) => {
        const customer = await lockCustomer(tx, customerId);
        if (!customer) throw new AppError('CUSTOMER_NOT_FOUND');
        const [before] = await tx
          .select()
          .from(sepaMandates)
          .where(and(eq(sepaMandates.customerId, customerId), eq(sepaMandates.status, 'active')))
          .for('update');
        if (!before) throw new AppError('CONFLICT', t.noActive);
        const announced = await announcedInvoices(tx, before.id);
        const atBank = await collectionsAtBank(tx, before.id);
        const at = now();
        const [after] = await tx
          .update(sepaMandates)
          .set({
            status: 'revoked',
            statusReason: input.reason
              ? `In der Kundenlounge widerrufen: ${input.reason}`
              : 'In der Kundenlounge widerrufen',
            statusChangedAt: at,
          })
          .where(eq(sepaMandates.id, before.id))
          .returning();
        await writeAudit(
          tx,
          session,
          'mandate_revoke_online',
          'sepa_mandate',
          before.id,
          before,
          { ...after, announcedInvoices: announced.map((a) => a.number).join(', ') },
          { customerId },
        );
        const { date, time } = viennaParts(at);
        await mailStaffRevoked(tx, recipients, {
          customerId,
          mandateId: before.id,
          createdBy: session.displayName,
          customer: customerName(customer),
          reference: before.reference,
          at: `${de(date)}, ${time} Uhr`,
          reason: input.reason,
          announced: announced.map((a) => `${a.number} (${formatEuro(a.open)}, angekündigt für ${de(a.announcedOn)})`),
          atBank,
          url: `${publicUrl}/admin/customers/${customerId}`,
        });
      });
      return state(customerId);
    },
  };
}
