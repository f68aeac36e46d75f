import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildWikiCategory } from '../../../test/factories.js';
import { as, type StaffMember, staffMember } from '../../../test/staff-members.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { createEntry, type WikiSetup, wikiSetup } from '../../../test/wiki-helpers.js';
import { auditLog } from '../../db/schema/index.js';

/**
 * Decision 0540: who may reveal which stored password. The Inhaber everywhere; the Büro only
 * when granted; a Butler only for their customers and only in categories with "Butler
 * dürfen Passwörter anzeigen". Every reveal and every refused one is audited; the
 * customer's "Zugriffe" list shows each reveal with the staff member's name.
 */
let ctx: TestContext;
let setup: WikiSetup;
let butler: StaffMember;
let office: StaffMember;
let allowedEntry: number;
let closedEntry: number;

beforeAll(async () => {
  ctx = await createTestContext({ LOGIN_REQUESTS_PER_MINUTE: '1000' });
  setup = await wikiSetup(ctx);
  butler = await staffMember(ctx, 'butler', 'Bea Butler');
  office = await staffMember(ctx, 'office', 'Olga Office');
  await as(ctx, setup.token).put(`/api/customers/${setup.customer.id}/staff`, { staff_ids: [butler.id] });
  const open = await buildWikiCategory(ctx.db, {
    name: `Haus-Zugänge ${randomBytes(3).toString('hex')}`,
    allowsEncryption: true,
    butlerMayReveal: true,
  });
  allowedEntry = (
    await createEntry(ctx, setup, { category_id: open.id, title: 'Alarmanlage', content: '4711', username: 'haus' })
  ).id;
  closedEntry = (
    await createEntry(ctx, setup, { category_id: setup.vault.id, title: 'Online-Banking', content: 'geheim-99' })
  ).id;
});

const reveal = (token: string, id: number) => as(ctx, token).get(`/api/wiki/entries/${id}?decrypt_passwords=true`);
const audits = (action: string, id: number) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(id))));

describe('revealing stored passwords by role (decision 0540)', () => {
  it('a Butler reveals in an allowed category and is refused (and audited) in another', async () => {
    const shown = await reveal(butler.token, allowedEntry);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({ content: '4711', username: 'haus' });
    const refused = await reveal(butler.token, closedEntry);
    expect(refused.statusCode).toBe(403);
    // Who can open it, as it really works (decision 0762).
    expect(refused.json()).toEqual({
      error:
        'Die gespeicherten Passwörter dieser Kategorie sind für Butler gesperrt. Freigeben kann sie, wer die Wiki-Kategorien verwaltet (Inhaber oder Büro): Wiki → Kategorien → „Butler dürfen Passwörter anzeigen“.',
    });
    const [row] = await audits('reveal_refused', closedEntry);
    expect(row).toMatchObject({ actorName: 'Bea Butler', customerId: setup.customer.id });
    // Without asking to reveal, the entry is readable (secrets null) like for everyone.
    const plain = await as(ctx, butler.token).get(`/api/wiki/entries/${closedEntry}`);
    expect(plain.json()).toMatchObject({ content: null, username: null });
  });

  it('the Büro reveals only when the Inhaber grants it; the Inhaber always', async () => {
    const refused = await reveal(office.token, closedEntry);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(
      'Gespeicherte Passwörter sieht das Büro nur mit Freigabe: Die Inhaberin oder der Inhaber erteilt sie unter Einstellungen → Mitarbeiter → „Rolle ändern“ → „Darf gespeicherte Passwörter anzeigen“.',
    );
    await as(ctx, setup.token).put(`/api/staff/${office.id}/role`, { role: 'office', grants: ['wiki.secret.reveal'] });
    expect((await reveal(office.token, closedEntry)).json().content).toBe('geheim-99');
    expect((await reveal(setup.token, closedEntry)).json().content).toBe('geheim-99');
    await as(ctx, setup.token).put(`/api/staff/${office.id}/role`, { role: 'office', grants: [] });
    expect((await reveal(office.token, closedEntry)).statusCode).toBe(403);
  });

  it('the customer’s “Zugriffe” shows every reveal with the staff member’s name, not the refused ones', async () => {
    const customerToken = await ctx.login('customer', setup.customer.email, 'Geheim-Passwort-1');
    const list = (await as(ctx, customerToken).get(`/api/customers/${setup.customer.id}/secret-reveals`)).json();
    const names = list.map((r: { staff_name: string; entry_title: string }) => `${r.staff_name}: ${r.entry_title}`);
    expect(names).toContain('Bea Butler: Alarmanlage');
    expect(names).toContain('Olga Office: Online-Banking');
    expect(names.filter((n: string) => n.startsWith('Bea Butler'))).toEqual(['Bea Butler: Alarmanlage']);
    expect((await audits('reveal', closedEntry)).length).toBeGreaterThanOrEqual(2);
  });

  it('a Butler cannot turn a password entry into a clear one where they may not reveal it', async () => {
    const res = await as(ctx, butler.token).put(`/api/wiki/entries/${closedEntry}`, { is_password_entry: false });
    expect(res.statusCode).toBe(403);
    expect((await reveal(setup.token, closedEntry)).json()).toMatchObject({ is_password_entry: true });
  });

  it('a Butler reveals nothing of a customer they do not look after', async () => {
    await as(ctx, setup.token).put(`/api/customers/${setup.customer.id}/staff`, { staff_ids: [] });
    const res = await reveal(butler.token, allowedEntry);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Eintrag nicht gefunden' });
    await as(ctx, setup.token).put(`/api/customers/${setup.customer.id}/staff`, { staff_ids: [butler.id] });
  });

  it('only who may reveal passwords can let Butlers see a category’s (“Butler dürfen Passwörter anzeigen”)', async () => {
    const category = (await as(ctx, setup.token).get('/api/wiki/categories'))
      .json()
      .find((c: { id: number }) => c.id === setup.vault.id);
    const change = { ...category, butler_may_reveal: true };
    const byOffice = await as(ctx, office.token).put(`/api/wiki/categories/${setup.vault.id}`, change);
    expect(byOffice.statusCode).toBe(403);
    expect(byOffice.json().error).toBe('Nur wer gespeicherte Passwörter anzeigen darf, kann sie für Butler freigeben');
    // The Büro still edits the category's other fields.
    const renamed = await as(ctx, office.token).put(`/api/wiki/categories/${setup.vault.id}`, {
      ...category,
      description: 'Bankzugänge',
    });
    expect(renamed.json()).toMatchObject({ description: 'Bankzugänge', butler_may_reveal: false });
    const byOwner = await as(ctx, setup.token).put(`/api/wiki/categories/${setup.vault.id}`, change);
    expect(byOwner.json().butler_may_reveal).toBe(true);
    expect((await reveal(butler.token, closedEntry)).statusCode).toBe(200);
  });
});
