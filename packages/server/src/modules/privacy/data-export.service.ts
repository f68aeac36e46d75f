import type { Readable } from 'node:stream';
import type { PageQuery } from '@butler/contract/list-query';
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { ZipFile } from 'yazl';
import type { Database } from '../../db/client.js';
import {
  customers,
  directDebitItems,
  directDebitRuns,
  invoiceDocuments,
  invoices,
  sepaMandates,
  sessions,
  wikiEntries,
  wikiFiles,
} from '../../db/schema/index.js';
import type { Env } from '../../env.js';
import type { SessionContext } from '../../lib/access.js';
import { writeAudit } from '../../lib/audit.js';
import { blobInfo, blobStream } from '../../lib/blob-store.js';
import { todayVienna } from '../../lib/clock.js';
import { EVERY_CUSTOMER } from '../../lib/customer-scope.js';
import { AppError } from '../../lib/errors.js';
import type { Keyring } from '../../lib/secret-box.js';
import { getCustomerSubscription, getDashboard } from '../customer-dashboard/customer-dashboard.service.js';
import { presentCustomer } from '../customers/customer.present.js';
import { findCustomer } from '../customers/customers.repo.js';
import { listHourPackages } from '../hour-packages/hour-packages.repo.js';
import { exportHourOrders } from '../hour-shop/hour-order-export.js';
import { exportOrders } from '../orders/order-export.js';
import { listProjects } from '../projects/projects.repo.js';
import { createInvoiceService } from '../quickbill/invoices/invoice.service.js';
import { issuedDocument } from '../quickbill/pdf/pdf-store.js';
import { computeReferralSummary } from '../referrals/referral-data.js';
import { listStatements } from '../statements/statement-versions.service.js';
import { getSubscriptionHistory } from '../subscriptions/history/history.service.js';
import { listSubscriptionRows, presentSubscriptions } from '../subscriptions/subscriptions.repo.js';
import { listTimeEntries } from '../time-entries/time-entries.repo.js';
import { exportVisits } from '../visits/visit-export.js';
import { createEntryService } from '../wiki/entries.service.js';

const PAGE = 500;

/** Every page of a paginated list, in the list's order. */
async function allPages<T>(fetch: (q: PageQuery) => Promise<{ rows: T[]; total: number }>): Promise<T[]> {
  const all: T[] = [];
  for (let page = 1; ; page++) {
    const { rows, total } = await fetch({ page, page_size: PAGE });
    all.push(...rows);
    if (rows.length < PAGE || all.length >= total) return all;
  }
}

/** A name safe inside a ZIP on every system: no separators, no control characters. */
function safeName(name: string) {
  const cleaned = name.replace(/[\\/:*?"<>|\p{Cc}]+/gu, '_').trim();
  return cleaned.slice(0, 120) || 'datei';
}

type BlobRef = { path: string; blobId: number };

const LABEL: Record<string, string> = { invoice: 'Rechnung', credit_note: 'Stornorechnung' };
const DOCUMENT_SUFFIX = { pdf: '.pdf', xml: '-Factur-X.xml', ebinterface: '-ebInterface.xml' } as const;

/**
 * Everything the portal holds about one customer (GDPR Art. 15 and 20, decision 0423):
 * the answers of the customer's own screens as JSON, their wiki files and their issued
 * invoices and credit notes (PDF and e-invoice XML exactly as stored). Password entries
 * are included decrypted; each counts as a reveal in the audit log.
 */
export async function collectCustomerData(
  db: Database,
  env: Env,
  keyring: Keyring,
  session: SessionContext,
  customerId: number,
) {
  const found = await findCustomer(db, customerId);
  if (!found) throw new AppError('CUSTOMER_NOT_FOUND');
  const today = todayVienna();
  const customerFilter = { customer_id: customerId };

  const subscriptionRows = await allPages((q) => listSubscriptionRows(db, { ...q, ...customerFilter }));
  const subscriptions = await presentSubscriptions(db, subscriptionRows, today);
  const subscriptionPeriods: Awaited<ReturnType<typeof getSubscriptionHistory>>[] = [];
  for (const s of subscriptions) subscriptionPeriods.push(await getSubscriptionHistory(db, session, s.id, today));

  // Wiki: clear entries as listed, password entries opened (and audited) one by one.
  const entryService = createEntryService(db, keyring);
  const listed = await entryService.list({ customer_id: customerId, limit: 100_000, offset: 0 }, EVERY_CUSTOMER);
  const wiki = [];
  let revealed = 0;
  for (const entry of listed) {
    if (entry.is_password_entry) {
      wiki.push(await entryService.get(session, entry.id, true));
      revealed++;
    } else {
      wiki.push(entry);
    }
  }
  const files = await db
    .select({
      id: wikiFiles.id,
      entryId: wikiFiles.entryId,
      name: wikiFiles.originalFilename,
      blobId: wikiFiles.blobId,
    })
    .from(wikiFiles)
    .innerJoin(wikiEntries, eq(wikiEntries.id, wikiFiles.entryId))
    .where(and(eq(wikiEntries.customerId, customerId), isNotNull(wikiFiles.blobId)))
    .orderBy(asc(wikiFiles.id));
  const blobs: BlobRef[] = [];
  const filePaths = new Map<number, string>();
  for (const f of files) {
    const path = `wiki-dateien/${f.entryId}-${f.id}-${safeName(f.name)}`;
    filePaths.set(f.id, path);
    blobs.push({ path, blobId: f.blobId! });
  }

  // Aufträge with their threads and attachments (decision 0810).
  const orderData = await exportOrders(
    db,
    customerId,
    (a) => `auftrag-dateien/${a.orderId}-${a.id}-${safeName(a.fileName)}`,
  );
  blobs.push(...orderData.files);

  // Invoices and credit notes: the detail the staff screen shows, the issued documents as stored.
  const invoiceService = createInvoiceService({ db, env, today: () => today });
  const invoiceIds = await db
    .select({ id: invoices.id, number: invoices.invoiceNumber, kind: invoices.kind, status: invoices.status })
    .from(invoices)
    .where(eq(invoices.customerId, customerId))
    .orderBy(asc(invoices.invoiceDate), asc(invoices.id));
  const issued = invoiceIds.filter((i) => i.status !== 'draft' && i.number);
  // Legacy invoices without stored documents get them written once, as the PDF download does.
  for (const i of issued) await issuedDocument(db, i.id, 'pdf');
  const documents = issued.length
    ? await db
        .select()
        .from(invoiceDocuments)
        .where(
          inArray(
            invoiceDocuments.invoiceId,
            issued.map((i) => i.id),
          ),
        )
    : [];
  const invoiceList = [];
  for (const i of invoiceIds) {
    const detail = await invoiceService.detail(i.id);
    const docs: Record<string, string> = {};
    for (const d of documents.filter((doc) => doc.invoiceId === i.id)) {
      const suffix = DOCUMENT_SUFFIX[d.kind as keyof typeof DOCUMENT_SUFFIX] ?? `-${d.kind}`;
      const path = `rechnungen/${LABEL[i.kind] ?? 'Beleg'}-${safeName(i.number ?? String(i.id))}${suffix}`;
      docs[d.kind] = path;
      blobs.push({ path, blobId: d.blobId });
    }
    invoiceList.push({ ...detail, dateien: docs });
  }

  const [notification] = await db
    .select({
      balance_alert_mails: customers.balanceAlertMails,
      statement_mails: customers.statementMails,
      order_mails: customers.orderMails,
    })
    .from(customers)
    .where(eq(customers.id, customerId));
  const logins = await db
    .select({
      created_at: sessions.createdAt,
      last_seen_at: sessions.lastSeenAt,
      expires_at: sessions.expiresAt,
      revoked_at: sessions.revokedAt,
      user_agent: sessions.userAgent,
      client_address: sessions.clientAddress,
    })
    .from(sessions)
    .where(eq(sessions.customerId, customerId))
    .orderBy(asc(sessions.createdAt));

  const mandates = await db
    .select({
      reference: sepaMandates.reference,
      signed_on: sepaMandates.signedOn,
      debtor_name: sepaMandates.debtorName,
      debtor_iban: sepaMandates.debtorIban,
      debtor_bic: sepaMandates.debtorBic,
      scheme: sepaMandates.scheme,
      status: sepaMandates.status,
      status_reason: sepaMandates.statusReason,
      last_collection_on: sepaMandates.lastCollectionOn,
    })
    .from(sepaMandates)
    .where(eq(sepaMandates.customerId, customerId))
    .orderBy(asc(sepaMandates.id));
  const directDebits = await db
    .select({
      collection_date: directDebitRuns.collectionDate,
      amount: directDebitItems.amount,
      mandate_reference: directDebitItems.mandateReference,
      debtor_iban: directDebitItems.debtorIban,
      state: directDebitItems.state,
      return_reason: directDebitItems.returnReason,
      return_fee: directDebitItems.returnFee,
    })
    .from(directDebitItems)
    .innerJoin(directDebitRuns, eq(directDebitRuns.id, directDebitItems.runId))
    .where(eq(directDebitItems.customerId, customerId))
    .orderBy(asc(directDebitItems.id));

  const json: Record<string, unknown> = {
    'stammdaten.json': presentCustomer(found.customer, found.referredByName, found.staff),
    'uebersicht.json': await getDashboard(db, customerId, today),
    'butlerpaket-aktuell.json': await getCustomerSubscription(db, customerId, today),
    'butlerpakete.json': subscriptions.map((s, index) => ({ ...s, perioden: subscriptionPeriods[index] })),
    'stundenpakete.json': await allPages((q) => listHourPackages(db, { ...q, ...customerFilter })),
    'projekte.json': await allPages((q) => listProjects(db, { ...q, ...customerFilter }, EVERY_CUSTOMER)),
    'zeiteintraege.json': await allPages((q) => listTimeEntries(db, { ...q, ...customerFilter }, EVERY_CUSTOMER)),
    // As the lounge shows them: of the people this customer referred only the first name and
    // whether the referral counts, never their address or purchases (Art. 15(4) DSGVO, decision 0503).
    'empfehlungen.json': await ownReferrals(db, customerId, found.customer.referralCode),
    'benachrichtigungen.json': notification,
    'monatsuebersichten.json': await listStatements(db, customerId, today),
    'auftraege.json': orderData.json,
    'termine.json': await exportVisits(db, customerId),
    'stundenbestellungen.json': await exportHourOrders(db, customerId),
    'wiki.json': wiki.map((entry) => ({
      ...entry,
      dateien: entry.files.map((f) => filePaths.get(f.id) ?? null),
    })),
    'rechnungen.json': invoiceList,
    'sepa-mandate.json': mandates,
    'lastschriften.json': directDebits,
    'anmeldungen.json': logins,
  };

  await writeAudit(
    db,
    session,
    'export',
    'customer',
    customerId,
    null,
    { files: files.length, invoices: invoiceIds.length, password_entries_revealed: revealed },
    { customerId },
  );
  return { customer: found.customer, json, blobs, generatedAt: new Date() };
}

function readme(data: Awaited<ReturnType<typeof collectCustomerData>>) {
  const c = data.customer;
  const at = data.generatedAt.toLocaleString('de-AT', { timeZone: 'Europe/Vienna' });
  return `Datenauskunft für ${c.firstName} ${c.lastName} (Kundennummer ${c.id})
Erstellt am ${at}

Diese ZIP-Datei enthält alle Daten, die im Butler-Portal zu Ihrer Person gespeichert sind
(Auskunft nach Art. 15 DSGVO, Datenübertragbarkeit nach Art. 20 DSGVO). Die JSON-Dateien
sind ein maschinenlesbares Format, das jede Tabellenkalkulation und Programmiersprache lesen kann.

Ordner "daten":
  stammdaten.json              Name, Kontaktdaten, Adresse, persönliche Angaben, Notizen
  uebersicht.json              Ihre Übersicht (Lounge): Guthaben, aktuelle Pakete, letzte Buchungen
  butlerpaket-aktuell.json     Ihr aktuelles ButlerPaket mit Guthaben und Prognose
  butlerpakete.json            Alle ButlerPakete mit ihren Abrechnungszeiträumen und Salden
  stundenpakete.json           Gekaufte Stundenpakete
  projekte.json                Ihre Projekte
  zeiteintraege.json           Alle erfassten Zeiteinträge
  empfehlungen.json            Ihr Empfehlungscode und die Empfehlungen
  benachrichtigungen.json      Ihre E-Mail-Einstellungen
  monatsuebersichten.json      Die Monate, für die eine Monatsübersicht besteht, mit versendeter Fassung und Korrekturen
  auftraege.json               Ihre Aufträge mit allen Nachrichten (auch internen Notizen der Mitarbeiter)
  termine.json                 Ihre Termine mit Ihren Wünschen zum Verschieben oder Absagen
  stundenbestellungen.json     Ihre Bestellungen von Stundenpaketen in der Lounge
  wiki.json                    Ihre Wiki-Einträge; Passwort-Einträge im Klartext
  rechnungen.json              Rechnungen und Stornorechnungen mit allen Positionen
  sepa-mandate.json            Ihre SEPA-Lastschrift-Mandate (Kontoinhaber, IBAN, Status)
  lastschriften.json           Die von Ihrem Konto eingezogenen Lastschriften und Rücklastschriften
  anmeldungen.json             Anmeldungen im Portal (Gerät, Adresse, Zeitpunkt)

Ordner "wiki-dateien": die hochgeladenen Dateien Ihrer Wiki-Einträge.
Ordner "auftrag-dateien": die Fotos und PDFs zu Ihren Aufträgen.
Ordner "rechnungen": Ihre Rechnungen und Stornorechnungen als PDF genau so, wie sie
ausgestellt wurden, dazu die E-Rechnung (Factur-X-XML und ebInterface-XML).

Achtung: Diese Datei enthält Passwörter im Klartext. Bitte bewahren Sie sie sicher auf.
`;
}

/** The ZIP of collectCustomerData, streamed: JSON first, then the files chunk by chunk from the blob store. */
export function customerDataZip(db: Database, data: Awaited<ReturnType<typeof collectCustomerData>>) {
  const zip = new ZipFile();
  const mtime = data.generatedAt;
  zip.addBuffer(Buffer.from(readme(data), 'utf8'), 'LIESMICH.txt', { mtime });
  for (const [name, value] of Object.entries(data.json)) {
    zip.addBuffer(Buffer.from(`${JSON.stringify(value, null, 2)}\n`, 'utf8'), `daten/${name}`, { mtime });
  }
  const used = new Set<string>();
  for (const ref of data.blobs) {
    if (used.has(ref.path)) continue;
    used.add(ref.path);
    zip.addReadStreamLazy(ref.path, { mtime }, (cb) => {
      blobInfo(db, ref.blobId).then(
        (info) => (info ? cb(null, blobStream(db, info)) : cb(new Error(`Blob ${ref.blobId} fehlt`), null as never)),
        (error) => cb(error, null as never),
      );
    });
  }
  zip.end();
  // yazl's output is a PassThrough; typed as one for Fastify's send.
  return zip.outputStream as Readable;
}

/** The customer's own referral figures, shaped like the lounge's (no one else's data). */
async function ownReferrals(db: Database, customerId: number, referralCode: string) {
  const summary = await computeReferralSummary(db, customerId);
  return { referral_code: referralCode, ...summary.referral_data, referral_stats: summary.referral_stats };
}
