import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.js';
import { hundredthsToString, toHundredths } from '../../domain/decimal.js';
import { lineTaxGroup, taxOf } from '../../domain/invoice-totals.js';
import { AppError } from '../../lib/errors.js';
import { type AccountChart, loadAccountChart, receivablesAccountOf } from './accounting-chart.js';

/**
 * Every booking document of a period as typed records (decision 0820), the one source of
 * the BMD and the DATEV file. Amounts are numeric strings exact to the cent ('-119.40'),
 * computed through domain/decimal.ts.
 *
 * A line books `amount` (gross, with the document's sign) from `account` on its `side` to
 * `contraAccount` on the other side; `vat` is the part of it that is VAT (same sign), which
 * the booking programme books to its VAT account from the tax code. A negative amount
 * (Storno, removed payment) books the other way round.
 */

export type BookingKind =
  | 'invoice'
  | 'credit_note'
  | 'payment'
  | 'payment_reversal'
  | 'credit_applied'
  | 'credit_applied_reversal'
  | 'refund'
  | 'refund_reversal'
  | 'reminder';

/** BMD's Buchungssymbol: Ausgangsrechnung, Bank, Kassa, Umbuchung. */
export type BookingSymbol = 'AR' | 'BK' | 'KA' | 'UM';

export type BookingLine = {
  account: string;
  /** The side of `account` for a positive amount: S = Soll (debit), H = Haben (credit). */
  side: 'S' | 'H';
  contraAccount: string;
  amount: string;
  vat: string;
  /** The VAT rate of the line (0 for exempt lines); null where VAT does not apply (money, fees, Kleinunternehmer). */
  vatRate: 20 | 13 | 10 | 0 | null;
  symbol: BookingSymbol;
  text: string;
};

export type BookingDocument = {
  kind: BookingKind;
  /** `YYYY-MM-DD`: invoice date, payment date, or the reminder letter's date. */
  date: string;
  /** The document's own number: invoice or credit note number, `Z<id>` for ledger entries, `M<level>-<invoice>` for a reminder. */
  number: string;
  /** The open item it belongs to: the invoice number (a Storno's and a payment's: the invoice it refers to). */
  reference: string;
  customerId: number | null;
  customerName: string;
  /** Money moved by the document (payments +, refunds −, a reversal undoes its entry); '0.00' for everything else. */
  cash: string;
  lines: BookingLine[];
};

export type Period = { start: string; end: string };

/** One side of one booking, for checking that a document balances. VAT goes to the pseudo account `USt`. */
export type Posting = { account: string; side: 'S' | 'H'; amount: bigint };

const flip = (side: 'S' | 'H') => (side === 'S' ? 'H' : 'S');

/** The postings of a document: the account's side gets the gross, the other side the net and the VAT. */
export function postingsOf(document: BookingDocument): Posting[] {
  return document.lines.flatMap((line) => {
    const gross = toHundredths(line.amount);
    const vat = toHundredths(line.vat);
    const postings: Posting[] = [
      { account: line.account, side: line.side, amount: gross },
      { account: line.contraAccount, side: flip(line.side), amount: gross - vat },
    ];
    if (vat !== 0n) postings.push({ account: 'USt', side: flip(line.side), amount: vat });
    return postings;
  });
}

export function isBalanced(document: BookingDocument): boolean {
  const postings = postingsOf(document);
  const total = (side: 'S' | 'H') => postings.filter((p) => p.side === side).reduce((a, p) => a + p.amount, 0n);
  return total('S') === total('H');
}

const ISO_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

export function checkPeriod(period: Period) {
  if (!ISO_DATE.test(period.start) || !ISO_DATE.test(period.end) || period.start > period.end) {
    throw new AppError(
      'VALIDATION_FAILED',
      'Der Zeitraum ist ungültig: Beginn und Ende als Datum (JJJJ-MM-TT), der Beginn nicht nach dem Ende',
    );
  }
}

const money = (cents: bigint) => hundredthsToString(cents);

type InvoiceRow = {
  id: number;
  kind: 'invoice' | 'credit_note';
  invoice_number: string;
  invoice_date: string;
  customer_id: number | null;
  customer_name: string;
  small_business: boolean;
  total_net: string;
  total_tax: string;
  total_gross: string;
  original_number: string | null;
};

type ItemRow = { invoice_id: number; tax_rate: number; tax_exemption: string | null; line_net: string };

type Group = { rate: 20 | 13 | 10 | 0; smallBusiness: boolean; net: bigint };

/** Net per VAT group of an invoice's lines, the groups of domain/invoice-totals.ts (Kleinunternehmer: all at 0 %). */
function groupsOf(invoice: InvoiceRow, items: ItemRow[]): Group[] {
  const groups = new Map<string, Group>();
  for (const item of items) {
    const group = lineTaxGroup(
      { quantity: 0, unitPrice: 0, taxRate: item.tax_rate, taxExemption: item.tax_exemption },
      invoice.small_business,
    );
    const smallBusiness = group.exemption === 'small_business';
    const key = `${group.taxRate}:${smallBusiness}`;
    const current = groups.get(key) ?? { rate: group.taxRate as Group['rate'], smallBusiness, net: 0n };
    current.net += toHundredths(item.line_net);
    groups.set(key, current);
  }
  if (items.length === 0 && toHundredths(invoice.total_tax) === 0n) {
    // No lines kept (written before lines were stored): the whole net without VAT.
    groups.set('0', { rate: 0, smallBusiness: invoice.small_business, net: toHundredths(invoice.total_net) });
  }
  return [...groups.values()].sort((a, b) => b.rate - a.rate || Number(a.smallBusiness) - Number(b.smallBusiness));
}

function invoiceDocument(chart: AccountChart, invoice: InvoiceRow, items: ItemRow[]): BookingDocument {
  const receivables = receivablesAccountOf(chart, invoice.customer_id);
  const isCredit = invoice.kind === 'credit_note';
  const reference = isCredit ? (invoice.original_number ?? invoice.invoice_number) : invoice.invoice_number;
  const text = isCredit
    ? `Storno ${invoice.invoice_number} zu ${reference} ${invoice.customer_name}`
    : `RE ${invoice.invoice_number} ${invoice.customer_name}`;
  const lines: BookingLine[] = groupsOf(invoice, items).map((group) => {
    const vat = group.smallBusiness ? 0n : taxOf(group.net, group.rate);
    return {
      account: receivables,
      side: 'S',
      contraAccount: group.smallBusiness ? chart.smallBusinessRevenue : chart.revenue[group.rate],
      amount: money(group.net + vat),
      vat: money(vat),
      vatRate: group.smallBusiness ? null : group.rate,
      symbol: 'AR',
      text,
    };
  });
  // The document as issued is the truth (§ 132 BAO): its lines must give exactly its totals.
  const sum = (pick: (l: BookingLine) => bigint) => lines.reduce((a, l) => a + pick(l), 0n);
  const gross = sum((l) => toHundredths(l.amount));
  const vat = sum((l) => toHundredths(l.vat));
  if (gross !== toHundredths(invoice.total_gross) || vat !== toHundredths(invoice.total_tax)) {
    throw new AppError(
      'CONFLICT',
      `Die Positionen der ${isCredit ? 'Stornorechnung' : 'Rechnung'} ${invoice.invoice_number} ergeben nicht ihre Summen ` +
        `(brutto ${invoice.total_gross}, USt. ${invoice.total_tax}); die Buchungsdateien wurden nicht erstellt.`,
    );
  }
  return {
    kind: isCredit ? 'credit_note' : 'invoice',
    date: invoice.invoice_date,
    number: invoice.invoice_number,
    reference,
    customerId: invoice.customer_id,
    customerName: invoice.customer_name,
    cash: '0.00',
    lines,
  };
}

type PaymentRow = {
  id: number;
  kind: 'payment' | 'credit_applied' | 'refund' | 'reversal';
  date: string;
  amount: string;
  method: string | null;
  reversed_kind: 'payment' | 'credit_applied' | 'refund' | null;
  reversed_id: number | null;
  invoice_number: string | null;
  customer_id: number | null;
  customer_name: string;
};

const LABELS = {
  payment: 'Zahlung',
  credit_applied: 'Guthaben verrechnet',
  refund: 'Guthaben erstattet',
} as const;

function paymentDocument(chart: AccountChart, row: PaymentRow): BookingDocument {
  const base = row.kind === 'reversal' ? row.reversed_kind : row.kind;
  if (!base) throw new Error(`reversal ${row.id} without its entry`);
  const reversal = row.kind === 'reversal';
  const cents = toHundredths(row.amount);
  const signed = reversal ? -cents : cents;
  const receivables = receivablesAccountOf(chart, row.customer_id);
  const cashAccount = row.method === 'bar' ? chart.cash : chart.bank;
  const symbol: BookingSymbol = base === 'credit_applied' ? 'UM' : row.method === 'bar' ? 'KA' : 'BK';
  const what = `${reversal ? 'Storno ' : ''}${LABELS[base]}`;
  const text = `${what}${row.invoice_number ? ` ${row.invoice_number}` : ''} ${row.customer_name}`;
  // Money in: bank or cash (Soll) against the receivables (Haben). Money out (refund): the other way.
  // Applied credit moves no money: the customer's credit (Soll) settles the invoice's open item (Haben).
  const [account, side, contraAccount]: [string, 'S' | 'H', string] =
    base === 'payment'
      ? [cashAccount, 'S', receivables]
      : base === 'refund'
        ? [cashAccount, 'H', receivables]
        : [receivables, 'S', receivables];
  const line: BookingLine = {
    account,
    side,
    contraAccount,
    amount: money(signed),
    vat: '0.00',
    vatRate: null,
    symbol,
    text,
  };
  const cash = base === 'payment' ? signed : base === 'refund' ? -signed : 0n;
  return {
    kind: reversal ? (`${base}_reversal` as BookingKind) : base,
    date: row.date,
    number: `Z${row.id}`,
    // A refund has no invoice: its own entry is the item (a removed refund refers to it).
    reference: row.invoice_number ?? `Z${row.reversed_id ?? row.id}`,
    customerId: row.customer_id,
    customerName: row.customer_name,
    cash: money(cash),
    lines: [line],
  };
}

type ReminderRow = {
  id: number;
  level: number;
  date: string;
  fee: string;
  interest: string;
  invoice_number: string;
  customer_id: number | null;
  customer_name: string;
};

/** Mahnspesen and Verzugszinsen: receivables against their accounts, without VAT (damages, decision 0820). */
function reminderDocument(chart: AccountChart, row: ReminderRow): BookingDocument {
  const receivables = receivablesAccountOf(chart, row.customer_id);
  const lines: BookingLine[] = [];
  const add = (amount: string, contraAccount: string, label: string) => {
    if (toHundredths(amount) === 0n) return;
    lines.push({
      account: receivables,
      side: 'S',
      contraAccount,
      amount: money(toHundredths(amount)),
      vat: '0.00',
      vatRate: null,
      symbol: 'AR',
      text: `${label} ${row.invoice_number} ${row.customer_name}`,
    });
  };
  add(row.fee, chart.reminderFee, `Mahnspesen ${row.level}. Stufe`);
  add(row.interest, chart.interest, 'Verzugszinsen');
  return {
    kind: 'reminder',
    date: row.date,
    number: `M${row.level}-${row.invoice_number}`,
    reference: row.invoice_number,
    customerId: row.customer_id,
    customerName: row.customer_name,
    cash: '0.00',
    lines,
  };
}

const KIND_ORDER: BookingKind[] = [
  'invoice',
  'credit_note',
  'reminder',
  'payment',
  'payment_reversal',
  'credit_applied',
  'credit_applied_reversal',
  'refund',
  'refund_reversal',
];

/**
 * Every booking document dated in the period (inclusive): issued invoices and Stornorechnungen
 * (not drafts; a cancelled invoice was issued and stays booked, its Storno books it back) by
 * invoice date, ledger entries by payment date, reminder fees and interest by the letter's
 * date. Each document balances (`isBalanced`).
 */
export async function collectBookings(
  db: Executor,
  period: Period,
  chartGiven?: AccountChart,
): Promise<BookingDocument[]> {
  checkPeriod(period);
  const chart = chartGiven ?? (await loadAccountChart(db));
  const { start, end } = period;
  const invoiceRows = (
    await db.execute(sql`
      SELECT i.id, i.kind, i.invoice_number, i.invoice_date::text AS invoice_date, i.customer_id, i.customer_name,
        i.small_business, i.total_net::text AS total_net, i.total_tax::text AS total_tax,
        i.total_gross::text AS total_gross, o.invoice_number AS original_number
      FROM invoices i LEFT JOIN invoices o ON o.id = i.credit_note_for_id
      WHERE i.status <> 'draft' AND i.invoice_date BETWEEN ${start}::date AND ${end}::date
      ORDER BY i.invoice_date, i.id`)
  ).rows as InvoiceRow[];
  const ids = invoiceRows.map((r) => r.id);
  const itemRows = ids.length
    ? ((
        await db.execute(sql`
          SELECT invoice_id, tax_rate, tax_exemption, line_net::text AS line_net
          FROM invoice_items WHERE invoice_id = ANY(${`{${ids.join(',')}}`}::int[]) ORDER BY invoice_id, position`)
      ).rows as ItemRow[])
    : [];
  const paymentRows = (
    await db.execute(sql`
      SELECT p.id, p.kind, p.payment_date::text AS date, p.amount::text AS amount, coalesce(p.method, o.method) AS method,
        o.kind AS reversed_kind, o.id AS reversed_id, i.invoice_number, coalesce(p.customer_id, o.customer_id, i.customer_id) AS customer_id,
        coalesce(i.customer_name, nullif(trim(c.first_name || ' ' || c.last_name), ''), 'Gelöschter Kunde') AS customer_name
      FROM payments p
      LEFT JOIN payments o ON o.id = p.reverses_id
      LEFT JOIN invoices i ON i.id = coalesce(p.invoice_id, o.invoice_id)
      LEFT JOIN customers c ON c.id = coalesce(p.customer_id, o.customer_id)
      WHERE p.payment_date BETWEEN ${start}::date AND ${end}::date
      ORDER BY p.payment_date, p.id`)
  ).rows as PaymentRow[];
  const reminderRows = (
    await db.execute(sql`
      SELECT * FROM (
        SELECT r.id, r.level, coalesce(r.letter_date, (r.sent_at AT TIME ZONE 'Europe/Vienna')::date)::text AS date,
          r.fee::text AS fee, r.interest::text AS interest, i.invoice_number, i.customer_id, i.customer_name
        FROM invoice_reminders r JOIN invoices i ON i.id = r.invoice_id
        WHERE r.fee > 0 OR r.interest > 0
      ) m WHERE m.date::date BETWEEN ${start}::date AND ${end}::date
      ORDER BY m.date, m.id`)
  ).rows as ReminderRow[];

  const itemsOf = new Map<number, ItemRow[]>();
  for (const item of itemRows) itemsOf.set(item.invoice_id, [...(itemsOf.get(item.invoice_id) ?? []), item]);
  const documents = [
    ...invoiceRows.map((row) => invoiceDocument(chart, row, itemsOf.get(row.id) ?? [])),
    ...reminderRows.map((row) => reminderDocument(chart, row)),
    ...paymentRows.map((row) => paymentDocument(chart, row)),
  ].map((d) => ({ ...d, lines: d.lines.filter((l) => toHundredths(l.amount) !== 0n) })); // a zero line books nothing
  // Stable: within a day and kind the order of the queries (id) stays.
  return documents.sort((a, b) =>
    a.date === b.date ? KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) : a.date < b.date ? -1 : 1,
  );
}

/** The period's figures the booking files must agree with (decision 0820). */
export function documentTotals(documents: BookingDocument[]) {
  let invoicesGross = 0n;
  let paymentsNet = 0n;
  for (const d of documents) {
    if (d.kind === 'invoice' || d.kind === 'credit_note')
      invoicesGross += d.lines.reduce((a, l) => a + toHundredths(l.amount), 0n);
    paymentsNet += toHundredths(d.cash);
  }
  return { invoicesGross: money(invoicesGross), paymentsNet: money(paymentsNet) };
}

/**
 * What is open at the end of the day `end` ("Offene Posten" as of that day): each issued
 * invoice dated up to then and not yet cancelled by a Storno dated up to then, gross less
 * what it had received by then (payments and applied credit not reversed by then), never
 * below zero. Credit notes are never open. On today's date this is the Offene-Posten total.
 */
export async function openItemsAt(db: Executor, end: string): Promise<string> {
  const result = await db.execute(sql`
    SELECT coalesce(sum(greatest(0, i.total_gross - coalesce((
      SELECT sum(p.amount) FROM payments p
      WHERE p.invoice_id = i.id AND p.kind IN ('payment', 'credit_applied') AND p.payment_date <= ${end}::date
        AND NOT EXISTS (SELECT 1 FROM payments x WHERE x.reverses_id = p.id AND x.payment_date <= ${end}::date)
    ), 0))), 0)::text AS open
    FROM invoices i
    WHERE i.kind = 'invoice' AND i.status <> 'draft' AND i.invoice_date <= ${end}::date
      AND NOT EXISTS (SELECT 1 FROM invoices c WHERE c.credit_note_for_id = i.id AND c.invoice_date <= ${end}::date)`);
  return money(toHundredths((result.rows[0] as { open: string }).open));
}
