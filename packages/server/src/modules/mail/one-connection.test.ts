import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildAdmin,
  buildCustomer,
  buildProject,
  buildSubscription,
  buildTimeEntry,
  TEST_PASSWORD,
} from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { mailOutbox } from '../../db/schema/index.js';
import { setClock } from '../../lib/clock.js';

/**
 * Decision 0505, elsewhere: the mail job claimed its row in a transaction and fetched
 * the attachments through the pool meanwhile (two connections per mail). On a pool of one
 * connection it waited for itself and the mail failed; now it is delivered.
 */
let ctx: TestContext;
beforeAll(async () => {
  setClock('2026-04-10');
  ctx = await createTestContext({}, { poolMax: 1 });
});
afterAll(() => setClock(null));

describe('on a pool of one database connection', () => {
  it('a mail with a Monatsübersicht attached is delivered', async () => {
    const token = await ctx.login('admin', (await buildAdmin(ctx.db)).username, TEST_PASSWORD);
    const customer = await buildCustomer(ctx.db);
    const project = await buildProject(ctx.db, customer.id);
    await buildSubscription(ctx.db, customer.id, { startDate: '2026-01-01', endDate: '2026-12-31' });
    await buildTimeEntry(ctx.db, customer.id, project.id, { workDate: '2026-03-10', hours: '2' });
    const sent = await ctx.request({
      method: 'POST',
      url: `/api/customers/${customer.id}/statements/2026-03/send`,
      token,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    await ctx.runJobs();
    const [mail] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, sent.json().mail_id));
    expect(mail).toMatchObject({ status: 'sent', lastError: null });
  });
});
