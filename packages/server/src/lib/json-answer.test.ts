import { gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { acceptsGzip, COMPRESS_FROM_BYTES, sendEncoded } from './json-answer.js';

/** An app that sends one stored answer many times, as the answer caches do. */
async function appWith(json: Buffer) {
  const app = Fastify();
  app.get('/answer', (_request, reply) => sendEncoded(reply, json));
  await app.ready();
  return app;
}

const large = Buffer.from(
  JSON.stringify({
    deductions: Array.from({ length: 60 }, (_, i) => ({ id: i, text: 'Reinigungskraft eingewiesen' })),
  }),
);

describe('encoded answers on the wire (decision 0415)', () => {
  it('go out gzipped to a client that accepts it, the same bytes every time, and as they are to others', async () => {
    expect(large.length).toBeGreaterThan(COMPRESS_FROM_BYTES);
    const app = await appWith(large);
    const zipped = await app.inject({ url: '/answer', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toBe('accept-encoding');
    expect(zipped.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(zipped.rawPayload.length).toBeLessThan(large.length / 3);
    expect(gunzipSync(zipped.rawPayload).equals(large)).toBe(true);
    const again = await app.inject({ url: '/answer', headers: { 'accept-encoding': 'gzip' } });
    expect(again.rawPayload.equals(zipped.rawPayload)).toBe(true);

    for (const header of [undefined, 'identity', 'br', 'gzip;q=0']) {
      const plain = await app.inject({ url: '/answer', headers: header ? { 'accept-encoding': header } : {} });
      expect(plain.headers['content-encoding'], String(header)).toBeUndefined();
      expect(plain.headers.vary).toBe('accept-encoding');
      expect(plain.rawPayload.equals(large)).toBe(true);
    }
    await app.close();
  });

  it('leaves small answers as they are', async () => {
    const small = Buffer.from('{"status":"ok"}');
    const app = await appWith(small);
    const res = await app.inject({ url: '/answer', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('{"status":"ok"}');
    await app.close();
  });

  it('reads Accept-Encoding with its weights', () => {
    expect(acceptsGzip('gzip')).toBe(true);
    expect(acceptsGzip('deflate, gzip;q=0.5')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip(['br', 'GZIP'])).toBe(true);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('gzip; q=0.0')).toBe(false);
    expect(acceptsGzip('br, deflate')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});
