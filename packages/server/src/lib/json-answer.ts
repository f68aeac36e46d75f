import { gzipSync } from 'node:zlib';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { sendTotalCount } from './pagination.js';

/**
 * Encodes an answer exactly as the zod response serialiser of a route would (checked
 * against the schema, then JSON) into UTF-8 bytes, so it can be cached and sent many times
 * without encoding it again (the admin figures are ~20 KB).
 */
export function encodeAnswer<S extends z.ZodType>(schema: S, value: z.output<S>): Buffer {
  return Buffer.from(JSON.stringify(schema.encode(value)));
}

/** Smaller answers go out as they are: compressing them saves less than a packet. */
export const COMPRESS_FROM_BYTES = 1024;
/** The gzip form of each encoded answer, made on its first request that accepts it. */
const gzipped = new WeakMap<Buffer, Buffer>();

/** Whether an Accept-Encoding header allows gzip (listed, and not with q=0). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  return value.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding !== 'gzip' && coding !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/**
 * Sends an answer encoded by encodeAnswer; Fastify sends bytes as they are. An answer of
 * 1 KB or more goes out gzipped to a client that accepts it (the lounge's dashboard: 6 KB →
 * 1.5 KB on a phone's line, decision 0415). The compressed bytes are kept with the answer,
 * so a cached answer is compressed once, not per request.
 */
export function sendEncoded(reply: FastifyReply, json: Buffer): FastifyReply {
  reply.type('application/json; charset=utf-8');
  if (json.length < COMPRESS_FROM_BYTES) return reply.send(json);
  reply.header('vary', 'accept-encoding');
  if (!acceptsGzip(reply.request.headers['accept-encoding'])) return reply.send(json);
  let body = gzipped.get(json);
  if (!body) {
    body = gzipSync(json, { level: 6 });
    gzipped.set(json, body);
  }
  return reply.header('content-encoding', 'gzip').send(body);
}

/** One page of a list, encoded, with the count of all its rows (kept as one in the answer caches). */
export type EncodedPage = { json: Buffer; total: number };

/** Sends an EncodedPage: the rows as stored, the count in X-Total-Count. */
export function sendEncodedPage(reply: FastifyReply, page: EncodedPage): FastifyReply {
  sendTotalCount(reply, page.total);
  return sendEncoded(reply, page.json);
}
