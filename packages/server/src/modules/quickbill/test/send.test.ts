import { and, asc, eq, inArray } from 'drizzle-orm';
import JSZip from 'jszip';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildAdmin, buildCustomer, TEST_PASSWORD } from '../../../../test/factories.js';
import { digestDifference, TableDigest } from '../../../../test/fuzz/digest.js';
import {
  configureProvider,
  createDraft,
  daysAgo,
  outboxMails,
  pdfAttachments,
  pdfText,
  sendInvoice,
  today,
} from '../../../../test/quickbill-helpers.js';
import { createTestContext, type TestContext } from '../../../../test/test-app.js';
import { auditLog, blobs, invoiceDocuments, invoiceReminders, invoices, mailOutbox } from '../../../db/schema/index.js';

let ctx: TestContext;
let token: string;
let customer: Awaited<ReturnType<typeof buildCustomer>>;
const year = Number(today().slice(0, 4));

beforeAll(async () => {
  ctx = await createTestContext();
  const admin = await buildAdmin(ctx.db);
  token = await ctx.login('admin', admin.username, TEST_PASSWORD);
  customer = await buildCustomer(ctx.db, {
    firstName: 'Maria',
    lastName: 'Gruber',
    street: 'Herrengasse 3',
    postalCode: '8010',
    city: 'Graz',
  });
});

describe('sending', () => {
  it('refuses to issue while the settings lack the supplier data §11 UStG requires', async () => {
    const draft = await createDraft(ctx, token, customer.id);
    const res = await ctx.request({ method: 'POST', url: `/api/quickbill/invoices/${draft.id}/send`, token });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(
      'Bitte vervollständigen Sie zuerst die Rechnungseinstellungen: Firmenname, Straße, PLZ, Ort, UID-Nummer',
    );
    const after = await ctx.request({ method: 'GET', url: `/api/quickbill/invoices/${draft.id}`, token });
    expect(after.json()).toMatchObject({ status: 'draft', invoice_number: null });
  });

  it('numbers the invoice, marks it sent and mails the PDF with the embedded XML to the customer', async () => {
    await configureProvider(ctx, token);
    const draft = await createDraft(ctx, token, customer.id);
    const before = (await outboxMails(ctx)).length;
    const { invoice_number } = await sendInvoice(ctx, token, draft.id);
    expect(invoice_number).toMatch(new RegExp(`^${year}-\\d{4}$`));

    const detail = (await ctx.request({ method: 'GET', url: `/api/quickbill/invoices/${draft.id}`, token })).json();
    expect(detail).toMatchObject({ status: 'sent', invoice_number, is_overdue: false });
    expect(detail.sent_at).toBeTruthy();

    const mails = await outboxMails(ctx);
    expect(mails.length).toBe(before + 1);
    const mail = mails[mails.length - 1];
    expect(mail).toContain(`To: ${customer.email}`);
    // The default subject in the default form of address (du, decision 0620).
    expect(mail).toContain(`Deine Rechnung ${invoice_number}`);
    expect(mail).toContain(`filename=Rechnung-${invoice_number}.pdf`);
    const attachment = /Content-Type: application\/pdf[\s\S]*?\n\n([A-Za-z0-9+/=\n]+)/.exec(mail);
    expect(attachment).not.toBeNull();
    const pdf = Buffer.from(attachment![1].replace(/\n/g, ''), 'base64');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await pdfAttachments(pdf))['factur-x.xml']).toContain(`<ram:ID>${invoice_number}</ram:ID>`);
  });

  it('attaches the ebInterface 6.1 XML on request, as stored at issue', async () => {
    await configureProvider(ctx, token);
    const draft = await createDraft(ctx, token, customer.id);
    const url = `/api/quickbill/invoices/${draft.id}/send`;
    const res = await ctx.request({ method: 'POST', url, token, payload: { attach_ebinterface: true } });
    expect(res.statusCode, res.body).toBe(200);
    const number = res.json().invoice_number;
    // Written into the blob store by the issuing transaction.
    const stored = await ctx.db
      .select({ kind: invoiceDocuments.kind, size: blobs.sizeBytes })
      .from(invoiceDocuments)
      .innerJoin(blobs, eq(blobs.id, invoiceDocuments.blobId))
      .where(eq(invoiceDocuments.invoiceId, draft.id));
    expect(stored.find((d) => d.kind === 'ebinterface')?.size).toBeGreaterThan(1000);
    const mail = (await outboxMails(ctx)).at(-1)!;
    expect(mail).toContain(`filename=Rechnung-${number}.pdf`);
    expect(mail).toContain(`filename=ebInterface-Rechnung-${number}.xml`);
    const download = await ctx.request({
      method: 'GET',
      url: `/api/quickbill/invoices/${draft.id}/ebinterface`,
      token,
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe(`attachment; filename="ebInterface-Rechnung-${number}.xml"`);
    expect(download.body).toContain('<Invoice xmlns="http://www.ebinterface.at/schema/6p1/"');
    expect(download.body).toContain(`<InvoiceNumber>${number}</InvoiceNumber>`);
    // Kept as issued: a later change of the letterhead does not alter it.
    await configureProvider(ctx, token, { company_name: 'Ganz Anders GmbH' });
    try {
      const again = await ctx.request({ method: 'GET', url: `/api/quickbill/invoices/${draft.id}/ebinterface`, token });
      expect(again.body).toBe(download.body);
    } finally {
      await configureProvider(ctx, token);
    }
    // Without the option only the PDF travels.
    await ctx.request({ method: 'POST', url, token, payload: { attach_ebinterface: false } });
    expect((await outboxMails(ctx)).at(-1)).not.toContain('ebInterface-');
  });

  it('serves PDF and EN 16931 XML exactly as issued, also after the letterhead and logo changed', async () => {
    await configureProvider(ctx, token);
    const draft = await createDraft(ctx, token, customer.id);
    await sendInvoice(ctx, token, draft.id);
    const cancel = await ctx.request({ method: 'POST', url: `/api/quickbill/invoices/${draft.id}/cancel`, token });
    const creditId = cancel.json().credit_note_id as number;
    // Stored by the issuing transactions: PDF, CII XML and ebInterface XML of both documents.
    const kinds = await ctx.db
      .select({ invoiceId: invoiceDocuments.invoiceId, kind: invoiceDocuments.kind })
      .from(invoiceDocuments)
      .where(inArray(invoiceDocuments.invoiceId, [draft.id, creditId]));
    expect(kinds.map((k) => `${k.invoiceId}:${k.kind}`).sort()).toEqual(
      [draft.id, creditId].flatMap((id) => ['ebinterface', 'pdf', 'xml'].map((k) => `${id}:${k}`)).sort(),
    );
    const fetch = async (id: number) => ({
      pdf: (await ctx.request({ method: 'GET', url: `/api/quickbill/invoices/${id}/pdf`, token })).rawPayload,
      xml: (await ctx.request({ method: 'GET', url: `/api/quickbill/invoices/${id}/xml`, token })).rawPayload,
    });
    const before = { invoice: await fetch(draft.id), credit: await fetch(creditId) };
    for (const doc of Object.values(before)) {
      expect(doc.xml.toString('utf8')).toBe((await pdfAttachments(doc.pdf))['factur-x.xml']);
    }
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    await configureProvider(ctx, token, { company_name: 'Ganz Anders GmbH', iban: 'AT48 3200 0000 1234 5864' });
    const logo = await ctx.request({
      method: 'POST',
      url: '/api/quickbill/settings/logo',
      token,
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: Buffer.concat([
        Buffer.from(
          '--x\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n',
        ),
        png,
        Buffer.from('\r\n--x--\r\n'),
      ]),
    });
    expect(logo.statusCode, logo.body).toBe(200);
    try {
      const after = { invoice: await fetch(draft.id), credit: await fetch(creditId) };
      expect(after.invoice.pdf.equals(before.invoice.pdf)).toBe(true);
      expect(after.invoice.xml.equals(before.invoice.xml)).toBe(true);
      expect(after.credit.pdf.equals(before.credit.pdf)).toBe(true);
      expect(after.credit.xml.equals(before.credit.xml)).toBe(true);
      // A draft follows the settings (a preview, not a document).
      const fresh = await createDraft(ctx, token, customer.id);
      const preview = (await ctx.request({ method: 'GET', url: `/api/quickbill/invoices/${fresh.id}/pdf`, token }))
        .rawPayload;
      expect(await pdfText(preview)).toContain('Ganz Anders GmbH');
      expect(await pdfText(after.invoice.pdf)).not.toContain('Ganz Anders GmbH');
    } finally {
      await ctx.request({ method: 'DELETE', url: '/api/quickbill/settings/logo', token });
      await configureProvider(ctx, token);
    }
  });

  it('sends the subject and text the admin edited, placeholders filled; an empty subject changes nothing', async () => {
    await configureProvider(ctx, token);
    const draft = await createDraft(ctx, token, customer.id);
    const url = `/api/quickbill/invoices/${draft.id}/send`;
    const empty = await ctx.request({ method: 'POST', url, token, payload: { subject: '   ', message: 'Hallo' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe('Bitte geben Sie einen Betreff an');
    const unchanged = await ctx.request({ method: 'GET', url: `/api/quickbill/invoices/${draft.id}`, token });
    expect(unchanged.json()).toMatchObject({ status: 'draft', invoice_number: null });

    const before = (await outboxMails(ctx)).length;
    const res = await ctx.request({
      method: 'POST',
      url,
      token,
      payload: { subject: 'Rechnung {nummer} fuer Oktober', message: 'Hallo {kunde}, anbei Rechnung {nummer}.' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const number = res.json().invoice_number;
    const mails = await outboxMails(ctx);
    expect(mails.length).toBe(before + 1);
    const mail = mails[mails.length - 1];
    expect(mail).toContain(`Subject: Rechnung ${number} fuer Oktober`);
    expect(mail).toContain(`Hallo Maria Gruber, anbei Rechnung ${number}.`);
    expect(mail).not.toContain('Deine Rechnung');
  });

  it('keeps issued invoices immutable: edit and delete answer 409', async () => {
    const draft = await createDraft(ctx, token, customer.id);
    await sendInvoice(ctx, token, draft.id);
    const put = await ctx.request({
      method: 'PUT',
      url: `/api/quickbill/invoices/${draft.id}`,
      token,
      payload: {
        customer_id: customer.id,
        invoice_date: today(),
        items: [{ description: 'x', quantity: 1, unit: 'h', unit_price: 1, tax_rate: 20 }],
      },
    });
    const del = await ctx.request({ method: 'DELETE', url: `/api/quickbill/invoices/${draft.id}`, token });
    for (const res of [put, del]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe('Ausgestellte Rechnungen können nicht mehr geändert oder gelöscht werden');
    }
  });

  it('sends again without a new number when an issued invoice is sent twice', async () => {
    const draft = await createDraft(ctx, token, customer.id);
    const first = await sendInvoice(ctx, token, draft.id);
    const second = await sendInvoice(ctx, token, draft.id);
    expect(second.invoice_number).toBe(first.invoice_number);
  });

  it('hands out consecutive numbers without gaps or duplicates under 20 parallel sends', async () => {
    const drafts = [];
    for (let i = 0; i < 20; i++) drafts.push(await createDraft(ctx, token, customer.id));
    // A second connection watches how many of the portal's connections wait for a lock.
    const watcher = new pg.Client(ctx.poolConfig);
    await watcher.connect();
    let mostWaiting = 0;
    let sending = true;
    const watching = (async () => {
      while (sending) {
        const { rows } = await watcher.query(
          `SELECT count(*)::int AS n FROM pg_stat_activity
           WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        );
        mostWaiting = Math.max(mostWaiting, rows[0].n);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const results = await Promise.all(
      drafts.map((d) => ctx.request({ method: 'POST', url: `/api/quickbill/invoices/${d.id}/send`, token })),
    ).finally(() => {
      sending = false;
    });
    await watching;
    await watcher.end();
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    // Sends wait for the number without holding a pooled connection (number-turn.ts): before,
    // each waiting send held one on the counter's row lock and the pool of 10 ran dry (503s).
    expect(mostWaiting).toBe(0);
    const rows = await ctx.db.select().from(invoices).where(eq(invoices.numberYear, year));
    const sequences = rows.map((r) => r.numberSequence!).sort((a, b) => a - b);
    expect(sequences).toEqual(Array.from({ length: sequences.length }, (_, i) => i + 1));
    expect(new Set(rows.map((r) => r.invoiceNumber)).size).toBe(rows.length);
    // 20 issues render 20 PDFs and 40 XML files one after the other: on a busy machine that
    // takes longer than the default 30 s, which says nothing about numbering.
  }, 180_000);

  it('refuses to send a cancelled invoice', async () => {
    const draft = await createDraft(ctx, token, customer.id);
    await sendInvoice(ctx, token, draft.id);
    await ctx.request({ method: 'POST', url: `/api/quickbill/invoices/${draft.id}/cancel`, token });
    const res = await ctx.request({ method: 'POST', url: `/api/quickbill/invoices/${draft.id}/send`, token });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('Eine stornierte Rechnung kann nicht versendet werden');
  });

  it('needs the recipient address above € 400 gross', async () => {
    const noAddress = await buildCustomer(ctx.db);
    const draft = await createDraft(ctx, token, noAddress.id, {
      items: [{ description: 'Großauftrag', quantity: 10, unit: 'h', unit_price: 50, tax_rate: 20 }],
    });
    const res = await ctx.request({ method: 'POST', url: `/api/quickbill/invoices/${draft.id}/send`, token });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(
      'Für Rechnungen über € 400 ist die vollständige Anschrift des Kunden erforderlich (§ 11 UStG): ' +
        'bitte Straße, PLZ und Ort beim Kunden eintragen',
    );
  });
});

describe('payment, cancellation and bulk actions', () => {
  it('marks an invoice paid with date and amount and refuses it twice', async () => {
    const draft = await createDraft(ctx, token, customer.id);
    await sendInvoice(ctx, token, draft.id);
    const url = `/api/quickbill/invoices/${draft.id}/mark-paid`;
    const future = await ctx.request({ method: 'POST', url, token, payload: { paid_at: '2999-01-01' } });
    expect(future.statusCode).toBe(400);
    expect(future.json().details.paid_at).toBe('Das Zahlungsdatum darf nicht in der Zukunft liegen');
    const res = await ctx.request({
      method: 'POST',
      url,
      token,
      payload: { paid_at: today(), amount: draft.total_gross },
    });
    expect(res.statusCode).toBe(200);
    const detail = (await ctx.request({ method: 'GET', url: `/api/quickbill/invoices/${draft.id}`, token })).json();
    expect(detail).toMatchObject({ status: 'paid', paid_at: today(), paid_amount: draft.total_gross });
    const again = await ctx.request({ method: 'POST', url, token, payload: {} });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('Diese Rechnung ist bereits bezahlt');
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(draft.id)));
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['create', 'send', 'payment']));
  });

  it('refuses to mark a draft paid', async () => {
    const draft = await createDraft(ctx, token, customer.id);
    const res = await ctx.request({
      method: 'POST',
      url: `/api/quickbill/invoices/${draft.id}/mark-paid`,
      token,
      payload: {},
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('Nur versendete Rechnungen können als bezahlt markiert werden');
  });

  it('cancels an issued invoice with a credit note that has its own number and negated amounts', async () => {
    const draft = await createDraft(ctx, token, customer.id);
    const { invoice_number } = await sendInvoice(ctx, token, draft.id);
    const res = await ctx.request({ method: 'POST', url: `/api/quickbill/invoices/${draft.id}/cancel`, token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ deleted: false, credit_note_mailed: true });
    // The queued mail (rendered when queued; delivering it would render earlier tests' PDFs too).
    const [creditMail] = await ctx.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.entityType, 'invoice'), eq(mailOutbox.entityId, res.json().credit_note_id)));
    expect(creditMail.subject).toMatch(/^Stornorechnung \S+ zur Rechnung \S+$/);
    expect(creditMail.attachments.map((a) => a.filename)).toEqual([expect.stringMatching(/^Stornorechnung-.+\.pdf$/)]);
    expect(`${creditMail.textBody}${creditMail.htmlBody}`).not.toContain('Gutschrift');
    const original = (await ctx.request({ method: 'GET', url: `/api/quickbill/invoices/${draft.id}`, token })).json();
    expect(original).toMatchObject({ status: 'cancelled', invoice_number, credit_note_id: res.json().credit_note_id });
    const credit = (
      await ctx.request({ method: 'GET', url: `/api/quickbill/invoices/${res.json().credit_note_id}`, token })
    ).json();
    expect(credit).toMatchObject({
      kind: 'credit_note',
      credit_note_for_id: draft.id,
      credit_note_for_number: invoice_number,
      total_gross: -draft.total_gross,
      total_net: -draft.total_net,
    });
    expect(credit.invoice_number).not.toBe(invoice_number);
    expect(credit.items.map((i: { line_net: number }) => i.line_net)).toEqual(
      draft.items.map((i: { line_net: number }) => -i.line_net),
    );
    const again = await ctx.request({ method: 'POST', url: `/api/quickbill/invoices/${draft.id}/cancel`, token });
    expect(again.json().error).toBe('Diese Rechnung ist bereits storniert');
    const creditCancel = await ctx.request({
      method: 'POST',
      url: `/api/quickbill/invoices/${credit.id}/cancel`,
      token,
    });
    expect(creditCancel.json().error).toBe('Eine Stornorechnung kann nicht storniert werden');
  });

  it('deletes a draft on cancel (it has no number to keep)', async () => {
    const draft = await createDraft(ctx, token, customer.id);
    const res = await ctx.request({ method: 'POST', url: `/api/quickbill/invoices/${draft.id}/cancel`, token });
    expect(res.json()).toEqual({ deleted: true, credit_note_id: null, credit_note_mailed: false });
    const gone = await ctx.request({ method: 'GET', url: `/api/quickbill/invoices/${draft.id}`, token });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error).toBe('Rechnung nicht gefunden');
  });

  it('bulk-sends the selection and reports failures per invoice', async () => {
    const a = await createDraft(ctx, token, customer.id);
    const b = await createDraft(ctx, token, customer.id);
    const res = await ctx.request({
      method: 'POST',
      url: '/api/quickbill/invoices/bulk-send',
      token,
      payload: { ids: [a.id, b.id, 999_999] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ sent: [a.id, b.id], failed: [{ id: 999_999, error: 'Rechnung nicht gefunden' }] });
  });

  it('bulk-downloads the selection as a ZIP of PDFs', async () => {
    const a = await createDraft(ctx, token, customer.id);
    const { invoice_number } = await sendInvoice(ctx, token, a.id);
    const b = await createDraft(ctx, token, customer.id);
    const res = await ctx.request({
      method: 'POST',
      url: '/api/quickbill/invoices/bulk-download',
      token,
      payload: { ids: [a.id, b.id] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const zip = await JSZip.loadAsync(res.rawPayload);
    expect(Object.keys(zip.files).sort()).toEqual([`Rechnung-${invoice_number}.pdf`, `Rechnung-Entwurf-${b.id}.pdf`]);
    const empty = await ctx.request({
      method: 'POST',
      url: '/api/quickbill/invoices/bulk-download',
      token,
      payload: { ids: [] },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe('Bitte wählen Sie mindestens eine Rechnung aus');
  });

  it('a selection with an unknown id is refused before anything is rendered or stored (fuzzer finding)', async () => {
    // An issued invoice whose PDF nobody has fetched yet: the first render stores it.
    const issued = await createDraft(ctx, token, customer.id);
    await sendInvoice(ctx, token, issued.id);
    const before = await TableDigest.snapshot(ctx);
    const res = await ctx.request({
      method: 'POST',
      url: '/api/quickbill/invoices/bulk-download',
      token,
      payload: { ids: [issued.id, 2_000_000_736] },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Rechnung nicht gefunden' });
    expect(digestDifference(before, await TableDigest.snapshot(ctx))).toEqual([]);
  });
});

describe('reminders', () => {
  it('sends Zahlungserinnerung, 1. and 2. Mahnung for an overdue invoice, each with its own PDF', async () => {
    const draft = await createDraft(ctx, token, customer.id, { invoice_date: daysAgo(30), due_date: daysAgo(16) });
    const { invoice_number } = await sendInvoice(ctx, token, draft.id);
    const url = `/api/quickbill/invoices/${draft.id}/reminders`;
    const labels = [];
    for (let i = 0; i < 3; i++) {
      // The Mahnungen follow the reminder before their configured 14 days: sent early on purpose (decision 0770).
      const res = await ctx.request({ method: 'POST', url, token, payload: i === 0 ? {} : { early: true } });
      expect(res.statusCode, res.body).toBe(200);
      labels.push(res.json().label);
      const mails = await outboxMails(ctx);
      const mail = mails[mails.length - 1];
      expect(mail).toContain(`${res.json().label} zur Rechnung ${invoice_number}`);
      expect(mail).toContain(`Rechnung-${invoice_number}.pdf`);
    }
    expect(labels).toEqual(['Zahlungserinnerung', '1. Mahnung', '2. Mahnung']);
    const fourth = await ctx.request({ method: 'POST', url, token, payload: { early: true } });
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().error).toBe('Es wurden bereits alle Mahnstufen versendet');
    const detail = (await ctx.request({ method: 'GET', url: `/api/quickbill/invoices/${draft.id}`, token })).json();
    expect(detail.reminder_level).toBe(3);
    expect(detail.reminders.map((r: { label: string }) => r.label)).toEqual(labels);
    // Each letter is kept in the blob store as mailed.
    const letters = await ctx.db
      .select({ level: invoiceReminders.level, kind: blobs.kind, size: blobs.sizeBytes })
      .from(invoiceReminders)
      .innerJoin(blobs, eq(blobs.id, invoiceReminders.pdfBlobId))
      .where(eq(invoiceReminders.invoiceId, draft.id))
      .orderBy(asc(invoiceReminders.level));
    expect(letters.map((l) => [l.level, l.kind])).toEqual([
      [1, 'reminder-pdf'],
      [2, 'reminder-pdf'],
      [3, 'reminder-pdf'],
    ]);
    expect(letters.every((l) => l.size > 1000)).toBe(true);
  });

  it('previews the reminder letter of an issued invoice, never of a draft (decision 0504)', async () => {
    const draft = await createDraft(ctx, token, customer.id, { invoice_date: daysAgo(30), due_date: daysAgo(16) });
    const url = `/api/quickbill/invoices/${draft.id}/reminder-pdf`;
    const refused = await ctx.request({ method: 'GET', url, token });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(
      'Mahnungen gibt es nur für versendete Rechnungen, nicht für Entwürfe oder Stornorechnungen',
    );
    await sendInvoice(ctx, token, draft.id);
    const letter = await ctx.request({ method: 'GET', url, token });
    expect(letter.statusCode).toBe(200);
    expect(letter.headers['content-type']).toBe('application/pdf');
    expect(letter.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('refuses reminders for invoices that are not overdue', async () => {
    const draft = await createDraft(ctx, token, customer.id);
    await sendInvoice(ctx, token, draft.id);
    const res = await ctx.request({ method: 'POST', url: `/api/quickbill/invoices/${draft.id}/reminders`, token });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('Mahnungen sind nur für überfällige Rechnungen möglich');
  });
});
