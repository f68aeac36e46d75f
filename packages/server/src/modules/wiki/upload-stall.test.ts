import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app.js';
import { createEntry, upload, type WikiSetup, wikiSetup } from '../../../test/wiki-helpers.js';
import { UPLOAD_SLOTS } from './files.service.js';

/**
 * Decision 0505: uploads trickled at a byte at a time held every upload slot and a
 * connection "idle in transaction" with no end. A stalled upload is cut off (408, German),
 * stores nothing and frees its slot and connection. UPLOAD_STALL_SECONDS is 1 here.
 */
let ctx: TestContext;
let setup: WikiSetup;
let entryId: number;
let port: number;
beforeAll(async () => {
  ctx = await createTestContext({ UPLOAD_STALL_SECONDS: '1' });
  setup = await wikiSetup(ctx);
  entryId = (await createEntry(ctx, setup, { category_id: setup.docs.id })).id;
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as AddressInfo).port;
});

/** An upload that sends its headers and then one byte every 200 ms until it is answered. */
function trickle(): Promise<{ status: number; body: string }> {
  const boundary = 'langsam';
  const request = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: `/api/wiki/entries/${entryId}/files`,
    headers: { authorization: `Bearer ${setup.token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  request.write(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="langsam.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const drip = setInterval(() => request.write('x'), 200);
  return new Promise((resolve, reject) => {
    request.on('response', (res) => {
      let body = '';
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () => {
        clearInterval(drip);
        request.destroy();
        resolve({ status: res.statusCode ?? 0, body });
      });
    });
    request.on('error', (error) => {
      clearInterval(drip);
      reject(error);
    });
  });
}

describe('a stalled upload', () => {
  it('is cut off with a German 408, stores nothing and frees its slot and its connection', async () => {
    const answers = await Promise.all(Array.from({ length: UPLOAD_SLOTS + 1 }, () => trickle()));
    for (const answer of answers) {
      expect(answer.status).toBe(408);
      expect(JSON.parse(answer.body)).toEqual({
        error: 'Der Upload kam zu langsam voran und wurde abgebrochen. Bitte versuchen Sie es erneut.',
      });
    }
    const { rows } = await ctx.db.execute<{ idle: number; files: number }>(sql`SELECT
      (SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%')::int AS idle,
      (SELECT count(*) FROM wiki_files)::int AS files`);
    expect(rows[0]).toEqual({ idle: 0, files: 0 });
    const normal = await upload(ctx, setup.token, entryId, 'normal.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'));
    expect(normal.statusCode).toBe(201);
  });
});
