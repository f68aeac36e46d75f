import { assignSequenceTypes, type SequenceType } from '@butler/contract/sepa-sequence';
import { inArray } from 'drizzle-orm';
import type { Executor } from '../../../db/executor.js';
import { customers, type sepaMandates } from '../../../db/schema/index.js';
import { toSepaText } from '../../../domain/sepa-charset.js';
import { loadSettings } from '../../quickbill/settings/provider-settings.repo.js';
import type { Pain008Address, Pain008Collection, Pain008Input, Pain008Version } from '../pain008/pain008-writer.js';
import type { DirectDebitSettingsRow } from '../settings/direct-debit-settings.service.js';
import type { DueRow } from './due-collections.js';
import { endToEndId } from './run-file.js';

/**
 * What a run writes, from its due invoices: one collection per invoice with the open amount
 * (decision 0720), the sequence type of the one shared rule (decision 0721) and its
 * EndToEndId; then the pain.008 input. Used by the run itself and by the due list's trial
 * file, so the page never offers what the file check would refuse.
 */

type MandateRow = typeof sepaMandates.$inferSelect & { hasCollection: boolean };

export interface PlannedCollection {
  row: DueRow;
  mandate: MandateRow;
  sequenceType: SequenceType;
  endToEndId: string;
}

export function planCollections(
  rows: DueRow[],
  mandateOf: (row: DueRow) => MandateRow,
  runId: number,
): PlannedCollection[] {
  const mandates = rows.map(mandateOf);
  const types = assignSequenceTypes(
    mandates.map((m) => ({ mandateReference: m.reference, collectedBefore: m.hasCollection })),
  );
  return rows.map((row, i) => ({
    row,
    mandate: mandates[i],
    sequenceType: types[i],
    endToEndId: endToEndId(row.invoiceNumber, runId),
  }));
}

async function debtorAddresses(db: Executor, customerIds: number[]): Promise<Map<number, Pain008Address | null>> {
  if (customerIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: customers.id,
      street: customers.street,
      postalCode: customers.postalCode,
      city: customers.city,
      country: customers.country,
    })
    .from(customers)
    .where(inArray(customers.id, customerIds));
  return new Map(
    rows.map((c) => [
      c.id,
      c.city ? { street: c.street ?? '', postalCode: c.postalCode ?? '', city: c.city, country: c.country } : null,
    ]),
  );
}

/** The pain.008 of `planned` as the writer takes it (creditor from the settings, debtor addresses from the customers). */
export async function pain008InputOf(
  db: Executor,
  settings: DirectDebitSettingsRow,
  planned: PlannedCollection[],
  file: { messageId: string; createdAt: string; collectionDate: string },
): Promise<Pain008Input> {
  const provider = await loadSettings(db);
  const customerIds = planned.map((p) => p.mandate.customerId).filter((id): id is number => id !== null);
  const addresses = await debtorAddresses(db, [...new Set(customerIds)]);
  const collections: Pain008Collection[] = planned.map(({ row, mandate, sequenceType, endToEndId: e2e }) => ({
    endToEndId: e2e,
    amountCents: row.amountCents,
    mandateReference: mandate.reference,
    signatureDate: mandate.signedOn,
    sequenceType,
    scheme: mandate.scheme as 'CORE' | 'B2B',
    debtorName: mandate.debtorName,
    debtorIban: mandate.debtorIban,
    debtorBic: mandate.debtorBic,
    debtorAddress: (mandate.customerId !== null && addresses.get(mandate.customerId)) || null,
    remittance: `Rechnung ${row.invoiceNumber}`,
  }));
  return {
    version: settings.painVersion as Pain008Version,
    ...file,
    creditor: {
      name: toSepaText(provider.companyName, 70),
      iban: settings.collectionIban,
      bic: settings.collectionBic || null,
      creditorId: settings.creditorId,
    },
    collections,
  };
}
