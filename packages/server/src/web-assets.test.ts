import fs from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerCleanup } from '../test/cleanup.js';
import { makeTestTempDir } from '../test/temp-dirs.js';
import { createTestContext } from '../test/test-app.js';
import { buildApp } from './app.js';

// Decision 0410: the built web app goes out pre-compressed, hashed assets cached for a year.
describe('serving the built web app', () => {
  let app: FastifyInstance;
  const script = 'console.log("lounge");'.repeat(100);

  beforeAll(async () => {
    const ctx = await createTestContext();
    const dist = await makeTestTempDir('web-dist');
    await fs.mkdir(path.join(dist, 'assets'));
    await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Portal</title>');
    await fs.writeFile(path.join(dist, 'login.html'), '<!doctype html><h2>Willkommen in Ihrer Lounge</h2>');
    await fs.writeFile(path.join(dist, 'admin-login.html'), '<!doctype html><h2>Admin-Anmeldung</h2>');
    await fs.writeFile(path.join(dist, 'lounge.html'), '<!doctype html><link rel="modulepreload" href="/lounge.js">');
    const file = path.join(dist, 'assets/index-Ab12Cd34.js');
    await fs.writeFile(file, script);
    await fs.writeFile(`${file}.br`, brotliCompressSync(script));
    await fs.writeFile(`${file}.gz`, gzipSync(script));
    app = await buildApp({ db: ctx.db, env: ctx.env, webDist: dist });
    registerCleanup(async () => {
      await app.close();
      await fs.rm(dist, { recursive: true, force: true });
    });
  });

  it('sends the brotli file to a browser that accepts it, with a year of immutable caching', async () => {
    const res = await app.inject({ url: '/assets/index-Ab12Cd34.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(script.length / 10);
  });

  it('falls back to gzip and to the plain file', async () => {
    const gzip = await app.inject({ url: '/assets/index-Ab12Cd34.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({ url: '/assets/index-Ab12Cd34.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('does not cache the page itself for long, so a new build reaches everyone', async () => {
    const res = await app.inject({ url: '/customer/dashboard' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control'] ?? '').not.toMatch(/max-age=[1-9]/);
  });

  // Decision 0411: the two login pages are pre-rendered by the build.
  it('sends the pre-rendered login pages and the lounge page for their routes and the plain page for every other', async () => {
    for (const url of ['/', '/?abgemeldet=1']) {
      const res = await app.inject({ url });
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('Willkommen in Ihrer Lounge');
    }
    expect((await app.inject({ url: '/admin/login' })).body).toContain('Admin-Anmeldung');
    // Decision 0412: the lounge's page announces the lounge's code.
    for (const url of ['/customer/dashboard', '/customer/dashboard?x=1']) {
      expect((await app.inject({ url })).body).toContain('modulepreload');
    }
    for (const url of ['/admin/dashboard', '/customer/account', '/login.html/x', '/lounge.html/x', '/unbekannt']) {
      expect((await app.inject({ url })).body).toBe('<!doctype html><title>Portal</title>');
    }
  });
});
