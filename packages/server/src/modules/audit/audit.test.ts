import { beforeAll, describe, expect, it } from 'vitest';
import { type Actors, createActors } from '../../../test/access-matrix.js';
import { buildAdmin, buildCustomer, TEST_PASSWORD } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { auditLog } from '../../db/schema/index.js';
import { writeAudit } from '../../lib/audit.js';

let ctx: TestContext;
let actors: Actors;
beforeAll(async () => {
  ctx = await createTestContext();
  actors = await createActors(ctx);
});

const get = (url: string, token = actors.tokens.admin) => ctx.request({ method: 'GET', url, token });

describe('Protokoll', () => {
  it('pages the log newest first and filters by customer, kind of record, action and person', async () => {
    const customer = await buildCustomer(ctx.db);
    for (const name of ['Eins', 'Zwei', 'Drei']) {
      await ctx.request({
        method: 'PUT',
        url: `/api/customers/${customer.id}`,
        payload: { first_name: name },
        token: actors.tokens.admin,
      });
    }
    const page1 = (await get(`/api/audit?customer_id=${customer.id}&action=update&page_size=2`)).json();
    expect(page1.total).toBe(3);
    expect(page1.items).toHaveLength(2);
    expect(page1.items[0].changes).toContainEqual({
      field: 'firstName',
      label: 'Vorname',
      before: 'Zwei',
      after: 'Drei',
      secret: false,
    });
    expect(page1.items[0]).toMatchObject({
      record_label: `Kunde Drei ${customer.lastName}`,
      record_path: `/admin/customer/${customer.id}/details`,
    });
    expect(page1.items[0]).toMatchObject({
      entity: 'customer',
      customer_id: customer.id,
      actor_name: actors.adminUsername,
    });
    expect(page1.items[0].customer_name).toContain('Drei');
    const page2 = (await get(`/api/audit?customer_id=${customer.id}&action=update&page_size=2&page=2`)).json();
    expect(page2.items).toHaveLength(1);
    expect(page2.items[0].changes[0].after).toBe('Eins');

    const filters = (await get('/api/audit/filters')).json();
    const me = filters.actors.find((a: any) => a.label.includes(actors.adminUsername));
    const mine = (await get(`/api/audit?actor=${me.key}&entity=customer&page_size=500`)).json();
    expect(mine.items.every((i: any) => i.actor_name === actors.adminUsername && i.entity === 'customer')).toBe(true);
    expect(filters.actions).toEqual(expect.arrayContaining(['update', 'login']));
  });

  it('filters by period in Vienna days', async () => {
    await ctx.db.insert(auditLog).values({
      actorType: 'system',
      actorName: 'System',
      action: 'test_old',
      entity: 'x',
      at: new Date('2020-03-14T23:30:00Z'),
    });
    // 23:30 UTC is already 15 March in Vienna.
    expect((await get('/api/audit?action=test_old&from=2020-03-15&to=2020-03-15')).json().total).toBe(1);
    expect((await get('/api/audit?action=test_old&from=2020-03-14&to=2020-03-14')).json().total).toBe(0);
  });

  it('never shows a password, hash or secret', async () => {
    const customer = await buildCustomer(ctx.db);
    await ctx.request({
      method: 'PUT',
      url: `/api/customers/${customer.id}`,
      payload: { password: 'Ganz-neues-Kennwort-9' },
      token: actors.tokens.admin,
    });
    await ctx.db.insert(auditLog).values({
      actorType: 'system',
      actorName: 'System',
      action: 'legacy',
      entity: 'admin',
      changes: { note: { before: null, after: '$argon2id$v=19$m=19456,t=2,p=1$abc$def' } },
    });
    const all = await get('/api/audit?page_size=500');
    expect(all.body).not.toMatch(/argon2|Ganz-neues-Kennwort/);
    const change = all.json().items.find((i: any) => i.customer_id === customer.id && i.action === 'update');
    // Only that it changed: no value, and no "[geändert] → [geändert]" either.
    expect(change.changes).toContainEqual({
      field: 'passwordHash',
      label: 'Passwort',
      before: null,
      after: null,
      secret: true,
    });
    expect(all.body).not.toContain('[geändert]');
    const csv = await get('/api/audit/export.csv');
    expect(csv.body).not.toMatch(/argon2|Ganz-neues-Kennwort/);
  });

  it('downloads the filtered log as CSV for Excel, with formula cells defused', async () => {
    const customer = await buildCustomer(ctx.db);
    await ctx.request({
      method: 'PUT',
      url: `/api/customers/${customer.id}`,
      payload: { first_name: '=HYPERLINK("x")' },
      token: actors.tokens.admin,
    });
    const res = await get(`/api/audit/export.csv?customer_id=${customer.id}`);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="protokoll-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      '"Zeitpunkt";"Person";"Art der Person";"Aktion";"Art des Datensatzes";"Datensatz";"Kunde";"Änderungen"',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^"\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}:\d{2}";/);
    expect(lines[1]).toContain('"\'=HYPERLINK(""x"")');
  });

  it('reads like sentences: names and links the record, German labels, formatted values, no markup', async () => {
    const customer = await buildCustomer(ctx.db, { firstName: 'Maria', lastName: 'Satzhuber' });
    await ctx.request({
      method: 'PUT',
      url: `/api/customers/${customer.id}`,
      payload: { birthdate: '1984-03-07', phone: '+43 664 1234567' },
      token: actors.tokens.admin,
    });
    const category = (
      await ctx.request({
        method: 'POST',
        url: '/api/wiki/categories',
        payload: { name: 'Behörden', icon: 'building' },
        token: actors.tokens.admin,
      })
    ).json();
    const entry = (
      await ctx.request({
        method: 'POST',
        url: '/api/wiki/entries',
        payload: {
          customer_id: customer.id,
          category_id: category.id,
          title: 'FinanzOnline',
          content: '<p>Zugang über <strong>ID Austria</strong></p>',
        },
        token: actors.tokens.admin,
      })
    ).json();
    const log = (await get(`/api/audit?customer_id=${customer.id}&page_size=50`)).json().items;
    const update = log.find((i: any) => i.entity === 'customer' && i.action === 'update');
    expect(update.record_label).toBe('Kunde Maria Satzhuber');
    expect(update.changes).toContainEqual(
      // The unknown birthdate was stored as 1970-01-01; the Protokoll shows it as nothing (decision 0636).
      expect.objectContaining({ label: 'Geburtsdatum', before: null, after: '07.03.1984' }),
    );
    const wiki = log.find((i: any) => i.entity === 'wiki_entry' && i.action === 'create');
    expect(wiki).toMatchObject({
      record_label: 'Wiki-Eintrag FinanzOnline',
      record_path: `/admin/wiki?customer=${customer.id}&edit=${entry.id}`,
    });
    expect(wiki.changes).toContainEqual(expect.objectContaining({ label: 'Inhalt', after: 'Zugang über ID Austria' }));
    expect(JSON.stringify(wiki)).not.toMatch(/<p>|<strong>/);
    // Row numbers and references are named by the record itself, not listed as fields.
    expect(wiki.changes.map((c: any) => c.field)).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/^(id|customerId|categoryId)$/)]),
    );
    // A deleted record keeps its name from the log's own values.
    await ctx.request({ method: 'DELETE', url: `/api/wiki/entries/${entry.id}`, token: actors.tokens.admin });
    const after = (await get(`/api/audit?customer_id=${customer.id}&entity=wiki_entry&page_size=50`)).json().items;
    const deleted = after.find((i: any) => i.action === 'delete');
    expect(deleted).toMatchObject({ record_label: 'Wiki-Eintrag FinanzOnline', record_path: null });
  });

  it('answers German 400s for hostile filters', async () => {
    for (const query of ['actor=root', 'entity=DROP%20TABLE', 'from=2026-02-30', 'page=0', 'customer_id=abc']) {
      const res = await get(`/api/audit?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error).toBeTypeOf('string');
    }
  });
});

describe('the Protokoll of Aufträge, Timer, Termine and the Buchhaltung', () => {
  type Change = { field: string; label: string; before: string | null; after: string | null };
  const actor = { userType: 'admin' as const, displayName: 'Olga Inhaber' };
  const entries = async (entity: string) => (await get(`/api/audit?entity=${entity}&page_size=50`)).json().items;
  const changesOf = (entry: { changes: Change[] }) => Object.fromEntries(entry.changes.map((c) => [c.field, c]));

  it('names every field in German, translates codes, names staff and months, leaves technical fields out', async () => {
    const customer = await buildCustomer(ctx.db, { lastName: 'Protokollkunde' });
    const butler = await buildAdmin(ctx.db, { username: 'protokoll-butler', name: 'Berta Butler', role: 'butler' });
    const order = {
      id: 990001,
      customerId: customer.id,
      title: 'Lampe montieren',
      urgent: true,
      state: 'new',
      channel: 'lounge',
      estimateHours: '2.50',
      approvalState: 'requested',
      idempotencyKey: '069f3c1e-8d2b-4c55-9a1e-0b7f1c2d3e4f',
      closedAt: null,
    };
    await writeAudit(ctx.db, actor, 'create', 'order', order.id, null, order, { customerId: customer.id });
    await writeAudit(
      ctx.db,
      actor,
      'order_withdraw',
      'order',
      order.id,
      order,
      { ...order, state: 'withdrawn', approvalState: 'approved', closedAt: '2026-11-20T09:30:00.000Z' },
      { customerId: customer.id },
    );
    await writeAudit(ctx.db, actor, 'order_message', 'order', order.id, null, { messageId: 7, internal: false });
    await writeAudit(ctx.db, actor, 'create', 'order_attachment', 5, null, {
      order_id: order.id,
      file_name: 'lampe.jpg',
      content_type: 'image/jpeg',
      size_bytes: 20480,
    });
    await writeAudit(ctx.db, actor, 'timer_stop', 'timer', butler.id, null, {
      adminId: butler.id,
      customerId: customer.id,
      startedAt: '2026-11-20T08:00:00.000Z',
      stoppedAt: '2026-11-20T23:00:00.000Z',
      stoppedAtMidnight: true,
    });
    await writeAudit(ctx.db, actor, 'create', 'visit', 880001, null, {
      date: '2026-11-20',
      time: '10:00–11:00',
      kind: 'office',
      purpose: 'Post durchsehen',
      staff: [butler.id],
      series: 'DTSTART:20261120T000000Z\nRRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=FR;UNTIL=20270131T235959Z',
      count: 6,
    });
    await writeAudit(ctx.db, actor, 'visit_cancel', 'visit', 880001, { state: 'planned' }, { state: 'cancelled' });
    await writeAudit(
      ctx.db,
      actor,
      'reopen',
      'closed_month',
      '2026-11',
      {
        month: '2026-11',
        reopenedAt: null,
        reopenReason: null,
        needsCorrectionExport: false,
      },
      {
        month: '2026-11',
        reopenedAt: '2026-12-03T10:00:00.000Z',
        reopenReason: 'Zahlung falsch zugeordnet',
        needsCorrectionExport: true,
      },
    );
    await writeAudit(
      ctx.db,
      actor,
      'update',
      'accounting_settings',
      1,
      { cashAccount: '2700', receivablesMode: 'collective', fiscalYearStartMonth: 1 },
      { cashAccount: '2710', receivablesMode: 'per_customer', fiscalYearStartMonth: 7 },
    );
    await writeAudit(ctx.db, actor, 'create', 'accounting_export', 4, null, {
      period: 'November 2026',
      formats: 'bmd, datev',
      documents: 3,
      sha256: 'ab'.repeat(32),
      closed: true,
      correction: false,
    });

    const all = [
      ...(await entries('order')),
      ...(await entries('order_attachment')),
      ...(await entries('timer')),
      ...(await entries('visit')),
      ...(await entries('closed_month')),
      ...(await entries('accounting_settings')),
      ...(await entries('accounting_export')),
    ];
    // No code name left: every change has a German label, no technical field is shown.
    const shown = all.flatMap((e: { changes: Change[] }) => e.changes);
    expect(shown.filter((c: Change) => c.label === c.field)).toEqual([]);
    expect(shown.map((c: Change) => c.field)).not.toEqual(
      expect.arrayContaining(['idempotencyKey', 'sha256', 'messageId', 'order_id', 'adminId']),
    );
    expect(JSON.stringify(all)).not.toContain('069f3c1e');

    const [withdrawn] = await entries('order').then((e) => e.filter((i: any) => i.action === 'order_withdraw'));
    expect(changesOf(withdrawn)).toMatchObject({
      state: { label: 'Status', before: 'Neu', after: 'Zurückgezogen' },
      approvalState: { label: 'Freigabe', before: 'Freigabe angefragt', after: 'Freigegeben' },
      closedAt: { label: 'Erledigt am', before: null, after: '20.11.2026, 10:30' },
    });
    const created = (await entries('order')).find((i: any) => i.action === 'create');
    expect(changesOf(created)).toMatchObject({
      channel: { label: 'Eingang', after: 'Über die Lounge' },
      urgent: { label: 'Dringend', after: 'Ja' },
      estimateHours: { label: 'Geschätzte Stunden', after: expect.stringMatching(/^2,5/) },
    });
    expect(changesOf((await entries('order_attachment'))[0]).content_type).toMatchObject({
      label: 'Dateityp',
      after: 'JPEG-Bild',
    });
    expect(changesOf((await entries('timer'))[0]).stoppedAtMidnight).toMatchObject({
      label: 'Um Mitternacht gestoppt',
      after: 'Ja',
    });
    const visits = await entries('visit');
    expect(changesOf(visits.find((i: any) => i.action === 'create'))).toMatchObject({
      kind: { label: 'Art', after: 'Im Büro' },
      purpose: { label: 'Worum es geht', after: 'Post durchsehen' },
      staff: { label: 'Mitarbeiter', after: 'Berta Butler' },
      series: { label: 'Wiederholung', after: 'Jede zweite Woche bis 31.01.2027' },
      count: { label: 'Anzahl Termine', after: '6' },
    });
    expect(changesOf(visits.find((i: any) => i.action === 'visit_cancel')).state).toMatchObject({
      before: 'Geplant',
      after: 'Abgesagt',
    });
    const [reopened] = await entries('closed_month');
    expect(reopened).toMatchObject({
      record_label: 'Monat November 2026',
      record_path: '/admin/quickbill/buchhaltung',
    });
    expect(changesOf(reopened)).toMatchObject({
      reopenReason: { label: 'Grund für das Wiederöffnen', after: 'Zahlung falsch zugeordnet' },
      needsCorrectionExport: { label: 'Korrektur-Übergabe ausstehend', before: 'Nein', after: 'Ja' },
    });
    expect(changesOf((await entries('accounting_settings'))[0])).toMatchObject({
      cashAccount: { label: 'Konto Kassa', before: '2700', after: '2710' },
      receivablesMode: { before: 'Sammelkonto', after: 'Je Kunde' },
      fiscalYearStartMonth: { before: 'Jänner', after: 'Juli' },
    });
    const [handover] = await entries('accounting_export');
    expect(handover.record_label).toBe('Übergabe November 2026');
    expect(changesOf(handover)).toMatchObject({
      formats: { label: 'Formate', after: 'BMD, DATEV' },
      closed: { label: 'Zeitraum abgeschlossen', after: 'Ja' },
      documents: { label: 'Belegdateien', after: '3' },
    });
  });
});

describe('Zugriffe auf Ihre Zugangsdaten', () => {
  it('lists when which staff member revealed one of the customer’s stored passwords, for that customer only', async () => {
    const category = await ctx.request({
      method: 'POST',
      url: '/api/wiki/categories',
      payload: { name: 'Passwörter', icon: 'lock', allow_encryption: true },
      token: actors.tokens.admin,
    });
    const entry = await ctx.request({
      method: 'POST',
      url: '/api/wiki/entries',
      payload: {
        customer_id: actors.customerA.id,
        category_id: category.json().id,
        title: 'WLAN',
        content: 'geheim-123',
        username: 'gast',
        is_password_entry: true,
      },
      token: actors.tokens.admin,
    });
    expect(entry.statusCode).toBe(201);
    await get(`/api/wiki/entries/${entry.json().id}?decrypt_passwords=true`);
    const customerToken = await ctx.login('customer', actors.customerA.email, TEST_PASSWORD);
    const reveals = (await get(`/api/customers/${actors.customerA.id}/secret-reveals`, customerToken)).json();
    expect(reveals).toHaveLength(1);
    expect(reveals[0]).toMatchObject({
      staff_name: actors.adminUsername,
      entry_title: 'WLAN',
      entry_id: entry.json().id,
    });
    expect(JSON.stringify(reveals)).not.toContain('geheim-123');
    expect((await get(`/api/customers/${actors.customerB.id}/secret-reveals`, actors.tokens.customerB)).json()).toEqual(
      [],
    );
  });
});
