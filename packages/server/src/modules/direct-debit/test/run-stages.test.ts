import { beforeAll, describe, expect, it } from 'vitest';
import { type Actors, createActors, expectAccess } from '../../../../test/access-matrix.js';
import {
  configureDirectDebit,
  customerWithMandate,
  issuedSubscriptionInvoice,
} from '../../../../test/direct-debit-fixtures.js';
import { createTestContext, type TestContext } from '../../../../test/test-app.js';
import { addDays } from '../../../domain/calendar.js';
import { nextTargetDay } from '../../../domain/target-calendar.js';
import { todayVienna } from '../../../lib/clock.js';

/**
 * A run is not "eingereicht" before anything reached a bank (decision 0722): it is written
 * ("Erstellt"), its file downloaded ("Heruntergeladen", with who and when), and staff
 * confirm the upload at the bank ("Bei der Bank eingereicht").
 */
let ctx: TestContext;
let actors: Actors;
let admin: string;
let collectionDate: string;

beforeAll(async () => {
  ctx = await createTestContext();
  actors = await createActors(ctx);
  admin = actors.tokens.admin!;
  await configureDirectDebit(ctx, admin);
  collectionDate = nextTargetDay(addDays(todayVienna(), 14));
});

const call = (method: 'GET' | 'POST', url: string) => ctx.request({ method, url, token: admin });

async function newRun(n: number) {
  const c = await customerWithMandate(ctx, admin, n);
  const invoice = (await issuedSubscriptionInvoice(ctx, admin, c.customer.id, c.subscription.id)).invoice;
  const res = await ctx.request({
    method: 'POST',
    url: '/api/direct-debit/runs',
    token: admin,
    payload: { collection_date: collectionDate, invoice_ids: [invoice.id] },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('a run’s stages', () => {
  it('go from written to downloaded to confirmed at the bank, each once and in order', async () => {
    const run = await newRun(1);
    expect(run).toMatchObject({ stage: 'created', downloaded_at: null, at_bank_at: null, pain_version: '001.08' });
    expect(run.items[0].state).toBe('submitted');

    const early = await call('POST', `/api/direct-debit/runs/${run.id}/at-bank`);
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe('Bitte laden Sie die Datei zuerst herunter und bei der Bank hoch');

    expect((await call('GET', `/api/direct-debit/runs/${run.id}/file`)).statusCode).toBe(200);
    const downloaded = (await call('GET', `/api/direct-debit/runs/${run.id}`)).json();
    expect(downloaded).toMatchObject({ stage: 'downloaded', at_bank_at: null });
    expect(downloaded.downloaded_by).toEqual(expect.any(String));
    // A second download keeps the first moment.
    await call('GET', `/api/direct-debit/runs/${run.id}/file`);
    expect((await call('GET', `/api/direct-debit/runs/${run.id}`)).json().downloaded_at).toBe(downloaded.downloaded_at);

    const confirmed = await call('POST', `/api/direct-debit/runs/${run.id}/at-bank`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ stage: 'at_bank', at_bank_by: downloaded.downloaded_by });
    const twice = await call('POST', `/api/direct-debit/runs/${run.id}/at-bank`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe('Dieser Lauf ist bereits als eingereicht bestätigt');
  });

  it('end as discarded, which cannot be confirmed at the bank', async () => {
    const run = await newRun(2);
    await call('GET', `/api/direct-debit/runs/${run.id}/file`);
    const discarded = await call('POST', `/api/direct-debit/runs/${run.id}/discard`);
    expect(discarded.json()).toMatchObject({ stage: 'discarded', status: 'discarded' });
    const res = await call('POST', `/api/direct-debit/runs/${run.id}/at-bank`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('Dieser Lauf ist verworfen');
    expect((await call('POST', '/api/direct-debit/runs/999999/at-bank')).statusCode).toBe(404);
  });

  it('are confirmed by staff who may write runs only', async () => {
    const run = await newRun(3);
    await call('GET', `/api/direct-debit/runs/${run.id}/file`);
    await expectAccess(
      ctx,
      actors,
      { method: 'POST', url: `/api/direct-debit/runs/${run.id}/at-bank` },
      { customerA: 403, customerB: 403, admin: 200 },
    );
  });
});
