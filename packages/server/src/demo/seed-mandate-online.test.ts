import { todayInVienna } from '@butler/contract/format';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildAdmin } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { mailOutbox, sepaMandateSignatures, sepaMandates } from '../db/schema/index.js';
import { seedDemoData } from './seed-demo.js';
import { seedDemoDocuments } from './seed-documents.js';
import { seedDemoMandateOnline } from './seed-mandate-online.js';
import { seedDemoSepa } from './seed-sepa.js';

/** Decision 0853: `npm run demo` shows a mandate signed online and one signed and revoked in the lounge. */
let ctx: TestContext;
let line: string;
const today = todayInVienna();

beforeAll(async () => {
  ctx = await createTestContext();
  await buildAdmin(ctx.db, { username: 'demo-chef', email: 'chefin@meinbutler.at' });
  await seedDemoData(ctx.db, { today });
  await seedDemoDocuments(ctx.app, ctx.db, today);
  await seedDemoSepa(ctx.app, ctx.db, today);
  line = await seedDemoMandateOnline(ctx.app, ctx.db, today);
}, 240_000);

describe('seedDemoMandateOnline', () => {
  it('leaves one online mandate active with its proof and one revoked, the team told', async () => {
    const online = await ctx.db
      .select({ status: sepaMandates.status, userAgent: sepaMandateSignatures.userAgent })
      .from(sepaMandateSignatures)
      .innerJoin(sepaMandates, eq(sepaMandates.id, sepaMandateSignatures.mandateId));
    expect(online.map((m) => m.status).sort()).toEqual(['active', 'revoked']);
    expect(online[0].userAgent).toContain('iPhone');
    const told = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.template, 'mandate-revoked'));
    // Everyone who sees every customer's mandates: the Inhaberin, Büro and Buchhaltung of the demo.
    expect(told.map((m) => m.toAddress).sort()).toEqual([
      'buchhaltung@example.at',
      'buero@example.at',
      'chefin@meinbutler.at',
    ]);
    expect(line).toMatch(
      /^Lastschrift online: .+ hat ein Mandat in der Lounge unterschrieben, .+ hat eines unterschrieben und widerrufen$/,
    );
  });
});
