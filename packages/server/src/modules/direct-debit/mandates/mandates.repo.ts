import type { Mandate } from '@butler/contract/direct-debit';
import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/executor.js';
import { sepaMandateSignatures, sepaMandates } from '../../../db/schema/index.js';
import { effectiveMandateStatus, mandateExpiresOn } from '../../../domain/mandate-state.js';
import { AppError } from '../../../lib/errors.js';
import { describeUserAgent } from '../../../lib/user-agent.js';

const columns = getTableColumns(sepaMandates);

export type MandateSignature = typeof sepaMandateSignatures.$inferSelect;
/** `signature`: the evidence of a mandate signed online (decision 0853); null for paper ones, absent where not read. */
export type MandateRow = typeof sepaMandates.$inferSelect & {
  hasCollection: boolean;
  signature?: MandateSignature | null;
};

/**
 * Whether a collection on the mandate went out and was not returned (then the next is RCUR).
 * Written with explicit names: drizzle leaves columns unqualified in single-table selects,
 * which inside the subquery would name the item's own columns.
 */
const hasCollection = sql<boolean>`EXISTS (
  SELECT 1 FROM direct_debit_items d WHERE d.mandate_id = "sepa_mandates"."id" AND d.state IN ('submitted', 'collected')
)`;

const signature = sepaMandateSignatures;
const withSignature = eq(sepaMandateSignatures.mandateId, sepaMandates.id);

export async function listMandates(db: Executor, customerId: number): Promise<MandateRow[]> {
  return db
    .select({ ...columns, hasCollection, signature })
    .from(sepaMandates)
    .leftJoin(sepaMandateSignatures, withSignature)
    .where(eq(sepaMandates.customerId, customerId))
    .orderBy(asc(sepaMandates.id));
}

export async function findMandate(db: Executor, id: number, forUpdate = false): Promise<MandateRow> {
  const query = db
    .select({ ...columns, hasCollection, signature })
    .from(sepaMandates)
    .leftJoin(sepaMandateSignatures, withSignature)
    .where(eq(sepaMandates.id, id));
  const [row] = forUpdate ? await query.for('update', { of: sepaMandates }) : await query;
  if (!row) throw new AppError('MANDATE_NOT_FOUND');
  return row;
}

/** The customers' active mandates, locked in id order (one run at a time decides FRST/RCUR). */
export async function lockActiveMandates(db: Executor, customerIds: number[]): Promise<MandateRow[]> {
  if (customerIds.length === 0) return [];
  return db
    .select({ ...columns, hasCollection })
    .from(sepaMandates)
    .where(and(inArray(sepaMandates.customerId, customerIds), eq(sepaMandates.status, 'active')))
    .orderBy(asc(sepaMandates.id))
    .for('update', { of: sepaMandates });
}

export function presentMandate(row: MandateRow, today: string): Mandate {
  const status = effectiveMandateStatus(row, today);
  return {
    id: row.id,
    customer_id: row.customerId,
    reference: row.reference,
    signed_on: row.signedOn,
    debtor_name: row.debtorName,
    debtor_iban: row.debtorIban,
    debtor_bic: row.debtorBic,
    scheme: row.scheme as 'CORE' | 'B2B',
    status,
    status_reason: status === 'expired' && row.status === 'active' ? '36 Monate ohne Einzug' : row.statusReason,
    next_sequence: row.hasCollection ? 'RCUR' : 'FRST',
    last_collection_on: row.lastCollectionOn,
    expires_on: status === 'active' ? mandateExpiresOn(row.signedOn, row.lastCollectionOn) : null,
    created_at: row.createdAt.toISOString(),
    channel: row.signature ? 'online' : 'paper',
    evidence: row.signature ? presentEvidence(row.signature) : null,
  };
}

function presentEvidence(s: MandateSignature): NonNullable<Mandate['evidence']> {
  return {
    signed_at: s.signedAt.toISOString(),
    client_address: s.clientAddress,
    user_agent: s.userAgent,
    browser: describeUserAgent(s.userAgent),
    signer_name: s.signerName,
    signer_login: s.signerLogin,
    mandate_text: s.mandateText,
    text_sha256: s.textSha256,
  };
}
