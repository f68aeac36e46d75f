import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, ERROR_CATALOGUE } from './errors.js';

/**
 * Characters no text column can hold: PostgreSQL refuses U+0000 in text and jsonb, and a
 * lone UTF-16 surrogate (JSON allows `"\ud800"`) would be written as U+FFFD by Node's
 * UTF-8 encoder, silently changing what the client sent.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding U+0000 is the point.
const FORBIDDEN = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const FIELD_HAS_FORBIDDEN_CHARACTER = 'Dieses Feld enthält ein unzulässiges Zeichen';
export const FILENAME_HAS_FORBIDDEN_CHARACTER = 'Der Dateiname enthält ein unzulässiges Zeichen';
/** At most this many fields are named in one answer. */
const MAX_DETAILS = 20;

export function hasForbiddenCharacter(value: string): boolean {
  return FORBIDDEN.test(value);
}

/** A field name fit for `details`: the forbidden characters written as \uXXXX. */
function printable(key: string): string {
  return key.replace(new RegExp(FORBIDDEN.source, 'g'), (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * Every string (values and keys) of a parsed body, query or params object with a forbidden
 * character, as `details` keyed like the validation errors (`items.0.description`, `_` for
 * the whole value). Iterative, so a deeply nested body cannot exhaust the stack.
 */
export function forbiddenCharacterFields(root: unknown, details: Record<string, string> = {}) {
  const stack: Array<[unknown, string]> = [[root, '']];
  while (stack.length > 0 && Object.keys(details).length < MAX_DETAILS) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'string') {
      if (hasForbiddenCharacter(value)) details[path || '_'] ??= FIELD_HAS_FORBIDDEN_CHARACTER;
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push([value[i], path ? `${path}.${i}` : String(i)]);
    } else if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
      for (const key of Object.keys(value)) {
        const child = path ? `${path}.${printable(key)}` : printable(key);
        if (hasForbiddenCharacter(key)) details[child] ??= FIELD_HAS_FORBIDDEN_CHARACTER;
        stack.push([(value as Record<string, unknown>)[key], child]);
      }
    }
  }
  return details;
}

function refuse(details: Record<string, string>): AppError {
  return new AppError('INVALID_CHARACTER', ERROR_CATALOGUE.INVALID_CHARACTER[1], details);
}

type Part = { type?: string; fieldname?: string; filename?: string; value?: unknown; fields?: Record<string, unknown> };

/** A multipart part's field name, file name and (for plain fields) value. */
function partDetails(part: Part, details: Record<string, string>) {
  const field = printable(part.fieldname ?? '') || '_';
  if (part.fieldname && hasForbiddenCharacter(part.fieldname)) details[field] = FIELD_HAS_FORBIDDEN_CHARACTER;
  if (typeof part.filename === 'string' && hasForbiddenCharacter(part.filename)) {
    details[field] = FILENAME_HAS_FORBIDDEN_CHARACTER;
  }
  if (part.type === 'field' && typeof part.value === 'string' && hasForbiddenCharacter(part.value)) {
    details[field] = FIELD_HAS_FORBIDDEN_CHARACTER;
  }
}

/** The part itself and the fields that came before it (`part.fields`). */
function checkPart(part: Part | undefined) {
  if (!part) return;
  const details: Record<string, string> = {};
  partDetails(part, details);
  for (const other of Object.values(part.fields ?? {})) {
    for (const entry of [other].flat() as Part[]) if (entry && typeof entry === 'object') partDetails(entry, details);
  }
  if (Object.keys(details).length > 0) throw refuse(details);
}

/**
 * Multipart bodies are read by the handler (request.file(), parts(), files()); wrapping
 * those readers checks each part as it arrives, for every upload route at once.
 */
function guardMultipart(request: FastifyRequest) {
  const r = request as unknown as Record<string, any>;
  if (typeof r.isMultipart !== 'function' || !r.isMultipart()) return;
  if (typeof r.file === 'function') {
    const original = r.file;
    r.file = async function (this: unknown, ...args: unknown[]) {
      const part = await original.apply(this, args);
      checkPart(part);
      return part;
    };
  }
  for (const name of ['parts', 'files']) {
    if (typeof r[name] !== 'function') continue;
    const original = r[name];
    r[name] = async function* (this: unknown, ...args: unknown[]) {
      for await (const part of original.apply(this, args)) {
        checkPart(part);
        yield part;
      }
    };
  }
}

/**
 * The one place that keeps characters PostgreSQL cannot store out of every /api route:
 * params, query and body (and multipart parts) are checked before validation, so no
 * handler, query or search ever sees them. German 400 naming the fields.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (!request.routeOptions.config?.access) return;
    const details: Record<string, string> = {};
    forbiddenCharacterFields(request.params, details);
    forbiddenCharacterFields(request.query, details);
    forbiddenCharacterFields(request.body, details);
    if (Object.keys(details).length > 0) throw refuse(details);
    guardMultipart(request);
  });
}
