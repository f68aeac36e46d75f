import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Actors, createActors } from '../../../test/access-matrix.js';
import { buildCustomer } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { auditLog } from '../../db/schema/index.js';

let ctx: TestContext;
let actors: Actors;
let admin: string;
beforeAll(async () => {
  ctx = await createTestContext();
  actors = await createActors(ctx);
  admin = actors.tokens.admin!;
});

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  ctx.request({ method, url, payload: payload as any, token: admin });

describe('personal data and notes', () => {
  it('stores marital status, partner and children', async () => {
    const c = await buildCustomer(ctx.db);
    const payload = {
      marital_status: 'verheiratet',
      partner_name: 'Karl',
      partner_gender: 'männlich',
      partner_birthdate: '1980-05-04',
      children: [
        { name: 'Lena', gender: 'girl', age: 7 },
        { name: 'Paul', gender: 'boy', age: null },
      ],
    };
    const res = await api('PUT', `/api/customers/${c.id}/personal-data`, payload);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject(payload);
    const cleared = await api('PUT', `/api/customers/${c.id}/personal-data`, { marital_status: 'ledig' });
    expect(cleared.json()).toMatchObject({ marital_status: 'ledig', partner_name: null, children: [] });
  });

  it('rejects unknown marital status, gender values and nameless children', async () => {
    const c = await buildCustomer(ctx.db);
    const res = await api('PUT', `/api/customers/${c.id}/personal-data`, {
      marital_status: 'verwitwet',
      partner_gender: 'divers',
      children: [{ name: '', gender: 'kid' }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toMatchObject({
      marital_status: 'Ungültiger Familienstand',
      partner_gender: 'Ungültige Auswahl',
      'children.0.name': 'Bitte geben Sie den Namen des Kindes ein',
    });
  });

  it('saves the notes field', async () => {
    const c = await buildCustomer(ctx.db);
    const res = await api('PUT', `/api/customers/${c.id}/notes`, { notes: 'Schlüssel beim Nachbarn' });
    expect(res.statusCode).toBe(200);
    expect(res.json().notes).toBe('Schlüssel beim Nachbarn');
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'customer'), eq(auditLog.entityId, String(c.id))));
    expect(audit[0].changes).toEqual({ notes: { before: null, after: 'Schlüssel beim Nachbarn' } });
  });
});
