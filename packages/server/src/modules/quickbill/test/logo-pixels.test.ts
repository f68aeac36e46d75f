import { crc32, deflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildAdmin,
  buildCustomer,
  buildProject,
  buildSubscription,
  buildTimeEntry,
  TEST_PASSWORD,
} from '../../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../../test/test-app.js';
import { multipart } from '../../../../test/wiki-helpers.js';
import { providerSettings } from '../../../db/schema/index.js';
import { putBlob } from '../../../lib/blob-store.js';
import { setClock } from '../../../lib/clock.js';

/**
 * Decision 0505: a small file of very many pixels (a 428 KB PNG of 10,500 × 10,500)
 * made every PDF with the letterhead take half a minute. Such a logo is refused at upload,
 * and one stored before is left out of the PDFs instead of decoded.
 */
function chunk(type: string, data: Buffer) {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real black-and-white PNG of width × height (all black): tiny file, any number of pixels. */
function blackPng(width: number, height: number) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // 1 bit, greyscale, deflate, no filter method, not interlaced
  const rows = Buffer.alloc(height * (1 + Math.ceil(width / 8)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

let ctx: TestContext;
let token: string;
let customer: { id: number; email: string };
beforeAll(async () => {
  setClock('2026-04-10');
  ctx = await createTestContext();
  token = await ctx.login('admin', (await buildAdmin(ctx.db)).username, TEST_PASSWORD);
  customer = await buildCustomer(ctx.db);
  const project = await buildProject(ctx.db, customer.id);
  await buildSubscription(ctx.db, customer.id, { startDate: '2026-01-01', endDate: '2026-12-31' });
  await buildTimeEntry(ctx.db, customer.id, project.id, { workDate: '2026-03-10', hours: '2' });
});
afterAll(() => setClock(null));

const uploadLogo = (png: Buffer) =>
  ctx.request({
    method: 'POST',
    url: '/api/quickbill/settings/logo',
    token,
    ...multipart([{ field: 'file', filename: 'logo.png', content: png, contentType: 'image/png' }]),
  });
const statementPdf = async () => {
  const customerToken = await ctx.login('customer', customer.email, TEST_PASSWORD);
  const res = await ctx.request({
    method: 'GET',
    url: `/api/customers/${customer.id}/statements/2026-03/pdf`,
    token: customerToken,
  });
  expect(res.statusCode).toBe(200);
  return res.rawPayload.toString('latin1');
};

describe('the letterhead logo', () => {
  it('of 10,500 × 10,500 pixels is refused at upload with its size in German; a normal one is taken', async () => {
    const bomb = blackPng(10_500, 10_500);
    expect(bomb.length).toBeLessThan(512 * 1024);
    const refused = await uploadLogo(bomb);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe(
      'Das Logo hat zu viele Bildpunkte: höchstens 2 Megapixel und 4.000 Pixel je Seite (z. B. 1.600 × 1.200). Dieses Bild hat 10.500 × 10.500 Pixel.',
    );
    const settings = await ctx.request({ method: 'GET', url: '/api/quickbill/settings', token });
    expect(settings.json().has_logo).toBe(false);
    expect((await uploadLogo(blackPng(1_600, 1_200))).statusCode).toBe(200);
    expect(await statementPdf()).toContain('/Subtype /Image');
  });

  it('stored before the check is left out of the PDFs, never decoded', async () => {
    await ctx.db.transaction(async (tx) => {
      const blob = await putBlob(tx, blackPng(10_500, 10_500), { kind: 'logo' });
      await tx.update(providerSettings).set({ logoBlobId: blob.id }).where(eq(providerSettings.id, 1));
    });
    expect(await statementPdf()).not.toContain('/Subtype /Image');
  });
});
