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

/** Sends an answer encoded by encodeAnswer; Fastify sends bytes as they are. */
export function sendEncoded(reply: FastifyReply, json: Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}

/** One page of a list, encoded, with the count of all its rows (kept as one in the answer caches). */
export type EncodedPage = { json: Buffer; total: number };

/** Sends an EncodedPage: the rows as stored, the count in X-Total-Count. */
export function sendEncodedPage(reply: FastifyReply, page: EncodedPage): FastifyReply {
  sendTotalCount(reply, page.total);
  return sendEncoded(reply, page.json);
}
