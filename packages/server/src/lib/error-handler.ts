import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { closedMonthError } from './closed-months.js';
import { DATABASE_UNAVAILABLE, databaseUnavailableReason } from './database-errors.js';
import { AppError, ERROR_CATALOGUE } from './errors.js';
import { ONE_FILE_ONLY } from './single-upload.js';

/** PostgreSQL error codes that mean "the client asked for something impossible", not a crash. */
const PG_CLIENT_ERRORS: Record<string, [number, string]> = {
  '23505': [409, 'Dieser Eintrag existiert bereits'],
  '23503': [409, 'Dieser Datensatz wird noch verwendet oder verweist auf einen unbekannten Datensatz'],
  '23514': [400, 'Ein Wert liegt außerhalb des erlaubten Bereichs'],
  '22P02': [400, 'Ein Wert hat ein ungültiges Format'],
  '22003': [400, 'Ein Wert ist zu groß'],
  '22007': [400, 'Ungültiges Datum'],
  '22008': [400, 'Ungültiges Datum'],
  // Second line of defence behind lib/input-guard.ts: a character the database cannot store.
  '22021': [400, ERROR_CATALOGUE.INVALID_CHARACTER[1]],
  '22P05': [400, ERROR_CATALOGUE.INVALID_CHARACTER[1]],
};

/**
 * Errors the router raises before any route (and so before setErrorHandler) is chosen: a
 * path that is not valid percent-encoded UTF-8, or a parameter over 100 characters.
 * Passed to Fastify as `frameworkErrors`; without it Fastify answers in English.
 */
export function frameworkErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const code = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'URL_TOO_LONG' : 'URL_INVALID';
  const [status, message] = ERROR_CATALOGUE[code];
  return reply.status(status).send({ error: message });
}

/** The one error handler: German JSON for every failure, no internals in 5xx answers. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError & { cause?: any }, request, reply) => {
    if (error instanceof AppError) {
      if (error.extra?.retryAfterSeconds) reply.header('Retry-After', String(error.extra.retryAfterSeconds));
      const body: Record<string, unknown> = { error: error.message };
      if (error.details) body.details = error.details;
      if (request.routeOptions.url === '/api/auth/login') body.success = false;
      return reply.status(error.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
        if (!details[field]) details[field] = issue.message ?? ERROR_CATALOGUE.VALIDATION_FAILED[1];
      }
      const first = Object.values(details)[0];
      return reply.status(400).send({ error: first ?? ERROR_CATALOGUE.VALIDATION_FAILED[1], details });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, cause: error.cause }, 'response serialisation failed');
      return reply.status(500).send({ error: ERROR_CATALOGUE.INTERNAL[1] });
    }
    const unavailable = databaseUnavailableReason(error);
    if (unavailable) {
      // PostgreSQL is gone or restarting: a clear 503 at once; the pool reconnects by itself (0345).
      request.log.warn({ reason: unavailable }, 'database unavailable');
      return reply.status(503).header('Retry-After', '5').send({ error: DATABASE_UNAVAILABLE });
    }
    // The closed-month triggers (decision 0821): a German 409 naming the month, never a 500.
    const closed = closedMonthError(error);
    if (closed) {
      request.log.warn({ err: error }, 'booking in a closed month refused');
      return reply.status(closed.status).send({ error: closed.message });
    }
    const pgCode = (error as any).code ?? error.cause?.code;
    if (typeof pgCode === 'string' && PG_CLIENT_ERRORS[pgCode]) {
      const [status, message] = PG_CLIENT_ERRORS[pgCode];
      request.log.warn({ err: error }, 'database rejected client input');
      return reply.status(status).send({ error: message });
    }
    const status = error.statusCode ?? 500;
    if (error.code === 'FST_FILES_LIMIT') {
      return reply.status(400).send({ error: ONE_FILE_ONLY, details: { file: ONE_FILE_ONLY } });
    }
    // A file over its limit is "Die Datei ist zu groß"; any other body (JSON over 1 MB, too
    // many multipart parts or fields) is "Die Anfrage ist zu groß" (decision 0504).
    if (error.code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply.status(413).send({ error: ERROR_CATALOGUE.PAYLOAD_TOO_LARGE[1] });
    }
    if (status === 413) {
      return reply.status(413).send({ error: ERROR_CATALOGUE.REQUEST_TOO_LARGE[1] });
    }
    if (status === 415 || error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send({ error: ERROR_CATALOGUE.UNSUPPORTED_MEDIA_TYPE[1] });
    }
    if (status === 429) {
      return reply.status(429).send({ error: ERROR_CATALOGUE.TOO_MANY_REQUESTS[1] });
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ error: ERROR_CATALOGUE.MALFORMED_REQUEST[1] });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ error: ERROR_CATALOGUE.INTERNAL[1] });
  });
}
