import { randomBytes } from 'node:crypto';
import { buildAdmin, buildCustomer, buildWikiCategory, TEST_PASSWORD } from './factories.js';
import type { TestContext } from './test-app.js';

type Part = { field: string; filename?: string; content: Buffer | string; contentType?: string };

/** A multipart/form-data body as browsers send it (UTF-8 file names, no RFC 2231). */
export function multipart(parts: Part[]) {
  const boundary = `----butler${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let header = `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"`;
    if (part.filename !== undefined) header += `; filename="${part.filename}"`;
    header += `\r\nContent-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`;
    chunks.push(Buffer.from(header, 'utf8'), Buffer.from(part.content), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** An admin token, a customer, and a plain, a file and an encrypting category. */
export async function wikiSetup(ctx: TestContext) {
  const admin = await buildAdmin(ctx.db);
  const token = await ctx.login('admin', admin.username, TEST_PASSWORD);
  const customer = await buildCustomer(ctx.db, {
    firstName: 'Maria',
    lastName: `Gruber-${randomBytes(3).toString('hex')}`,
  });
  const notes = await buildWikiCategory(ctx.db);
  const docs = await buildWikiCategory(ctx.db, {
    name: `Dokumente ${randomBytes(3).toString('hex')}`,
    allowsFiles: true,
  });
  const vault = await buildWikiCategory(ctx.db, {
    name: `Zugänge ${randomBytes(3).toString('hex')}`,
    icon: '🔐',
    allowsEncryption: true,
    allowsFiles: true,
  });
  return { admin, token, customer, notes, docs, vault };
}

export type WikiSetup = Awaited<ReturnType<typeof wikiSetup>>;

/** Creates an entry through the API and returns its answer. */
export async function createEntry(ctx: TestContext, setup: WikiSetup, payload: Record<string, unknown>) {
  const res = await ctx.request({
    method: 'POST',
    url: '/api/wiki/entries',
    token: setup.token,
    payload: {
      customer_id: setup.customer.id,
      category_id: setup.notes.id,
      title: 'Notiz',
      content: '<p>Text</p>',
      ...payload,
    },
  });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

export async function upload(
  ctx: TestContext,
  token: string,
  entryId: number,
  filename: string,
  content: Buffer | string,
) {
  const body = multipart([{ field: 'file', filename, content }]);
  return ctx.request({ method: 'POST', url: `/api/wiki/entries/${entryId}/files`, token, ...body });
}
