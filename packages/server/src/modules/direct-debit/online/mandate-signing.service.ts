import {
  MANDATE_SIGNINGS_PER_DAY,
  type MandateOnlineSigned,
  type zMandateOnlineSign,
} from '@butler/contract/mandate-online';
import { MANDATE_ONLINE_TEXTS } from '@butler/contract/mandate-online-texts';
import { maskIban } from '@butler/contract/sepa-rules';
import { and, eq, gte } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../../db/client.js';
import type { Executor, Transaction } from '../../../db/executor.js';
import { customers, sepaMandateSignatures, sepaMandates, subscriptions } from '../../../db/schema/index.js';
import { effectiveMandateStatus } from '../../../domain/mandate-state.js';
import { viennaParts } from '../../../domain/vienna-time.js';
import type { SessionContext } from '../../../lib/access.js';
import { writeAudit } from '../../../lib/audit.js';
import { putBlob, readBlob } from '../../../lib/blob-store.js';
import { now, todayVienna } from '../../../lib/clock.js';
import { AppError, fieldError } from '../../../lib/errors.js';
import { pgErrorOf } from '../../../lib/pagination.js';
import { verifyPassword } from '../../../lib/passwords.js';
import { pdfTask, renderPdf } from '../../../lib/pdf-render.js';
import { describeUserAgent } from '../../../lib/user-agent.js';
import { ACCOUNT_FAILURES, accountKey, createLoginThrottle } from '../../auth/login-throttle.js';
import { readCustomerVoice } from '../../customer-voice/customer-voice.service.js';
import { lockCustomer } from '../../customers/customers.repo.js';
import { suggestMandateReference } from '../mandates/mandates.service.js';
import { customerAddress, customerName, loadCreditor, offerText, presentLoungeMandate } from './mandate-offer.js';
import { mailSignedCopy } from './mandate-online-mails.js';
import { textSha256 } from './mandate-online-text.js';
import type { drawSignedMandatePdf } from './signed-mandate-pdf.js';

const SIGNED_PDF = pdfTask<typeof drawSignedMandatePdf>(
  new URL('./signed-mandate-pdf.ts', import.meta.url),
  'drawSignedMandatePdf',
);
/** A signed copy is a page or two; anything near this is a bug. */
const MAX_COPY_BYTES = 5 * 1024 * 1024;

export type SignInput = z.output<typeof zMandateOnlineSign>;
export type SigningClient = { address: string; userAgent: string };
const de = (date: string) => date.split('-').reverse().join('.');

/** The answer a signing gave, for a retry with the same key. */
async function signedBefore(db: Executor, customerId: number, key: string): Promise<MandateOnlineSigned | null> {
  const [row] = await db
    .select({ mandate: sepaMandates, replaced: sepaMandateSignatures.replacedReference })
    .from(sepaMandateSignatures)
    .innerJoin(sepaMandates, eq(sepaMandates.id, sepaMandateSignatures.mandateId))
    .where(and(eq(sepaMandateSignatures.customerId, customerId), eq(sepaMandateSignatures.idempotencyKey, key)));
  return row ? { mandate: presentLoungeMandate(row.mandate, true), replaced_reference: row.replaced } : null;
}

/** The ButlerPakete still to be billed switch to Lastschrift: that is what the customer signed for. */
async function payRunningPackagesByDebit(tx: Transaction, session: SessionContext, customerId: number) {
  const open = await tx
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.customerId, customerId),
        eq(subscriptions.isActive, true),
        eq(subscriptions.paymentMethod, 'ueberweisung'),
        gte(subscriptions.endDate, todayVienna()),
      ),
    )
    .for('update');
  for (const before of open) {
    const [after] = await tx
      .update(subscriptions)
      .set({ paymentMethod: 'lastschrift' })
      .where(eq(subscriptions.id, before.id))
      .returning();
    await writeAudit(tx, session, 'update', 'subscription', before.id, before, after, { customerId });
  }
}

/** "Lastschrift einrichten" (decision 0853): the customer signs a SEPA Core mandate with their password. */
export function createMandateSigningService(db: Database, publicUrl: string) {
  const throttle = createLoginThrottle(db);

  return {
    async sign(
      session: SessionContext,
      customerId: number,
      input: SignInput,
      client: SigningClient,
    ): Promise<MandateOnlineSigned & { created: boolean }> {
      const t = MANDATE_ONLINE_TEXTS[await readCustomerVoice(db)];
      const replay = await signedBefore(db, customerId, input.idempotency_key);
      if (replay) return { ...replay, created: false };
      const [customer] = await db.select().from(customers).where(eq(customers.id, customerId));
      if (!customer) throw new AppError('CUSTOMER_NOT_FOUND');
      if (!customer.isActive) throw new AppError('CONFLICT', t.inactive);
      if (!(await loadCreditor(db)).ready) throw new AppError('CONFLICT', t.notReadyRefusal);
      // Every try counts towards the day's limit, reserved before it is looked at (a burst too).
      await throttle.reserve(
        [
          {
            key: accountKey({ userType: 'customer', id: customerId }, 'mandate-online'),
            max: MANDATE_SIGNINGS_PER_DAY,
          },
        ],
        {
          windowMinutes: 24 * 60,
          message: () => t.tooManyToday,
        },
      );
      // The password stands for the signature; its failures count with the account's (decision 0500).
      const attempt = await throttle.reserve(
        [{ key: accountKey({ userType: 'customer', id: customerId }), max: ACCOUNT_FAILURES }],
        { message: t.tooManyPasswords },
      );
      if (!(await verifyPassword(customer.passwordHash, input.password))) throw fieldError('password', t.wrongPassword);
      await attempt.release();
      try {
        return await db.transaction((tx) => signIn(tx, session, customerId, input, client, t));
      } catch (error) {
        const pg = pgErrorOf(error);
        if (pg.code === '23505') throw new AppError('CONFLICT', t.textChanged, { mandate_text: t.textChanged });
        throw error;
      }
    },
  };

  async function signIn(
    tx: Transaction,
    session: SessionContext,
    customerId: number,
    input: SignInput,
    client: SigningClient,
    t: (typeof MANDATE_ONLINE_TEXTS)['du'],
  ): Promise<MandateOnlineSigned & { created: boolean }> {
    // One signing of a customer at a time: a double tap waits here and then finds the first.
    const customer = await lockCustomer(tx, customerId);
    if (!customer) throw new AppError('CUSTOMER_NOT_FOUND');
    if (!customer.isActive) throw new AppError('CONFLICT', t.inactive);
    const again = await signedBefore(tx, customerId, input.idempotency_key);
    if (again) return { ...again, created: false };
    const { provider, directDebit, ready } = await loadCreditor(tx);
    if (!ready) throw new AppError('CONFLICT', t.notReadyRefusal);
    const voice = await readCustomerVoice(tx);
    const reference = await suggestMandateReference(tx, customerId);
    // What the customer read must be what the portal would show now, letter for letter.
    if (input.reference !== reference || input.mandate_text !== offerText(voice, provider, directDebit, reference)) {
      throw new AppError('CONFLICT', t.textChanged, { mandate_text: t.textChanged });
    }
    const signedAt = now();
    const today = todayVienna();
    const [current] = await tx
      .select()
      .from(sepaMandates)
      .where(and(eq(sepaMandates.customerId, customerId), eq(sepaMandates.status, 'active')))
      .for('update');
    if (current) {
      const lapsed = effectiveMandateStatus(current, today) === 'expired';
      const [closed] = await tx
        .update(sepaMandates)
        .set({
          status: lapsed ? 'expired' : 'revoked',
          statusReason: lapsed
            ? '36 Monate ohne Einzug'
            : `Ersetzt durch das online unterschriebene Mandat ${reference}`,
          statusChangedAt: signedAt,
        })
        .where(eq(sepaMandates.id, current.id))
        .returning();
      await writeAudit(
        tx,
        session,
        'mandate_replace',
        'sepa_mandate',
        current.id,
        current,
        { ...closed, replacedBy: reference },
        { customerId },
      );
    }
    const [created] = await tx
      .insert(sepaMandates)
      .values({
        customerId,
        reference,
        signedOn: today,
        debtorName: input.debtor_name,
        debtorIban: input.debtor_iban,
        debtorBic: input.debtor_bic || null,
        scheme: 'CORE',
        createdBy: session.displayName,
      })
      .returning();
    const { date, time } = viennaParts(signedAt);
    const browser = describeUserAgent(client.userAgent);
    const sha = textSha256(input.mandate_text);
    const pdf = await renderPdf(SIGNED_PDF, {
      provider,
      logo: provider.logoBlobId ? await readBlob(tx, provider.logoBlobId) : null,
      customer: { name: customerName(customer), address: customerAddress(customer) },
      reference,
      mandateText: input.mandate_text,
      debtor: { name: created.debtorName, iban: created.debtorIban, bic: created.debtorBic },
      signedAt: `${de(date)} um ${time} Uhr`,
      clientAddress: client.address,
      browser,
      signerLogin: customer.email,
      textSha256: sha,
    });
    const blob = await putBlob(tx, pdf, { kind: 'mandate-pdf', maxBytes: MAX_COPY_BYTES });
    await tx.insert(sepaMandateSignatures).values({
      mandateId: created.id,
      customerId,
      idempotencyKey: input.idempotency_key,
      signedAt,
      clientAddress: client.address,
      userAgent: client.userAgent.slice(0, 500),
      signerName: `${customer.firstName} ${customer.lastName}`.trim(),
      signerLogin: customer.email,
      mandateText: input.mandate_text,
      textSha256: sha,
      replacedReference: current?.reference ?? null,
      pdfBlobId: blob.id,
    });
    await writeAudit(
      tx,
      session,
      'mandate_sign_online',
      'sepa_mandate',
      created.id,
      null,
      {
        ...created,
        signedAt: signedAt.toISOString(),
        clientAddress: client.address,
        userAgent: browser,
        textSha256: sha,
      },
      { customerId },
    );
    await payRunningPackagesByDebit(tx, session, customerId);
    if (customer.email) {
      await mailSignedCopy(tx, {
        email: customer.email,
        customerId,
        mandateId: created.id,
        createdBy: session.displayName,
        reference,
        date: de(date),
        time,
        payee: provider.companyName.trim(),
        creditorId: directDebit.creditorId,
        account: maskIban(created.debtorIban),
        replaced: current?.reference ?? null,
        url: `${publicUrl}/customer/account`,
      });
    }
    return {
      mandate: presentLoungeMandate(created, true),
      replaced_reference: current?.reference ?? null,
      created: true,
    };
  }
}
