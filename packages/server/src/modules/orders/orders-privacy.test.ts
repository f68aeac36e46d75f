import { eq } from 'drizzle-orm';
import JSZip from 'jszip';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer } from '../../../test/factories.js';
import { as, type StaffMember, staffMember } from '../../../test/staff-members.js';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { blobs, orderAttachments, orderMessages, orders } from '../../db/schema/index.js';
import { putBlob } from '../../lib/blob-store.js';

/** Aufträge in the data export and in erasure (decision 0810; GDPR Art. 15, 17, 20). */
let ctx: TestContext;
let owner: StaffMember;

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await staffMember(ctx, 'owner', 'Olga Owner');
}, 120_000);

describe('Aufträge and the customer’s data', () => {
  it('exports every Auftrag with its thread and attachments; erasure removes them and their bytes', async () => {
    const c = await buildCustomer(ctx.db, { firstName: 'Erika', lastName: 'Export' });
    const [order] = await ctx.db.insert(orders).values({ customerId: c.id, title: 'Keller ausräumen' }).returning();
    await ctx.db.insert(orderMessages).values([
      { orderId: order.id, authorKind: 'customer', body: 'Bitte bis Freitag' },
      { orderId: order.id, authorKind: 'staff', authorAdminId: owner.id, body: 'Notiz intern', internal: true },
    ]);
    const bytes = Buffer.from('%PDF-1.4 Kostenvoranschlag');
    const blob = await putBlob(ctx.db, bytes, { kind: 'order-attachment' });
    await ctx.db.insert(orderAttachments).values({
      orderId: order.id,
      blobId: blob.id,
      fileName: 'Angebot.pdf',
      contentType: 'application/pdf',
      sizeBytes: bytes.length,
      uploadedBy: 'customer',
    });

    const res = await as(ctx, owner.token).get(`/api/customers/${c.id}/data-export.zip`);
    expect(res.statusCode, res.body).toBe(200);
    const zip = await JSZip.loadAsync(res.rawPayload);
    const exported = JSON.parse(await zip.file('daten/auftraege.json')!.async('string'));
    expect(exported).toHaveLength(1);
    expect(exported[0]).toMatchObject({ nummer: `A-${String(order.id).padStart(4, '0')}`, titel: 'Keller ausräumen' });
    expect(exported[0].nachrichten.map((m: { text: string }) => m.text)).toEqual(['Bitte bis Freitag', 'Notiz intern']);
    const path = exported[0].anhaenge[0].datei;
    expect(path).toMatch(/^auftrag-dateien\/.*Angebot\.pdf$/);
    expect(Buffer.from(await zip.file(path)!.async('uint8array'))).toEqual(bytes);

    const erased = await as(ctx, owner.token).post(`/api/customers/${c.id}/erasure`, {
      confirmation: 'Erika Export',
    });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(await ctx.db.select().from(orders).where(eq(orders.customerId, c.id))).toEqual([]);
    expect(await ctx.db.select().from(orderMessages).where(eq(orderMessages.orderId, order.id))).toEqual([]);
    expect(await ctx.db.select().from(blobs).where(eq(blobs.id, blob.id))).toEqual([]);
  });
});
