import { ROLE_PERMISSIONS } from '@butler/contract/permissions';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { as, type StaffMember, staffMember } from '../../../test/staff-members.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { admins, auditLog } from '../../db/schema/index.js';

let ctx: TestContext;
let owner: StaffMember;
beforeAll(async () => {
  ctx = await createTestContext({ LOGIN_REQUESTS_PER_MINUTE: '1000' });
  owner = await staffMember(ctx, 'owner', 'Ines Inhaber');
});

const auditOf = (action: string, id: number) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(id))));

describe('staff roles (decision 0540)', () => {
  it('a role change holds from the person’s next request, no new sign-in, and is audited', async () => {
    const office = await staffMember(ctx, 'office', 'Olga Office');
    expect((await as(ctx, office.token).get('/api/quickbill/invoices')).statusCode).toBe(200);
    const changed = await as(ctx, owner.token).put(`/api/staff/${office.id}/role`, { role: 'butler' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ role: 'butler', grants: [] });
    // The same session, at once: no invoices for a Butler, and the app learns the new table.
    expect((await as(ctx, office.token).get('/api/quickbill/invoices')).statusCode).toBe(403);
    const me = await as(ctx, office.token).post('/api/auth/validate-token');
    expect(me.json().user).toMatchObject({ role: 'butler', permissions: [...ROLE_PERMISSIONS.butler] });
    const [row] = await auditOf('role_change', office.id);
    // The Protokoll names people by their display name (decision 0622).
    expect(row.actorName).toBe('Ines Inhaber');
    expect(row.changes).toEqual({ role: { before: 'office', after: 'butler' } });
  });

  it('grants only what the role allows: the Büro’s “Passwörter anzeigen” goes with the role', async () => {
    const office = await staffMember(ctx, 'office');
    const granted = await as(ctx, owner.token).put(`/api/staff/${office.id}/role`, {
      role: 'office',
      grants: ['wiki.secret.reveal'],
    });
    expect(granted.json().grants).toEqual(['wiki.secret.reveal']);
    const me = await as(ctx, office.token).post('/api/auth/validate-token');
    expect(me.json().user.permissions).toContain('wiki.secret.reveal');
    // A Butler cannot hold it: the grant is dropped with the role change.
    const butler = await as(ctx, owner.token).put(`/api/staff/${office.id}/role`, {
      role: 'butler',
      grants: ['wiki.secret.reveal'],
    });
    expect(butler.json()).toMatchObject({ role: 'butler', grants: [] });
    const unknown = await as(ctx, owner.token).put(`/api/staff/${office.id}/role`, {
      role: 'chef',
      grants: ['alles.darf'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details.role).toBe('Bitte wählen Sie eine Rolle (Inhaber, Büro, Buchhaltung, Butler)');
    expect(unknown.json().details['grants.0']).toBe('Unbekannte Berechtigung');
  });

  it('the last active Inhaber keeps the role, also when two Inhaber demote each other at once', async () => {
    const other = await staffMember(ctx, 'owner', 'Otto Owner');
    // Every Inhaber but these two steps aside for the race (restored below).
    const owners = await ctx.db.select().from(admins).where(eq(admins.role, 'owner'));
    const bystanders = owners.filter((o) => o.id !== owner.id && o.id !== other.id);
    for (const b of bystanders) await ctx.db.update(admins).set({ role: 'office' }).where(eq(admins.id, b.id));
    try {
      const answers = await Promise.all([
        as(ctx, owner.token).put(`/api/staff/${other.id}/role`, { role: 'office' }),
        as(ctx, other.token).put(`/api/staff/${owner.id}/role`, { role: 'office' }),
      ]);
      // One wins. The other is refused either as the last Inhaber (409, when both checks ran
      // before either change) or as no Inhaber any more (403, when the winner's change was
      // committed before the loser's request was let in).
      expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
      const refused = answers.find((r) => r.statusCode !== 200)!;
      expect([403, 409]).toContain(refused.statusCode);
      expect(refused.json().error).toBe(
        refused.statusCode === 409
          ? 'Der letzte aktive Inhaber muss Inhaber bleiben'
          : 'Keine Berechtigung für diese Aktion',
      );
      const left = await ctx.db.select().from(admins).where(eq(admins.role, 'owner'));
      expect(left.map((o) => o.id).filter((id) => id === owner.id || id === other.id)).toHaveLength(1);
      // Nor can the survivor demote or deactivate themself.
      const survivor = left.find((o) => o.id === owner.id) ? owner : other;
      const self = await as(ctx, survivor.token).put(`/api/staff/${survivor.id}/role`, { role: 'butler' });
      expect(self.statusCode).toBe(409);
    } finally {
      await ctx.db.update(admins).set({ role: 'owner' }).where(eq(admins.id, owner.id));
      await ctx.db.update(admins).set({ role: 'owner' }).where(eq(admins.id, other.id));
      for (const b of bystanders) await ctx.db.update(admins).set({ role: 'owner' }).where(eq(admins.id, b.id));
    }
  });

  it('invites with a role, lists roles and how many customers each looks after', async () => {
    const invited = await as(ctx, owner.token).post('/api/staff', {
      name: 'Bruno Butler',
      username: 'bruno',
      email: 'bruno@example.at',
      role: 'butler',
    });
    expect(invited.statusCode).toBe(201);
    const list = (await as(ctx, owner.token).get('/api/staff')).json() as Array<Record<string, unknown>>;
    expect(list.find((s) => s.username === 'bruno')).toMatchObject({ role: 'butler', customer_count: 0 });
    expect(list.find((s) => s.id === owner.id)).toMatchObject({ role: 'owner', is_self: true });
  });

  it('Butler booking days: 0–365, audited, for the Inhaber only', async () => {
    const api = as(ctx, owner.token);
    expect((await api.get('/api/settings/staff')).json()).toEqual({ butler_time_entry_days: 7 });
    const saved = await api.put('/api/settings/staff', { butler_time_entry_days: 14 });
    expect(saved.json()).toEqual({ butler_time_entry_days: 14 });
    for (const bad of [-1, 366, 2.5, '7']) {
      const res = await api.put('/api/settings/staff', { butler_time_entry_days: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json().details.butler_time_entry_days).toMatch(/Tage|Anzahl/);
    }
    const [row] = await auditOf('update', 1).then((rows) => rows.filter((r) => r.entity === 'staff_rules'));
    expect(row.changes).toEqual({ butlerTimeEntryDays: { before: 7, after: 14 } });
    const office = await staffMember(ctx, 'office');
    expect((await as(ctx, office.token).put('/api/settings/staff', { butler_time_entry_days: 30 })).statusCode).toBe(
      403,
    );
    await api.put('/api/settings/staff', { butler_time_entry_days: 7 });
  });

  it('the Betreuer choice lists active staff by name for the Büro', async () => {
    const office = await staffMember(ctx, 'office', 'Anton Aktiv');
    const gone = await staffMember(ctx, 'butler', 'Zora Zuvor');
    await ctx.db.update(admins).set({ isActive: false }).where(eq(admins.id, gone.id));
    const options = (await as(ctx, office.token).get('/api/staff/options')).json() as Array<{ id: number }>;
    expect(options.map((o) => o.id)).toContain(office.id);
    expect(options.map((o) => o.id)).not.toContain(gone.id);
    expect(options[0]).toEqual({ id: expect.any(Number), name: expect.any(String), role: expect.any(String) });
  });
});
