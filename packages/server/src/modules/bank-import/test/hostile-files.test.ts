import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { uploadBankFile } from '../../../../test/bank-import-helpers.js';
import { as, type StaffMember, staffMember } from '../../../../test/staff-members.js';
import { createTestContext, type TestContext } from '../../../../test/test-app.js';
import { XML_LIMITS } from '../../../lib/xml-tree.js';
import { camt053 } from '../camt/camt-writer.js';

/**
 * Hostile bank files (decision 0700): refused in German with a 400 while the portal keeps
 * answering everyone else, nothing stored, nothing of the file in the log. Before, 100,000
 * nested elements held the event loop for minutes (the parser went on past its depth limit,
 * at a cost that grew with the square of the depth) and 3 MB of empty elements ran libxml2
 * out of memory: a 500 whose log line quoted the file.
 */
const lines: string[] = [];
const capture = new Writable({
  write(chunk, _encoding, done) {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});

let ctx: TestContext;
let accounting: StaffMember;
let office: StaffMember;
beforeAll(async () => {
  ctx = await createTestContext({ LOG_LEVEL: 'debug' }, { logStream: capture });
  accounting = await staffMember(ctx, 'accounting');
  office = await staffMember(ctx, 'office');
  // A first file starts the check threads, so the timings below are not a thread's start.
  expect((await uploadBankFile(ctx, accounting.token, 'leer.xml', '<a/>')).statusCode).toBe(400);
});

const IBAN = 'AT022011100000000000';
const NAME = 'Maximiliane Mustermann';

/** A statement whose remittance text holds `inner` (what the attack files put there). */
function statementAround(inner: string) {
  const ordinary = camt053('HOSTILE', [
    [{ direction: 'CRDT', date: '2026-11-27', txs: [{ cents: 1000n, text: 'PLATZHALTER', name: NAME, iban: IBAN }] }],
  ]);
  return ordinary.replace('PLATZHALTER', () => inner);
}

const storedFiles = async () =>
  Number((await ctx.db.execute(sql`SELECT count(*)::int AS n FROM bank_files`)).rows[0].n);

/**
 * Uploads `content` while /api/health is asked every 20 ms; answers the upload, how long it
 * took and the slowest health answer. The machine the tests run on is shared: another
 * process can take the cores from this one for a moment, whatever the portal does. So a
 * timing is the best of three uploads; a portal whose event loop the file holds is slow
 * in all three (the 100,000 levels held it for minutes).
 */
async function uploadWhileProbing(content: string) {
  let best = await uploadOnceWhileProbing(content);
  for (let run = 1; run < 3 && !(best.slowestHealthMs < 100 && best.uploadMs < 1000); run++) {
    const next = await uploadOnceWhileProbing(content);
    if (next.slowestHealthMs + next.uploadMs < best.slowestHealthMs + best.uploadMs) best = next;
  }
  return best;
}

async function uploadOnceWhileProbing(content: string) {
  let done = false;
  const healthMs: number[] = [];
  const probe = (async () => {
    while (!done) {
      const started = performance.now();
      const res = await ctx.request({ method: 'GET', url: '/api/health' });
      healthMs.push(performance.now() - started);
      expect(res.statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const started = performance.now();
  const res = await uploadBankFile(ctx, accounting.token, 'kontoauszug.xml', content);
  const uploadMs = performance.now() - started;
  done = true;
  await probe;
  return { res, uploadMs, healthMs, slowestHealthMs: Math.max(...healthMs) };
}

describe('a bank file nested 100,000 levels deep', () => {
  it('is a German 400 while /api/health answers within 100 ms', async () => {
    const depth = 100_000;
    const file = statementAround(`${'<a>'.repeat(depth)}x${'</a>'.repeat(depth)}`);
    expect(file.length).toBeGreaterThan(700_000);
    const before = await storedFiles();
    const { res, uploadMs, healthMs, slowestHealthMs } = await uploadWhileProbing(file);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/^Die Datei ist zu tief verschachtelt \(mehr als 64 Ebenen ab Zeile \d+\)$/);
    expect(uploadMs).toBeLessThan(1000);
    expect(healthMs.length).toBeGreaterThan(0);
    expect(slowestHealthMs).toBeLessThan(100);
    expect(await storedFiles()).toBe(before);
  });
});

describe('files that cross a limit', () => {
  it('are refused at the first limit crossed, each in German, within a second', async () => {
    const cases: Array<[string, string, RegExp]> = [
      [
        'elements',
        // 3 MB of empty elements: libxml2 ran out of memory on this (a 500).
        statementAround(`${'<a/>'.repeat(750_000)}<b>${IBAN} ${NAME}</b>`),
        /^Die Datei enthält mehr als 150\.000 Elemente; bitte teilen Sie sie auf$/,
      ],
      [
        'attributes',
        statementAround(`<a ${Array.from({ length: 40 }, (_, i) => `x${i}="1"`).join(' ')}/>`),
        /^Zeile \d+: Das Element „a“ hat mehr als 16 Attribute$/,
      ],
      [
        'text',
        statementAround(`${IBAN} ${NAME} ${'x'.repeat(XML_LIMITS.textChars)}`),
        /^Zeile \d+: Das Element „Ustrd“ enthält mehr als 10\.000 Zeichen Text$/,
      ],
    ];
    for (const [limit, file, message] of cases) {
      const { res, uploadMs, slowestHealthMs } = await uploadWhileProbing(file);
      expect(res.statusCode, limit).toBe(400);
      expect(res.json().error, limit).toMatch(message);
      expect(uploadMs, limit).toBeLessThan(1000);
      expect(slowestHealthMs, limit).toBeLessThan(100);
    }
  });

  it('leave no trace of the file in the log', async () => {
    const logged = lines.join('\n');
    expect(logged).not.toContain(IBAN);
    expect(logged).not.toContain(NAME);
    expect(logged).not.toContain('<a/>');
    expect(lines.filter((line) => /"level":50/.test(line))).toEqual([]);
  });
});

describe('imports at the same time', () => {
  it('one per person: a second upload while the first runs is refused in German; a colleague is not held up', async () => {
    const file = (id: string) =>
      camt053(id, [[{ direction: 'CRDT', date: '2026-11-27', txs: [{ cents: 1234n, text: `Zahlung ${id}` }] }]]);
    const [a, b, colleague] = await Promise.all([
      uploadBankFile(ctx, accounting.token, 'a.xml', file('PARALLEL-A')),
      uploadBankFile(ctx, accounting.token, 'b.xml', file('PARALLEL-B')),
      uploadBankFile(ctx, office.token, 'c.xml', file('PARALLEL-C')),
    ]);
    // Whichever of the same person's two uploads the server took first goes through.
    const [first, second] = a.statusCode === 200 ? [a, b] : [b, a];
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toBe(
      'Sie importieren gerade schon eine Bankdatei. Bitte warten Sie, bis dieser Import fertig ist, und laden Sie die nächste Datei danach hoch',
    );
    expect(colleague.statusCode, colleague.body).toBe(200);
    // Once the first is done, the refused file of the same person goes through.
    const refused = first === a ? ['b.xml', 'PARALLEL-B'] : ['a.xml', 'PARALLEL-A'];
    const after = await uploadBankFile(ctx, accounting.token, refused[0], file(refused[1]));
    expect(after.statusCode, after.body).toBe(200);
    expect((await as(ctx, accounting.token).get('/api/bank-import/files')).statusCode).toBe(200);
  });
});
