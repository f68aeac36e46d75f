import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { importOk } from '../../../../test/bank-import-helpers.js';
import { buildAdmin, TEST_PASSWORD } from '../../../../test/factories.js';
import { configureProvider } from '../../../../test/quickbill-helpers.js';
import { createTestContext, type TestContext } from '../../../../test/test-app.js';
import { bankEntries } from '../../../db/schema/index.js';
import { todayVienna } from '../../../lib/clock.js';
import { camt053, type TestEntry } from '../camt/camt-writer.js';

/**
 * A booking's identity comes from the file's facts (decision 0723): nothing is dropped
 * because a reference was seen before with other facts, nothing is stored twice because one
 * file names the bank's reference and another does not, and whatever is left out is listed
 * on the import's summary with the reason.
 */
let ctx: TestContext;
let admin: string;
const date = todayVienna();
let n = 0;
const file = (entries: TestEntry[], account?: string) => camt053(`ID-${++n}`, [entries], account);
const upload = (content: string) => importOk(ctx, admin, `auszug-${++n}.xml`, content);
const stored = (text: string) =>
  ctx.db
    .select()
    .from(bankEntries)
    .where(sql`${bankEntries.remittance} LIKE ${`%${text}%`}`);

beforeAll(async () => {
  ctx = await createTestContext();
  const staff = await buildAdmin(ctx.db);
  admin = await ctx.login('admin', staff.username, TEST_PASSWORD);
  // The business's account is the one camt-writer's files name (AT61 1904 3002 3457 3201).
  await configureProvider(ctx, admin);
});

describe('the identity of a booking', () => {
  it('keeps two bookings that share a bank reference in one file, and says so', async () => {
    const summary = await upload(
      file([
        { direction: 'CRDT', date, bankRef: 'DUP-1', txs: [{ cents: 1000n, name: 'Erste', text: 'erste' }] },
        { direction: 'CRDT', date, bankRef: 'DUP-1', txs: [{ cents: 2000n, name: 'Zweite', text: 'zweite' }] },
      ]),
    );
    expect(summary).toMatchObject({ entries: 2, new_entries: 2, skipped: [] });
    expect(summary.warnings).toEqual([
      'Die Bankreferenz „DUP-1“ steht in dieser Datei bei 2 Buchungen (' +
        `${date.split('-').reverse().join('.')} €\u00a010,00, ${date.split('-').reverse().join('.')} €\u00a020,00); sie gelten als verschiedene Buchungen.`,
    ]);
    expect(await stored('zweite')).toHaveLength(1);
  });

  it('stores a booking whose reference was seen before with another amount, day or direction', async () => {
    await upload(file([{ direction: 'CRDT', date, bankRef: 'SEEN-1', txs: [{ cents: 5000n, text: 'alt' }] }]));
    const yesterday = new Date(Date.parse(`${date}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const summary = await upload(
      file([
        { direction: 'CRDT', date, bankRef: 'SEEN-1', txs: [{ cents: 5001n, text: 'anderer Betrag' }] },
        { direction: 'CRDT', date: yesterday, bankRef: 'SEEN-1', txs: [{ cents: 5000n, text: 'anderer Tag' }] },
        { direction: 'DBIT', date, bankRef: 'SEEN-1', txs: [{ cents: 5000n, text: 'andere Richtung' }] },
      ]),
    );
    expect(summary).toMatchObject({ entries: 3, new_entries: 3, skipped: [] });
  });

  it('knows a booking again when one file gives the bank reference and the other does not, and lists it', async () => {
    const booking = (bankRef?: string): TestEntry => ({
      direction: 'CRDT',
      date,
      txs: [{ cents: 48222n, name: 'Maria Gruber', iban: 'AT483200000012345864', text: 'Rechnung ohne Ref', bankRef }],
    });
    const first = await upload(file([booking()]));
    expect(first.new_entries).toBe(1);
    const again = await upload(file([booking('TX-REF-9')]));
    expect(again).toMatchObject({ entries: 1, new_entries: 0 });
    expect(again.skipped).toEqual([
      {
        booking_date: date,
        amount: 482.22,
        counterparty_name: 'Maria Gruber',
        reason: expect.stringMatching(
          /^Dieselbe Buchung \(alle Angaben gleich, eine davon ohne Bankreferenz\) kam schon mit „auszug-\d+\.xml“ \(importiert \d\d\.\d\d\.\d{4}, \d\d:\d\d\)$/,
        ),
      },
    ]);
    // And the other way round: first with the reference, then a file without it.
    const small = (bankRef?: string): TestEntry => ({
      direction: 'CRDT',
      date,
      txs: [{ cents: 100n, text: 'klein', bankRef }],
    });
    expect((await upload(file([small('TX-REF-10')]))).new_entries).toBe(1);
    const without = await upload(file([small()]));
    expect(without).toMatchObject({ new_entries: 0, skipped: [expect.objectContaining({ amount: 1 })] });
    expect(await stored('Rechnung ohne Ref')).toHaveLength(1);
    expect(await stored('klein')).toHaveLength(1);
  });

  it('leaves out what an overlapping file repeats by its reference, naming the earlier file', async () => {
    const day = { direction: 'CRDT' as const, date, bankRef: 'OVL-1', txs: [{ cents: 3300n, text: 'ueberlappt' }] };
    await upload(file([day]));
    // The same booking as another bank formats it: the reference on the transaction instead of the entry.
    const later = await upload(
      file([
        { direction: 'CRDT', date, txs: [{ cents: 3300n, text: 'ueberlappt, anders formatiert', bankRef: 'OVL-1' }] },
        { direction: 'CRDT', date, bankRef: 'OVL-2', txs: [{ cents: 4400n, text: 'neu' }] },
      ]),
    );
    expect(later).toMatchObject({ entries: 2, new_entries: 1 });
    expect(later.skipped).toEqual([
      expect.objectContaining({
        amount: 33,
        reason: expect.stringMatching(
          /^Dieselbe Buchung \(Bankreferenz OVL-1, gleicher Tag, Betrag und Richtung\) kam schon mit /,
        ),
      }),
    ]);
    // The file list counts it; the file's summary lists it again later.
    const files = (await ctx.request({ method: 'GET', url: '/api/bank-import/files', token: admin })).json();
    expect(files.items.find((f: { id: number }) => f.id === later.file_id)).toMatchObject({
      skipped: 1,
      new_entries: 1,
    });
    const again = await ctx.request({ method: 'GET', url: `/api/bank-import/files/${later.file_id}`, token: admin });
    expect(again.json().skipped).toEqual(later.skipped);
  });

  it('recognises bookings stored before this rule (no reference kept) by their facts', async () => {
    const old = { direction: 'CRDT' as const, date, bankRef: 'LEGACY-1', txs: [{ cents: 7700n, text: 'von frueher' }] };
    const first = await upload(file([old]));
    await ctx.db
      .update(bankEntries)
      .set({ bankReference: null, fingerprint: 'a-fingerprint-of-the-old-kind' })
      .where(eq(bankEntries.fileId, first.file_id));
    const again = await upload(file([old, { ...old, bankRef: 'LEGACY-2', txs: [{ cents: 7700n, text: 'neu' }] }]));
    expect(again).toMatchObject({ new_entries: 1, skipped: [expect.objectContaining({ amount: 77 })] });
  });

  it('warns when the statement belongs to an account that is not the business’s', async () => {
    const foreign = await upload(
      file([{ direction: 'CRDT', date, bankRef: 'FOREIGN-1', txs: [{ cents: 100n }] }], 'AT483200000012345864'),
    );
    expect(foreign.warnings).toEqual([
      'Der Auszug gehört zum Konto AT483200000012345864, das nicht als Konto des Unternehmens hinterlegt ist (AT611904300234573201). Bitte prüfen Sie, ob die Datei zum richtigen Konto gehört.',
    ]);
    const own = await upload(file([{ direction: 'CRDT', date, bankRef: 'OWN-1', txs: [{ cents: 100n }] }]));
    expect(own.warnings).toEqual([]);
  });
});
