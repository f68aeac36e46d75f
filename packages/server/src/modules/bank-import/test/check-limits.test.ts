import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { uploadBankFile } from '../../../../test/bank-import-helpers.js';
import { type StaffMember, staffMember } from '../../../../test/staff-members.js';
import { createTestContext, type TestContext } from '../../../../test/test-app.js';
import { BANK_FILE_CHECK_LIMITS, bankFileChecks } from '../camt/camt-file.js';
import { camt053 } from '../camt/camt-writer.js';

/**
 * A bank file within the parser's limits whose check still cannot finish (decision 0700):
 * over the time budget, out of the thread's heap, or libxml2 out of its 64 MiB. Each is a
 * German 400 through the import route, and nothing is stored. The budget and heap are the
 * portal's 30 s and 512 MB; here the check pool gets a tiny budget or heap
 * (bankFileChecks.useLimits) so that the test need not wait 30 s or fill 512 MB.
 */
let ctx: TestContext;
let accounting: StaffMember;
beforeAll(async () => {
  ctx = await createTestContext();
  accounting = await staffMember(ctx, 'accounting');
});
afterEach(() => bankFileChecks.useLimits());

const TOO_LARGE =
  'Die Datei ist zu groß oder zu verschachtelt, um sie zu prüfen. Bitte laden Sie den Kontoauszug eines kürzeren Zeitraums hoch';

/**
 * A statement whose remittance text holds `count` empty elements of 16 attributes each: the
 * parser's limits (150,000 elements, 16 attributes) let it through; libxml2 keeps every
 * attribute as two nodes of its own, which 40,000 such elements take past its 64 MiB.
 */
function manyAttributes(count: number) {
  const element = `<x ${Array.from({ length: 16 }, (_, i) => `${String.fromCharCode(97 + i)}="1"`).join(' ')}/>`;
  const ordinary = camt053(`ATTR-${count}`, [
    [{ direction: 'CRDT', date: '2026-11-27', txs: [{ cents: 1000n, text: 'PLATZHALTER' }] }],
  ]);
  return ordinary.replace('PLATZHALTER', () => element.repeat(count));
}

const ordinaryFile = (id: string) =>
  camt053(id, [[{ direction: 'CRDT', date: '2026-11-27', txs: [{ cents: 4200n, text: `Zahlung ${id}` }] }]]);

const storedFiles = async () =>
  Number((await ctx.db.execute(sql`SELECT count(*)::int AS n FROM bank_files`)).rows[0].n);

describe('the limits of a bank file check', () => {
  it('are 30 seconds and 512 MB in the portal', () => {
    expect(BANK_FILE_CHECK_LIMITS).toEqual({ budgetMs: 30_000, maxHeapMb: 512 });
  });

  it('a check over its time budget is a German 400 naming the budget, and nothing is stored', async () => {
    await bankFileChecks.useLimits({ budgetMs: 100, maxHeapMb: 512 });
    const before = { files: await storedFiles(), overBudget: bankFileChecks.stats().overBudget };
    // Four MB of elements: a check of a second or more, far over 0.1 s.
    const res = await uploadBankFile(ctx, accounting.token, 'langsam.xml', manyAttributes(40_000));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toBe(
      'Die Prüfung der Datei hat länger als 0,1 Sekunden gedauert und wurde abgebrochen. Bitte laden Sie den Kontoauszug eines kürzeren Zeitraums hoch',
    );
    expect(bankFileChecks.stats().overBudget).toBe(before.overBudget + 1);
    expect(await storedFiles()).toBe(before.files);
  });

  it('a check that runs its thread out of heap is a German 400, and nothing is stored', async () => {
    await bankFileChecks.useLimits({ budgetMs: 30_000, maxHeapMb: 32 });
    // The small heap is enough for an ordinary statement …
    const ordinary = await uploadBankFile(ctx, accounting.token, 'normal.xml', ordinaryFile('HEAP-OK'));
    expect(ordinary.statusCode, ordinary.body).toBe(200);
    const before = { files: await storedFiles(), crashed: bankFileChecks.stats().crashed };
    // … not for 14 MB of elements the parser has to hold.
    const res = await uploadBankFile(ctx, accounting.token, 'gross.xml', manyAttributes(140_000));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toBe(TOO_LARGE);
    expect(bankFileChecks.stats().crashed).toBe(before.crashed + 1);
    expect(await storedFiles()).toBe(before.files);
  });

  it('a file libxml2 cannot check (out of its 64 MiB) is a German 400, and nothing is stored', async () => {
    const before = { files: await storedFiles(), ...bankFileChecks.stats() };
    const res = await uploadBankFile(ctx, accounting.token, 'attribute.xml', manyAttributes(40_000));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toBe(TOO_LARGE);
    // The thread answered the refusal itself: neither its heap nor its time ran out.
    const after = bankFileChecks.stats();
    expect(after.crashed).toBe(before.crashed);
    expect(after.overBudget).toBe(before.overBudget);
    expect(await storedFiles()).toBe(before.files);
  });
});
