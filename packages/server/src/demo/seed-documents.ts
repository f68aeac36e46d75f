import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.js';
import { admins, customers, invoices, wikiCategories } from '../db/schema/index.js';
import { addDays } from '../domain/calendar.js';
import { createDocument, FONT, toBuffer } from '../modules/quickbill/pdf/pdf-kit.js';
import { type DemoCall, demoCaller, endDemoSessions } from './demo-api.js';
import { type Outcome, settleDemoInvoice } from './seed-payments.js';

/**
 * The second half of `npm run demo` (docs/decisions/0420): products, invoices in every
 * state, monthly ButlerPaket invoices, wiki password entries and a file. They go through
 * the portal's own API (numbering, PDFs, e-invoices, encryption, audit) as the first
 * admin, with a session that is revoked at the end.
 */

const PRODUCTS = [
  {
    name: 'Butler-Stunde',
    description: 'Persönliche Unterstützung vor Ort oder telefonisch',
    unit: 'h',
    unit_price: 49,
    tax_rate: 20,
  },
  {
    name: 'Fahrtpauschale Wien',
    description: 'An- und Abfahrt innerhalb Wiens',
    unit: 'pauschal',
    unit_price: 18,
    tax_rate: 20,
  },
  {
    name: 'Einkaufsservice',
    description: 'Einkauf inkl. Zustellung bis 20 kg',
    unit: 'pauschal',
    unit_price: 25,
    tax_rate: 20,
  },
  {
    name: 'Übersiedlungsorganisation',
    description: 'Planung, Angebote, Koordination am Umzugstag',
    unit: 'pauschal',
    unit_price: 390,
    tax_rate: 20,
  },
  {
    name: 'Ratgeber „Haushalt im Griff“',
    description: 'Buch, 180 Seiten',
    unit: 'Stk.',
    unit_price: 24.9,
    tax_rate: 10,
  },
] as const;

type Item = { description: string; quantity: number; unit: string; unit_price: number; tax_rate: number };
const hours = (n: number, text: string): Item => ({
  description: text,
  quantity: n,
  unit: 'h',
  unit_price: 49,
  tax_rate: 20,
});
const trip = (n: number): Item => ({
  description: 'Fahrtpauschale Wien',
  quantity: n,
  unit: 'pauschal',
  unit_price: 18,
  tax_rate: 20,
});
const book: Item = {
  description: 'Ratgeber „Haushalt im Griff“',
  quantity: 1,
  unit: 'Stk.',
  unit_price: 24.9,
  tax_rate: 10,
};

/** One invoice of the story: its dates relative to today and what happens to it. */
type InvoicePlan = {
  customer: number;
  daysAgo: number;
  termDays: number;
  items: Item[];
  notes?: string;
  outcome: Outcome;
};

const INVOICES: InvoicePlan[] = [
  // Maria Gruber (the demo login) sees paid, partly paid and open invoices in her lounge.
  {
    customer: 0,
    daysAgo: 70,
    termDays: 14,
    items: [hours(3.5, 'Arzttermine für das Quartal koordiniert'), trip(1)],
    outcome: 'paid',
  },
  {
    customer: 0,
    daysAgo: 40,
    termDays: 14,
    items: [hours(6, 'Wohnung für die Handwerker vorbereitet und übergeben'), trip(2)],
    outcome: 'partial',
  },
  {
    customer: 0,
    daysAgo: 9,
    termDays: 14,
    items: [hours(2, 'Geschenke für die Familie besorgt und verpackt'), { ...PRODUCTS[2], quantity: 1 }],
    outcome: 'sent',
  },
  {
    customer: 7,
    daysAgo: 55,
    termDays: 14,
    items: [hours(4, 'Behördenwege erledigt: Meldezettel und Reisepass'), trip(2)],
    outcome: 'reminded-2',
  },
  {
    customer: 8,
    daysAgo: 33,
    termDays: 14,
    items: [hours(2.5, 'Fotobuch vom Sommerurlaub gestaltet')],
    outcome: 'reminded-1',
  },
  {
    customer: 10,
    daysAgo: 48,
    termDays: 14,
    items: [hours(7, 'Garagenflohmarkt organisiert und betreut'), trip(2)],
    outcome: 'blocked',
  },
  {
    customer: 11,
    daysAgo: 26,
    termDays: 14,
    items: [hours(3, 'Handyvertrag verglichen und gewechselt')],
    outcome: 'overpaid',
  },
  {
    customer: 13,
    daysAgo: 16,
    termDays: 14,
    items: [hours(1.5, 'Fahrradservice organisiert'), trip(1)],
    outcome: 'paid-cash',
  },
  {
    customer: 1,
    daysAgo: 75,
    termDays: 14,
    items: [hours(6, 'Steuerunterlagen sortiert und an die Kanzlei übergeben'), trip(2)],
    outcome: 'paid',
  },
  {
    customer: 4,
    daysAgo: 62,
    termDays: 14,
    items: [
      { ...PRODUCTS[3], description: 'Übersiedlungsorganisation Graz → Wien', quantity: 1 },
      hours(4.5, 'Umzugstag begleitet'),
      book,
    ],
    outcome: 'paid',
  },
  {
    customer: 6,
    daysAgo: 44,
    termDays: 14,
    items: [hours(8.25, 'Handwerker für die Küchenrenovierung koordiniert'), trip(3)],
    notes: 'Bitte überweisen Sie den Betrag unter Angabe der Rechnungsnummer.',
    outcome: 'reminded-3',
  },
  {
    customer: 9,
    daysAgo: 30,
    termDays: 14,
    items: [hours(3, 'Versicherungspolizzen verglichen'), trip(1)],
    outcome: 'cancelled',
  },
  {
    customer: 2,
    daysAgo: 21,
    termDays: 14,
    items: [
      hours(5.5, 'Geburtstagsfeier organisiert: Location, Catering, Einladungen'),
      { ...PRODUCTS[2], quantity: 2 },
    ],
    outcome: 'paid',
  },
  {
    customer: 3,
    daysAgo: 6,
    termDays: 14,
    items: [hours(2.75, 'Reise nach Kärnten geplant und gebucht'), book],
    outcome: 'sent',
  },
  {
    customer: 12,
    daysAgo: 3,
    termDays: 14,
    items: [hours(4, 'Gartenpflege im Herbst: Laub, Rückschnitt, Winterfest'), trip(2)],
    outcome: 'sent',
  },
  {
    customer: 5,
    daysAgo: 0,
    termDays: 14,
    items: [hours(1.5, 'Kfz-Service vereinbart und Pickerl-Termin organisiert'), trip(1)],
    outcome: 'draft',
  },
];

/** A short PDF that a customer's "Dokumente" entry carries as its file. */
async function demoPolicyPdf(customerName: string): Promise<Buffer> {
  const doc = createDocument('Versicherungsübersicht');
  doc.font(FONT.bold).fontSize(16).text('Versicherungsübersicht', { align: 'left' });
  doc.moveDown().font(FONT.regular).fontSize(11);
  doc.text(`Für: ${customerName}`);
  doc.moveDown();
  for (const line of [
    'Haushaltsversicherung – Wiener Städtische, Polizze 48-112.337, jährlich € 312,40',
    'Rechtsschutz – ARAG, Polizze RS-2291-07, jährlich € 286,00',
    'Kfz-Haftpflicht und Teilkasko – UNIQA, Polizze 77.904.551, monatlich € 68,15',
    'Unfallversicherung – Allianz, Polizze U-55 0183, jährlich € 198,00',
  ]) {
    doc.text(`• ${line}`);
  }
  doc.moveDown().fillColor('#52606d').text('Stand: zusammengestellt von Mein BUTLER, nur zur Übersicht.');
  return toBuffer(doc);
}

function multipart(filename: string, contentType: string, bytes: Buffer) {
  const boundary = `----butlerdemo${Date.now().toString(16)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/**
 * Adds the Quickbill and wiki demo documents to a freshly seeded demo database; answers
 * the line `npm run demo` prints. `today` is the Vienna date the demo plan was built for.
 */
export async function seedDemoDocuments(app: FastifyInstance, db: Database, today: string): Promise<string> {
  const [admin] = await db.select({ id: admins.id }).from(admins).orderBy(asc(admins.id)).limit(1);
  const api = await demoCaller(app, db, { userType: 'admin', id: admin.id });
  try {
    const list = await db
      .select({ id: customers.id, first: customers.firstName, last: customers.lastName })
      .from(customers)
      .where(eq(customers.isActive, true))
      .orderBy(asc(customers.id));
    const customerAt = (i: number) => list[i % list.length];

    for (const product of PRODUCTS) await api('POST', '/api/quickbill/products', product);

    // Drafts first, then everything is issued oldest first, so that the gapless invoice
    // numbers ascend with the invoice dates.
    const toIssue: Array<{ id: number; date: string; outcome: InvoicePlan['outcome']; paidAt: string }> = [];
    let count = 0;
    for (const plan of INVOICES) {
      const invoiceDate = addDays(today, -plan.daysAgo);
      const draft = await api<{ id: number }>('POST', '/api/quickbill/invoices', {
        customer_id: customerAt(plan.customer).id,
        invoice_date: invoiceDate,
        due_date: addDays(invoiceDate, plan.termDays),
        notes: plan.notes ?? null,
        items: plan.items,
      });
      count += plan.outcome === 'cancelled' ? 2 : 1;
      if (plan.outcome !== 'draft')
        toIssue.push({ id: draft.id, date: invoiceDate, outcome: plan.outcome, paidAt: addDays(invoiceDate, 9) });
    }

    // ButlerPaket invoices: last month's dated on its first day (four of five paid), this
    // month's left as drafts for the admin to send.
    const [year, month] = today.split('-').map(Number);
    const previous = month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
    const first = `${previous.year}-${String(previous.month).padStart(2, '0')}-01`;
    const lastRun = await api<{ created: Array<{ id: number }> }>('POST', '/api/quickbill/monthly-run', previous);
    const lastIds = lastRun.created.map((c) => c.id);
    if (lastIds.length) {
      // Still drafts, so no issued document changes.
      await db
        .update(invoices)
        .set({ invoiceDate: first, dueDate: addDays(first, 14) })
        .where(and(inArray(invoices.id, lastIds), eq(invoices.status, 'draft')));
    }
    for (const [i, id] of lastIds.entries()) {
      toIssue.push({ id, date: first, outcome: i % 5 === 4 ? 'sent' : 'paid', paidAt: addDays(first, 5 + (i % 7)) });
    }
    const thisRun = await api<{ created: unknown[] }>('POST', '/api/quickbill/monthly-run', { year, month });
    count += lastIds.length + thisRun.created.length;

    for (const invoice of toIssue.sort((a, b) => a.date.localeCompare(b.date))) {
      await api('POST', `/api/quickbill/invoices/${invoice.id}/send`, {});
      await settleDemoInvoice(api, invoice, today);
    }
    // The Stornorechnung is dated today: cancel last, so its number is the newest too.
    for (const invoice of toIssue.filter((i) => i.outcome === 'cancelled')) {
      await api('POST', `/api/quickbill/invoices/${invoice.id}/cancel`, {});
    }

    const wiki = await seedWikiSecrets(api, db, customerAt(0), customerAt(1));
    return `Demo-Dokumente angelegt: ${PRODUCTS.length} Produkte, ${count} Rechnungen (alle Status, Zahlungen und Teilzahlungen, Guthaben, Mahnstufen 1–3, Mahnsperre, Storno, ButlerPaket-Monatsrechnungen), ${wiki} Wiki-Einträge mit Passwörtern und Datei`;
  } finally {
    await endDemoSessions(db);
  }
}

async function seedWikiSecrets(
  api: DemoCall,
  db: Database,
  maria: { id: number; first: string; last: string },
  johann: { id: number; first: string; last: string },
) {
  const categories = await db.select({ id: wikiCategories.id, name: wikiCategories.name }).from(wikiCategories);
  const category = (name: string) => categories.find((c) => c.name === name)?.id;
  const passwords = category('Passwörter');
  const documents = category('Dokumente');
  const technics = category('Haustechnik');
  let count = 0;
  if (technics) {
    for (const [customer, title, username, code] of [
      [maria, 'Alarmanlage', 'Bedienteil im Vorraum', '4 7 1 1 #'],
      [johann, 'Schlüsselsafe Hauseingang', 'Kasten links neben der Tür', '2468'],
    ] as const) {
      await api('POST', '/api/wiki/entries', {
        customer_id: customer.id,
        category_id: technics,
        title,
        content: code,
        username,
        is_password_entry: true,
      });
      count++;
    }
  }
  if (passwords) {
    for (const [customer, title, username, password, link] of [
      [maria, 'WLAN zu Hause', 'Gruber-Heimnetz', 'Sonnenblume-Linz-2019', null],
      [maria, 'FinanzOnline', 'maria.gruber', 'Grüner-Veltliner#84', 'https://finanzonline.bmf.gv.at'],
      [johann, 'Wiener Linien App', 'johann.huber@example.at', 'Straßenbahn-D-Linie!7', 'https://www.wienerlinien.at'],
    ] as const) {
      await api('POST', '/api/wiki/entries', {
        customer_id: customer.id,
        category_id: passwords,
        title,
        content: password,
        username,
        is_password_entry: true,
        external_link: link,
      });
      count++;
    }
  }
  if (documents) {
    const entry = await api<{ id: number }>('POST', '/api/wiki/entries', {
      customer_id: maria.id,
      category_id: documents,
      title: 'Versicherungen im Überblick',
      content:
        '<p>Alle laufenden Polizzen mit Prämie und Kündigungsfrist. Die Übersicht als PDF liegt bei.</p><p>Nächste Überprüfung: im <strong>Jänner</strong>.</p>',
    });
    const file = multipart(
      'Versicherungsübersicht.pdf',
      'application/pdf',
      await demoPolicyPdf(`${maria.first} ${maria.last}`),
    );
    await api('POST', `/api/wiki/entries/${entry.id}/files`, file.payload, { 'content-type': file.contentType });
    count++;
  }
  return count;
}
