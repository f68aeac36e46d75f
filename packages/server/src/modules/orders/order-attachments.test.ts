import { ORDER_LIMITS } from '@butler/contract/orders';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, TEST_PASSWORD } from '../../../test/factories.js';
import { insertOrder } from '../../../test/order-rows.js';
import { staffMember } from '../../../test/staff-members.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { multipart } from '../../../test/wiki-helpers.js';
import { orderAttachments, orderMessages } from '../../db/schema/index.js';
import { readBlob } from '../../lib/blob-store.js';

/** Decision 0811: photos and PDFs of an Auftrag, bounded, typed by their bytes, photos without metadata. */
let ctx: TestContext;
let customer: Awaited<ReturnType<typeof buildCustomer>>;
let customerToken: string;
let otherToken: string;
let ownerToken: string;
beforeAll(async () => {
  ctx = await createTestContext();
  customer = await buildCustomer(ctx.db);
  customerToken = await ctx.login('customer', customer.email!, TEST_PASSWORD);
  const other = await buildCustomer(ctx.db);
  otherToken = await ctx.login('customer', other.email!, TEST_PASSWORD);
  ownerToken = (await staffMember(ctx, 'owner')).token;
});

const SECRET_PLACE = 'Gartenhaus-Versteck-48.2082';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** A phone photo as cameras write it: EXIF with a GPS position, a comment, and "turn me 90°". */
async function phonePhoto(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: '#6a8caf' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'Telefon', Copyright: SECRET_PLACE },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 12/1 30/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '16/1 22/1 20/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

const upload = (token: string, orderId: number, filename: string, content: Buffer, query = '') =>
  ctx.request({
    method: 'POST',
    url: `/api/orders/${orderId}/attachments${query}`,
    token,
    ...multipart([{ field: 'file', filename, content }]),
  });

const countStored = async (orderId: number) => {
  const { rows } = await ctx.db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM order_attachments WHERE order_id = ${orderId}`,
  );
  return rows[0].n;
};

describe('a photo from the phone', () => {
  it('is stored upright, scaled down and without EXIF, GPS or comments', async () => {
    const order = await insertOrder(ctx.db, customer.id);
    const original = await phonePhoto(3000, 2000);
    // The fixture really carries what must go: a position and the marker text.
    expect((await sharp(original).metadata()).exif).toBeDefined();
    expect(original.includes(Buffer.from(SECRET_PLACE))).toBe(true);

    const res = await upload(customerToken, order.id, 'IMG_0042.HEIC.jpeg', original);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ file_name: 'IMG_0042.HEIC.jpg', content_type: 'image/jpeg' });

    const [row] = await ctx.db.select().from(orderAttachments).where(eq(orderAttachments.id, res.json().id));
    const stored = (await readBlob(ctx.db, row.blobId))!;
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    // Turned by its orientation (6: 90° clockwise) and fitted into 2048 px.
    expect([meta.width, meta.height]).toEqual([1365, 2048]);
    expect(stored.includes(Buffer.from(SECRET_PLACE))).toBe(false);
    expect(stored.includes(Buffer.from('Exif\0'))).toBe(false);
  });

  it('is shown to the customer and to staff, never to another customer', async () => {
    const order = await insertOrder(ctx.db, customer.id);
    const created = (
      await upload(
        customerToken,
        order.id,
        'foto.png',
        await sharp({ create: { width: 20, height: 10, channels: 4, background: '#fff' } })
          .png()
          .toBuffer(),
      )
    ).json();
    const url = `/api/orders/${order.id}/attachments/${created.id}`;
    const own = await ctx.request({ method: 'GET', url, token: customerToken });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.headers['content-disposition']).toMatch(/^inline; filename="foto.png"/);
    expect((await ctx.request({ method: 'GET', url, token: ownerToken })).statusCode).toBe(200);
    const foreign = await ctx.request({ method: 'GET', url, token: otherToken });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBe('Auftrag nicht gefunden');
    const foreignUpload = await upload(otherToken, order.id, 'x.pdf', PDF);
    expect(foreignUpload.statusCode).toBe(404);
    expect(await countStored(order.id)).toBe(1);
  });
});

describe('what is refused and stores nothing', () => {
  it('a file that is neither photo nor PDF, whatever its name says', async () => {
    const order = await insertOrder(ctx.db, customer.id);
    const res = await upload(
      customerToken,
      order.id,
      'rechnung.pdf',
      Buffer.from('<html><script>alert(1)</script></html>'),
    );
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toBe('Bitte laden Sie ein Foto (JPEG oder PNG) oder ein PDF hoch');
    expect(await countStored(order.id)).toBe(0);
  });

  it('a file over 10 MB', async () => {
    const order = await insertOrder(ctx.db, customer.id);
    const big = Buffer.concat([PDF, Buffer.alloc(ORDER_LIMITS.attachmentBytes, 0x20)]);
    const res = await upload(customerToken, order.id, 'plan.pdf', big);
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe('Die Datei ist zu groß');
    expect(await countStored(order.id)).toBe(0);
  });

  it('a JPEG that is broken inside', async () => {
    const order = await insertOrder(ctx.db, customer.id);
    const broken = Buffer.concat([(await phonePhoto(200, 100)).subarray(0, 400), Buffer.alloc(200, 0xab)]);
    const res = await upload(customerToken, order.id, 'kaputt.jpg', broken);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Dieses Foto konnte nicht gelesen werden. Bitte versuchen Sie es mit einem anderen.');
    expect(await countStored(order.id)).toBe(0);
  });

  it('a file for a closed Auftrag', async () => {
    const order = await insertOrder(ctx.db, customer.id, { state: 'done' });
    const res = await upload(customerToken, order.id, 'plan.pdf', PDF);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('Dieser Auftrag ist abgeschlossen; Anhänge sind nicht mehr möglich');
    expect(await countStored(order.id)).toBe(0);
  });

  it('more than 10 per Auftrag, also when 14 arrive at once', async () => {
    const order = await insertOrder(ctx.db, customer.id);
    const answers = await Promise.all(
      Array.from({ length: 14 }, (_, i) => upload(customerToken, order.id, `seite-${i}.pdf`, PDF)),
    );
    const codes = answers.map((res) => res.statusCode).sort();
    expect(codes.filter((code) => code === 201)).toHaveLength(ORDER_LIMITS.attachmentsPerOrder);
    expect(codes.filter((code) => code === 409)).toHaveLength(14 - ORDER_LIMITS.attachmentsPerOrder);
    expect(answers.find((res) => res.statusCode === 409)?.json().error).toBe(
      'Ein Auftrag kann höchstens 10 Anhänge haben',
    );
    expect(await countStored(order.id)).toBe(ORDER_LIMITS.attachmentsPerOrder);
  });
});

describe('an attachment of an internal note', () => {
  it('is not delivered to the customer', async () => {
    const order = await insertOrder(ctx.db, customer.id);
    const [note] = await ctx.db
      .insert(orderMessages)
      .values({ orderId: order.id, authorKind: 'staff', body: 'Schlüssel liegt beim Nachbarn', internal: true })
      .returning();
    const created = await upload(ownerToken, order.id, 'schluessel.pdf', PDF, `?message_id=${note.id}`);
    expect(created.statusCode).toBe(201);
    const url = `/api/orders/${order.id}/attachments/${created.json().id}`;
    expect((await ctx.request({ method: 'GET', url, token: ownerToken })).statusCode).toBe(200);
    const res = await ctx.request({ method: 'GET', url, token: customerToken });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('Anhang nicht gefunden');
  });

  it('cannot name a message of another Auftrag', async () => {
    const order = await insertOrder(ctx.db, customer.id);
    const elsewhere = await insertOrder(ctx.db, customer.id);
    const [message] = await ctx.db
      .insert(orderMessages)
      .values({ orderId: elsewhere.id, authorKind: 'customer', body: 'Hallo' })
      .returning();
    const res = await upload(customerToken, order.id, 'plan.pdf', PDF, `?message_id=${message.id}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual({ message_id: 'Diese Nachricht gehört nicht zu diesem Auftrag' });
    expect(await countStored(order.id)).toBe(0);
  });
});
