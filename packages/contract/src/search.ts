import { z } from 'zod';
import { ORDER_STATES } from './orders.js';
import { VISIT_STATES } from './visits.js';

/**
 * "Suche" in the staff top bar (decision 0650): one call over customers, projects,
 * invoices, wiki entry titles and time-entry activities, grouped, each group limited. Only
 * what the caller may see: a Butler their customers' records, Buchhaltung no wiki and no
 * time entries. Never a secret: wiki hits carry title, customer and category only.
 */
export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_MAX_LENGTH = 100;
/** Hits per group: a jump list, not a result page. */
export const SEARCH_GROUP_LIMIT = 5;
export const SEARCH_TOO_SHORT = 'Bitte geben Sie mindestens 2 Zeichen ein';

export const zSearchQuery = z.object({
  q: z
    .string({ error: SEARCH_TOO_SHORT })
    .trim()
    .min(SEARCH_MIN_LENGTH, SEARCH_TOO_SHORT)
    .max(SEARCH_MAX_LENGTH, `Höchstens ${SEARCH_MAX_LENGTH} Zeichen`),
});

export const zSearchCustomerHit = z.object({
  id: z.number().int(),
  name: z.string(),
  company: z.string().nullable(),
  email: z.string(),
  city: z.string().nullable(),
  is_active: z.boolean(),
});

export const zSearchProjectHit = z.object({
  id: z.number().int(),
  name: z.string(),
  customer_id: z.number().int(),
  customer_name: z.string(),
  is_active: z.boolean(),
});

export const zSearchInvoiceHit = z.object({
  id: z.number().int(),
  /** Null for a draft. */
  invoice_number: z.string().nullable(),
  kind: z.enum(['invoice', 'credit_note']),
  status: z.enum(['draft', 'sent', 'paid', 'cancelled']),
  customer_name: z.string(),
  invoice_date: z.string(),
  total_gross: z.number(),
});

export const zSearchWikiHit = z.object({
  id: z.number().int(),
  title: z.string(),
  customer_id: z.number().int(),
  customer_name: z.string(),
  category_id: z.number().int(),
  category_name: z.string(),
  category_icon: z.string(),
});

export const zSearchTimeEntryHit = z.object({
  id: z.number().int(),
  activity_description: z.string(),
  work_date: z.string(),
  hours: z.number(),
  customer_id: z.number().int(),
  customer_name: z.string(),
  billing_type: z.enum(['abos', 'stundenpakete']),
});

/** An Auftrag (decision 0810) found by its number ("A-0042", "42") or title words. */
export const zSearchOrderHit = z.object({
  id: z.number().int(),
  number: z.string(),
  title: z.string(),
  state: z.enum(ORDER_STATES),
  customer_id: z.number().int(),
  customer_name: z.string(),
});

/** A Termin (decision 0841) found by words of its purpose, the latest first. */
export const zSearchVisitHit = z.object({
  id: z.number().int(),
  date: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  purpose: z.string(),
  state: z.enum(VISIT_STATES),
  customer_id: z.number().int(),
  customer_name: z.string(),
});

/** A group the caller may not see is absent (not empty): the screen leaves it out. */
export const zSearchResults = z.object({
  customers: z.array(zSearchCustomerHit).optional(),
  projects: z.array(zSearchProjectHit).optional(),
  invoices: z.array(zSearchInvoiceHit).optional(),
  wiki_entries: z.array(zSearchWikiHit).optional(),
  time_entries: z.array(zSearchTimeEntryHit).optional(),
  orders: z.array(zSearchOrderHit).optional(),
  visits: z.array(zSearchVisitHit).optional(),
});

export type SearchCustomerHit = z.infer<typeof zSearchCustomerHit>;
export type SearchProjectHit = z.infer<typeof zSearchProjectHit>;
export type SearchInvoiceHit = z.infer<typeof zSearchInvoiceHit>;
export type SearchWikiHit = z.infer<typeof zSearchWikiHit>;
export type SearchVisitHit = z.infer<typeof zSearchVisitHit>;
export type SearchTimeEntryHit = z.infer<typeof zSearchTimeEntryHit>;
export type SearchOrderHit = z.infer<typeof zSearchOrderHit>;
export type SearchResults = z.infer<typeof zSearchResults>;

/**
 * An amount as people type it ("119,40", "1.234,5", "€ 80", "80.00"): cents, or null when the
 * text is not an amount. A dot followed by exactly three digits is a thousands separator.
 */
export function parseSearchAmount(text: string): number | null {
  const raw = text.replace(/€|eur/gi, '').replace(/\s/g, '');
  if (!/^\d{1,3}(\.\d{3})+(,\d{1,2})?$|^\d{1,9}([.,]\d{1,2})?$/.test(raw)) return null;
  const grouped = /^\d{1,3}(\.\d{3})+(,\d{1,2})?$/.test(raw);
  const normal = grouped ? raw.replace(/\./g, '').replace(',', '.') : raw.replace(',', '.');
  const [euros, cents = ''] = normal.split('.');
  return Number(euros) * 100 + Number(cents.padEnd(2, '0'));
}
