import { formatDate, formatHours, formatMonthYear } from '@butler/contract/format';
import { orderNumber } from '@butler/contract/orders';
import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  admins,
  customers,
  hourPackages,
  invoices,
  orders,
  products,
  projects,
  subscriptions,
  subscriptionTemplates,
  timeEntries,
  wikiCategories,
  wikiEntries,
} from '../../db/schema/index.js';
import { packageTitle } from '../../domain/subscription-line.js';

/** What a Protokoll row names and where its record opens (decision 0634). */
export type RecordRef = { label: string; path: string | null };
type Row = { entity: string; entityId: string | null; customerId: number | null; changes: unknown };
type Snapshot = Record<string, { before?: unknown; after?: unknown } | undefined>;

const key = (entity: string, id: string) => `${entity}:${id}`;
const customerPath = (id: number | null) => (id ? `/admin/customer/${id}/details` : null);

/** A deleted record is named from the values the log kept of it. */
function fromSnapshot(row: Row, ...fields: string[]): string | null {
  const changes = (row.changes ?? {}) as Snapshot;
  const parts = fields
    .map((f) => changes[f]?.before ?? changes[f]?.after)
    .filter((v): v is string => typeof v === 'string' && v.trim() !== '');
  return parts.length ? parts.join(' ') : null;
}

const ACCOUNTING_PATH = '/admin/quickbill/buchhaltung';

/** Fixed places: records that are settings, not rows with a page of their own. */
const SETTINGS: Record<string, RecordRef> = {
  provider_settings: { label: 'Firmen- und Rechnungsdaten', path: '/admin/quickbill/settings' },
  dashboard_settings: { label: 'Dashboard-Einstellungen', path: '/admin/settings' },
  referral_settings: { label: 'Empfehlungsprogramm', path: '/admin/settings' },
  security_settings: { label: 'Anmelde-Einstellungen', path: '/admin/settings' },
  staff_rules: { label: 'Regeln für Mitarbeiter', path: '/admin/settings' },
  direct_debit_settings: { label: 'Lastschrift-Einstellungen', path: '/admin/quickbill/settings' },
  onboarding: { label: 'Erste Schritte', path: '/admin/dashboard' },
  accounting_settings: { label: 'Kontenplan für die Steuerberatung', path: ACCOUNTING_PATH },
};

/**
 * Names the records of one page of the log: one query per kind of record on the page
 * (at most 50 rows), so the list stays a handful of index lookups.
 */
export async function recordRefs(db: Database, rows: Row[]): Promise<Map<string, RecordRef>> {
  const ids = new Map<string, number[]>();
  for (const r of rows) {
    if (!r.entityId || !/^\d{1,10}$/.test(r.entityId)) continue;
    const list = ids.get(r.entity) ?? [];
    list.push(Number(r.entityId));
    ids.set(r.entity, list);
  }
  const refs = new Map<string, RecordRef>();
  const put = (entity: string, id: number, ref: RecordRef) => refs.set(key(entity, String(id)), ref);
  const of = (entity: string) => [...new Set(ids.get(entity) ?? [])];

  if (of('invoice').length) {
    const found = await db
      .select({ id: invoices.id, number: invoices.invoiceNumber, kind: invoices.kind })
      .from(invoices)
      .where(inArray(invoices.id, of('invoice')));
    for (const i of found) {
      const word = i.kind === 'credit_note' ? 'Stornorechnung' : 'Rechnung';
      put('invoice', i.id, {
        label: i.number ? `${word} ${i.number}` : `Rechnungsentwurf #${i.id}`,
        path: `/admin/quickbill/invoices/${i.id}`,
      });
    }
  }
  if (of('customer').length) {
    const found = await db
      .select({ id: customers.id, first: customers.firstName, last: customers.lastName })
      .from(customers)
      .where(inArray(customers.id, of('customer')));
    for (const c of found) put('customer', c.id, { label: `Kunde ${c.first} ${c.last}`, path: customerPath(c.id) });
  }
  if (of('wiki_entry').length) {
    const found = await db
      .select({ id: wikiEntries.id, title: wikiEntries.title, customerId: wikiEntries.customerId })
      .from(wikiEntries)
      .where(inArray(wikiEntries.id, of('wiki_entry')));
    for (const e of found)
      put('wiki_entry', e.id, {
        label: `Wiki-Eintrag ${e.title}`,
        path: `/admin/wiki?customer=${e.customerId}&edit=${e.id}`,
      });
  }
  if (of('admin').length) {
    const found = await db
      .select({ id: admins.id, name: admins.name, username: admins.username })
      .from(admins)
      .where(inArray(admins.id, of('admin')));
    for (const a of found)
      put('admin', a.id, { label: `Mitarbeiter ${a.name || a.username}`, path: '/admin/settings' });
  }
  const named = [
    ['project', projects, 'Projekt'],
    ['product', products, 'Produkt'],
    ['wiki_category', wikiCategories, 'Wiki-Kategorie'],
    ['subscription_template', subscriptionTemplates, 'ButlerPaket-Vorlage'],
  ] as const;
  for (const [entity, table, word] of named) {
    if (!of(entity).length) continue;
    const found = await db
      .select({ id: table.id, name: table.name })
      .from(table)
      .where(inArray(table.id, of(entity)));
    const path = (id: number) => {
      if (entity === 'product') return '/admin/quickbill/products';
      if (entity === 'wiki_category') return '/admin/wiki/categories';
      if (entity === 'subscription_template') return '/admin/settings';
      const logged = rows.find((r) => r.entity === entity && r.entityId === String(id));
      return customerPath(logged?.customerId ?? null) ?? '/admin/projects';
    };
    for (const f of found) put(entity, f.id, { label: `${word} ${f.name}`, path: path(f.id) });
  }
  if (of('subscription').length) {
    const found = await db
      .select({ id: subscriptions.id, name: subscriptions.templateName, customerId: subscriptions.customerId })
      .from(subscriptions)
      .where(inArray(subscriptions.id, of('subscription')));
    for (const s of found) put('subscription', s.id, { label: packageTitle(s.name), path: customerPath(s.customerId) });
  }
  if (of('hour_package').length) {
    const found = await db
      .select({ id: hourPackages.id, hours: hourPackages.hours, customerId: hourPackages.customerId })
      .from(hourPackages)
      .where(inArray(hourPackages.id, of('hour_package')));
    for (const p of found)
      put('hour_package', p.id, { label: `Stundenpaket ${formatHours(p.hours)}`, path: customerPath(p.customerId) });
  }
  if (of('order').length) {
    const found = await db
      .select({ id: orders.id, title: orders.title })
      .from(orders)
      .where(inArray(orders.id, of('order')));
    for (const o of found) {
      put('order', o.id, { label: `Auftrag ${orderNumber(o.id)} ${o.title}`, path: `/admin/auftraege/${o.id}` });
    }
  }
  if (of('time_entry').length) {
    const found = await db
      .select({
        id: timeEntries.id,
        hours: timeEntries.hours,
        day: timeEntries.workDate,
        customerId: timeEntries.customerId,
      })
      .from(timeEntries)
      .where(inArray(timeEntries.id, of('time_entry')));
    for (const t of found)
      put('time_entry', t.id, {
        label: `Zeiteintrag vom ${formatDate(t.day)} (${formatHours(t.hours)})`,
        path: customerPath(t.customerId),
      });
  }
  return refs;
}

const WORDS: Record<string, string> = {
  invoice: 'Rechnung',
  customer: 'Kunde',
  wiki_entry: 'Wiki-Eintrag',
  admin: 'Mitarbeiter',
  project: 'Projekt',
  product: 'Produkt',
  wiki_category: 'Wiki-Kategorie',
  subscription_template: 'ButlerPaket-Vorlage',
  subscription: 'ButlerPaket',
  hour_package: 'Stundenpaket',
  time_entry: 'Zeiteintrag',
  wiki_file: 'Wiki-Datei',
  sepa_mandate: 'SEPA-Mandat',
  direct_debit_run: 'Lastschriftlauf',
  mail: 'E-Mail',
  statement: 'Monatsübersicht',
  notification_preferences: 'Mail-Einstellungen',
  order: 'Auftrag',
};

/** The row's record: found now, else named from the log's own values (deleted), else its kind and number. */
export function recordOf(row: Row, refs: Map<string, RecordRef>): RecordRef | null {
  const setting = SETTINGS[row.entity];
  if (setting) return setting;
  if (!row.entityId) return null;
  // A closed month is its key (`2026-11`); a handover is named by the period it logged.
  const month = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(row.entityId);
  if (row.entity === 'closed_month' && month) {
    return { label: `Monat ${formatMonthYear(Number(month[1]), Number(month[2]))}`, path: ACCOUNTING_PATH };
  }
  if (row.entity === 'accounting_export') {
    const period = fromSnapshot(row, 'period');
    return { label: period ? `Übergabe ${period}` : `Übergabe #${row.entityId}`, path: ACCOUNTING_PATH };
  }
  const found = refs.get(key(row.entity, row.entityId));
  if (found) return found;
  const word = WORDS[row.entity];
  if (!word) return null;
  const name =
    fromSnapshot(row, 'invoiceNumber') ??
    fromSnapshot(row, 'title') ??
    fromSnapshot(row, 'name') ??
    fromSnapshot(row, 'firstName', 'lastName') ??
    fromSnapshot(row, 'originalFilename') ??
    fromSnapshot(row, 'reference');
  return { label: name ? `${word} ${name}` : `${word} #${row.entityId}`, path: null };
}
