import { todayInVienna } from '@butler/contract/format';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildAdmin } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { subscriptionRequests, subscriptions } from '../db/schema/index.js';
import { seedDemoData } from './seed-demo.js';
import { seedDemoDocuments } from './seed-documents.js';
import { seedDemoPackageChanges } from './seed-package-changes.js';

/** Decision 0851 (and 0775): `npm run demo` shows a wish for the ButlerPaket open, accepted and declined. */
let ctx: TestContext;
let line: string;
const today = todayInVienna();

beforeAll(async () => {
  ctx = await createTestContext();
  await buildAdmin(ctx.db, { username: 'demo-chef' });
  await seedDemoData(ctx.db, { today });
  await seedDemoDocuments(ctx.app, ctx.db, today);
  line = await seedDemoPackageChanges(ctx.app, ctx.db, today);
}, 180_000);

describe('seedDemoPackageChanges', () => {
  it('leaves one wish open, one accepted with its new ButlerPaket from the next period, one declined with a note', async () => {
    const rows = await ctx.db.select().from(subscriptionRequests).orderBy(subscriptionRequests.id);
    expect(rows.map((r) => `${r.kind}:${r.state}`)).toEqual(['change:open', 'change:accepted', 'renew:declined']);
    const accepted = rows[1];
    const [next] = await ctx.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, accepted.resultSubscriptionId ?? 0));
    expect(next).toMatchObject({ startDate: accepted.effectiveFrom, monthlyHours: accepted.monthlyHours });
    expect(next.startDate > today).toBe(true);
    expect(rows[2].answerNote).toBe('Wir rufen an: Für die Verlängerung haben wir ein neues Angebot.');
    expect(line).toBe(
      'Paketwünsche aus der Lounge: ein Wunsch wartet auf das Büro, einer ist angenommen, eine Verlängerung ist mit Notiz abgelehnt',
    );
  });
});
