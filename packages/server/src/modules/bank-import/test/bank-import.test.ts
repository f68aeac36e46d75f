import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Actors, createActors, expectAccess } from '../../../../test/access-matrix.js';
import { importOk, invoiceRow, openCents, uploadBankFile } from '../../../../test/bank-import-helpers.js';
import { buildCustomer } from '../../../../test/factories.js';
import { configureProvider, createDraft, sendInvoice } from '../../../../test/quickbill-helpers.js';
import { staffMember } from '../../../../test/staff-members.js';
import { createTestContext, type TestContext } from '../../../../test/test-app.js';
import { bankEntries, bankFiles } from '../../../db/schema/index.js';
import { todayVienna } from '../../../lib/clock.js';
import { ISO20022_ASSETS } from '../../../lib/iso20022-schema.js';
import { camt053 } from '../camt/camt-writer.js';

let ctx: TestContext;
let actors: Actors;
let admin: string;

beforeAll(async () => {
  ctx = await createTestContext();
  actors = await createActors(ctx);
  admin = actors.tokens.admin!;
  await configureProvider(ctx, admin);
});

const counts = async () => {
  const [row] = await ctx.db
    .execute(
      sql`SELECT (SELECT count(*) FROM bank_files)::int AS files, (SELECT count(*) FROM bank_entries)::int AS entries, (SELECT count(*) FROM payments)::int AS payments`,
    )
    .then((r) => r.rows as Array<{ files: number; entries: number; payments: number }>);
  return row;
};

describe('the samples of samples.json', async () => {
  const manifest = JSON.parse(await readFile(path.join(ISO20022_ASSETS, 'samples.json'), 'utf8')) as {
    samples: Array<{ file: string; message: string; valid: boolean; firstError?: string }>;
  };

  it.each(manifest.samples.filter((s) => s.message.startsWith('camt') && s.valid))(
    'imports valid $file',
    async (sample) => {
      const bytes = await readFile(path.join(ISO20022_ASSETS, sample.file));
      const summary = await importOk(ctx, admin, path.basename(sample.file), bytes);
      expect(summary.duplicate).toBe(false);
      expect(summary.entries).toBeGreaterThan(0);
    },
  );

  it.each(manifest.samples.filter((s) => !s.valid || s.message.startsWith('pain')))(
    'refuses $file cleanly, in German, naming element and line',
    async (sample) => {
      const before = await counts();
      const res = await uploadBankFile(
        ctx,
        admin,
        path.basename(sample.file),
        await readFile(path.join(ISO20022_ASSETS, sample.file)),
      );
      expect(res.statusCode, res.body).toBe(400);
      const error: string = res.json().error;
      if (sample.message.startsWith('pain'))
        expect(error).toMatch(
          /^Zeile \d+: Das ist eine Lastschrift-Einreichung \(pain\.008\.001\.0[28]\), kein Kontoauszug/,
        );
      else {
        const element = /Element '\{[^}]*\}(\w+)'/.exec(sample.firstError!)![1];
        expect(error).toMatch(
          new RegExp(
            `^Die Datei entspricht nicht dem Schema ${sample.message.replace(/\./g, '\\.')}\\. Zeile \\d+, Element „${element}“: `,
          ),
        );
      }
      expect(await counts()).toEqual(before);
    },
  );
});

describe('idempotence', () => {
  const statement = (id: string, entries: Parameters<typeof camt053>[1][number]) => camt053(id, [entries]);
  const date = todayVienna();

  it('the same file twice books nothing twice, also uploaded in parallel', async () => {
    const file = statement('IDEM-1', [
      { direction: 'CRDT', date, bankRef: 'IDEM-1-A', txs: [{ cents: 1234n, name: 'Jemand', text: 'Spende' }] },
    ]);
    // Five colleagues at once (one person imports one file at a time, decision 0700).
    const roles = ['owner', 'owner', 'office', 'accounting', 'accounting'] as const;
    const colleagues = await Promise.all(roles.map((role) => staffMember(ctx, role)));
    const burst = await Promise.all(colleagues.map((c) => uploadBankFile(ctx, c.token, 'auszug.xml', file)));
    expect(burst.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const fileIds = new Set(burst.map((r) => r.json().file_id));
    expect(fileIds.size).toBe(1);
    expect(burst.filter((r) => !r.json().duplicate)).toHaveLength(1);
    const rows = await ctx.db.select().from(bankEntries).where(sql`${bankEntries.remittance} LIKE 'Spende%'`);
    expect(rows).toHaveLength(1);
  });

  it('an overlapping statement adds only its new bookings; identical bookings without a bank reference count by their place', async () => {
    const twin = { direction: 'CRDT' as const, date, txs: [{ cents: 500n, name: 'Zwilling', text: 'Trinkgeld' }] };
    const first = await importOk(ctx, admin, 'a.xml', statement('OVER-1', [twin, twin]));
    expect(first.new_entries).toBe(2);
    const second = await importOk(
      ctx,
      admin,
      'b.xml',
      statement('OVER-2', [twin, twin, twin, { ...twin, txs: [{ cents: 700n, name: 'Neu', text: 'Neu' }] }]),
    );
    expect(second).toMatchObject({ duplicate: false, entries: 4, new_entries: 2 });
  });

  it('a pending booking and the same booking booked later are two rows; only the booked one counts', async () => {
    const customer = await buildCustomer(ctx.db, {
      lastName: 'Vormerk',
      street: 'Gasse 1',
      postalCode: '1010',
      city: 'Wien',
    });
    const draft = await createDraft(ctx, admin, customer.id);
    await sendInvoice(ctx, admin, draft.id);
    const invoice = await invoiceRow(ctx, draft.id);
    const credit = { cents: 61357n, name: 'Vormerk Hans', reference: invoice.paymentReference!, bankRef: 'PEND-1' };
    const pending = await importOk(
      ctx,
      admin,
      'p.xml',
      statement('PEND-A', [{ direction: 'CRDT', date, status: 'PDNG', txs: [credit] }]),
    );
    expect(pending.matched).toBe(0);
    expect(await openCents(ctx, draft.id)).toBe(61357n);
    const booked = await importOk(
      ctx,
      admin,
      'q.xml',
      statement('PEND-B', [{ direction: 'CRDT', date, txs: [credit] }]),
    );
    expect(booked.matched).toBe(1);
    expect(await openCents(ctx, draft.id)).toBe(0n);
  });

  it('keeps every file with its hash and serves it back byte for byte', async () => {
    const content = statement('KEEP-1', [{ direction: 'DBIT', date, txs: [{ cents: 100n, name: 'Bankspesen' }] }]);
    const summary = await importOk(ctx, admin, 'behalten.xml', content);
    const download = await ctx.request({
      method: 'GET',
      url: `/api/bank-import/files/${summary.file_id}/download`,
      token: admin,
    });
    expect(download.body).toBe(content);
    const [file] = await ctx.db.select().from(bankFiles).where(sql`${bankFiles.id} = ${summary.file_id}`);
    const { createHash } = await import('node:crypto');
    expect(file.sha256).toBe(createHash('sha256').update(content).digest('hex'));
  });

  it('refuses empty uploads, other formats and non-multipart bodies without changing anything', async () => {
    const before = await counts();
    expect((await uploadBankFile(ctx, admin, 'leer.xml', '')).json().error).toBe('Die Datei ist leer');
    expect((await uploadBankFile(ctx, admin, 'a.pdf', '%PDF-1.7')).json().error).toMatch(
      /^Die Datei ist keine XML-Datei/,
    );
    const json = await ctx.request({
      method: 'POST',
      url: '/api/bank-import/files',
      token: admin,
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
    expect(await counts()).toEqual(before);
  });
});

describe('access', () => {
  it('is for staff only', async () => {
    await expectAccess(
      ctx,
      actors,
      { method: 'GET', url: '/api/bank-entries' },
      { customerA: 403, customerB: 403, admin: 200 },
    );
    await expectAccess(
      ctx,
      actors,
      { method: 'GET', url: '/api/bank-import/files' },
      { customerA: 403, customerB: 403, admin: 200 },
    );
    for (const token of [actors.tokens.customerA, undefined]) {
      const res = await uploadBankFile(ctx, token, 'x.xml', '<a/>');
      expect([401, 403]).toContain(res.statusCode);
    }
  });
});
