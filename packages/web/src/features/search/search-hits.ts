import { ORDER_STATE_LABELS } from '@butler/contract/orders';
import { INVOICE_STATUS_LABELS } from '@butler/contract/quickbill';
import type { SearchResults } from '@butler/contract/search';
import { VISIT_STATE_LABELS } from '@butler/contract/visits';
import { billingTypeName, formatDate, formatEuro, formatHours } from '../../lib/format';

/** One row of the result list: what it says and which page opens the record. */
export type SearchHit = {
  key: string;
  group: GroupKey;
  title: string;
  detail: string;
  icon?: string;
  badge?: string;
  to: string;
};

export type GroupKey = keyof SearchResults;

export const GROUP_LABELS: Record<GroupKey, string> = {
  customers: 'Kunden',
  projects: 'Projekte',
  invoices: 'Rechnungen',
  wiki_entries: 'Wiki-Einträge',
  time_entries: 'Zeiteinträge',
  orders: 'Aufträge',
  visits: 'Termine',
};

const ORDER: GroupKey[] = ['customers', 'orders', 'visits', 'projects', 'invoices', 'wiki_entries', 'time_entries'];
const join = (...parts: Array<string | null | undefined>) => parts.filter(Boolean).join(' · ');

/** The answer as grouped rows, in the screen's order, each with the address of its exact record. */
export function searchHits(results: SearchResults): Array<{ group: GroupKey; hits: SearchHit[] }> {
  const rows: Record<GroupKey, SearchHit[]> = {
    customers: (results.customers ?? []).map((c) => ({
      key: `customer-${c.id}`,
      group: 'customers',
      title: c.name,
      detail: join(c.company, c.city, c.email),
      badge: c.is_active ? undefined : 'Inaktiv',
      to: `/admin/customers/${c.id}`,
    })),
    projects: (results.projects ?? []).map((p) => ({
      key: `project-${p.id}`,
      group: 'projects',
      title: p.name,
      detail: p.customer_name,
      badge: p.is_active ? undefined : 'Inaktiv',
      to: `/admin/customers/${p.customer_id}/zeiterfassung`,
    })),
    invoices: (results.invoices ?? []).map((i) => ({
      key: `invoice-${i.id}`,
      group: 'invoices',
      title: i.invoice_number ?? 'Entwurf ohne Nummer',
      detail: join(i.customer_name, formatDate(i.invoice_date), formatEuro(i.total_gross)),
      badge: `${i.kind === 'credit_note' ? 'Stornorechnung · ' : ''}${INVOICE_STATUS_LABELS[i.status]}`,
      to: `/admin/quickbill/invoices/${i.id}`,
    })),
    wiki_entries: (results.wiki_entries ?? []).map((w) => ({
      key: `wiki-${w.id}`,
      group: 'wiki_entries',
      title: w.title,
      detail: join(w.customer_name, w.category_name),
      icon: w.category_icon,
      to: `/admin/wiki?customer=${w.customer_id}&category=${w.category_id}&entry=${w.id}`,
    })),
    time_entries: (results.time_entries ?? []).map((t) => ({
      key: `time-entry-${t.id}`,
      group: 'time_entries',
      title: t.activity_description,
      detail: join(t.customer_name, formatDate(t.work_date), formatHours(t.hours), billingTypeName(t.billing_type)),
      to: `/admin/customers/${t.customer_id}/zeiterfassung`,
    })),
    orders: (results.orders ?? []).map((o) => ({
      key: `order-${o.id}`,
      group: 'orders',
      title: `${o.number} ${o.title}`,
      detail: join(o.customer_name, ORDER_STATE_LABELS[o.state]),
      to: `/admin/auftraege/${o.id}`,
    })),
    visits: (results.visits ?? []).map((v) => ({
      key: `visit-${v.id}`,
      group: 'visits',
      title: v.purpose,
      detail: join(v.customer_name, `${formatDate(v.date)} ${v.start_time}–${v.end_time}`, VISIT_STATE_LABELS[v.state]),
      to: `/admin/termine?tag=${v.date}&kunde=${v.customer_id}`,
    })),
  };
  return ORDER.filter((group) => results[group] !== undefined && rows[group].length > 0).map((group) => ({
    group,
    hits: rows[group],
  }));
}

/** "Kunden, Projekte, Rechnungen …" of the groups a role may search (for the hint before typing). */
export function searchableGroups(can: (group: GroupKey) => boolean): string {
  const names = ORDER.filter(can).map((g) => GROUP_LABELS[g]);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} und ${names.at(-1)}` : (names[0] ?? '');
}
