import { Ajv, type ValidateFunction } from 'ajv';
import type { LightMyRequestResponse } from 'fastify';
import { type Operation, type Schema, toJsonSchema } from './operations.js';
import { permits } from './permits.js';
import { MARKER, type Principal, type World } from './world.js';

/** Words that give away an English (framework) message where a German sentence belongs. */
const ENGLISH =
  /\b(the|is|are|must|should|expected|invalid|required|not found|error|request|body|querystring|params|unexpected|unsupported|failed|cannot|missing|property|undefined|null|object|array|string)\b/i;

export function isGermanText(text: unknown): boolean {
  if (typeof text !== 'string' || text.trim().length < 2 || !/\p{L}/u.test(text)) return false;
  // Values a sentence quotes or lists in parentheses ("(queued, sent oder failed)") are codes, not prose.
  const prose = text.replace(/\([^)]*\)|"[^"]*"|„[^“]*“/g, '');
  return !ENGLISH.test(prose);
}

/** Magic bytes of the binary answers (a 200 that claims a PDF must be one). */
const MAGIC: Array<[RegExp, (body: Buffer) => boolean]> = [
  [/^application\/pdf/, (b) => b.subarray(0, 5).toString('latin1') === '%PDF-'],
  [/^image\/png/, (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))],
  [/^image\/jpeg/, (b) => b[0] === 0xff && b[1] === 0xd8],
  [/^application\/zip/, (b) => b.subarray(0, 4).toString('latin1') === 'PK\x03\x04'],
  [/^(application|text)\/xml/, (b) => b.toString('utf8').trimStart().startsWith('<')],
  [/^application\/json/, (b) => (b.length === 0 ? false : isJson(b))],
];

function isJson(body: Buffer) {
  try {
    JSON.parse(body.toString('utf8'));
    return true;
  } catch {
    return false;
  }
}

const patterns = new Map<string, RegExp>();
/** `/api/customers/{id}` → a pattern of the URLs that reach exactly that route. */
function routePattern(op: Operation): RegExp {
  let pattern = patterns.get(op.path);
  if (!pattern) {
    const source = op.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+');
    pattern = new RegExp(`^${source}/?$`);
    patterns.set(op.path, pattern);
  }
  return pattern;
}

/** Checks one answer against the rules every route keeps; returns what is wrong (empty: fine). */
export class Oracle {
  private readonly ajv = new Ajv({ strict: false, allErrors: false, validateFormats: false });
  private readonly validators = new Map<Schema, ValidateFunction>();

  constructor(private readonly world: World) {}

  private validator(schema: Schema) {
    let validate = this.validators.get(schema);
    if (!validate) {
      validate = this.ajv.compile(toJsonSchema(schema));
      this.validators.set(schema, validate);
    }
    return validate;
  }

  /**
   * The rules that need only the answer. `url` is the URL sent: an empty or slash-holding
   * parameter can land on another route (`/api/customers/` is the list), whose answer this
   * operation's schema does not describe.
   */
  check(op: Operation, principal: Principal, res: LightMyRequestResponse, url: string): string[] {
    const problems: string[] = [];
    const status = res.statusCode;
    const type = String(res.headers['content-type'] ?? '');
    const body = res.rawPayload;
    if (status >= 500) problems.push(`${status} for client input`);
    if (status >= 400) {
      let json: any;
      if (!type.startsWith('application/json')) problems.push(`${status} answered as ${type || 'no content type'}`);
      try {
        json = JSON.parse(body.toString('utf8'));
      } catch {
        problems.push(`${status} body is not JSON`);
      }
      if (json !== undefined) {
        const extra = Object.keys(json ?? {}).filter((k) => !['error', 'details', 'success'].includes(k));
        if (typeof json !== 'object' || json === null || Array.isArray(json))
          problems.push(`${status} body is not an object`);
        else if (!isGermanText(json.error))
          problems.push(`${status} error is not a German sentence: ${JSON.stringify(json.error)}`);
        if (extra.length > 0) problems.push(`${status} body has extra keys ${extra.join(', ')}`);
        if (json?.details !== undefined) {
          const entries = typeof json.details === 'object' && json.details ? Object.entries(json.details) : null;
          if (!entries) problems.push(`${status} details is not an object`);
          for (const [field, message] of entries ?? []) {
            if (!isGermanText(message))
              problems.push(`${status} details.${field} is not German: ${JSON.stringify(message)}`);
          }
        }
      }
    }
    if (status < 400 && routePattern(op).test(url.split('?')[0])) problems.push(...this.checkSuccess(op, res));
    if (status < 400 && !permits(op.access, principal)) {
      problems.push(`${principal} got ${status} from a route the role table does not give them`);
    }
    return problems;
  }

  private checkSuccess(op: Operation, res: LightMyRequestResponse): string[] {
    const status = String(res.statusCode);
    const type = String(res.headers['content-type'] ?? '');
    const declared = status in op.responses ? op.responses[status] : undefined;
    // Downloads (files, PDFs, ZIPs) are not JSON and have no schema: their bytes must be what the type says.
    if (declared === null || (declared === undefined && !type.startsWith('application/json'))) {
      const magic = MAGIC.find(([pattern]) => pattern.test(type));
      if (res.rawPayload.length > 0 && magic && !magic[1](res.rawPayload))
        return [`${status} ${type} body is not ${type}`];
      return [];
    }
    if (declared === undefined) return [`${status} JSON answer is not declared in the OpenAPI document`];
    if (!type.startsWith('application/json')) return [`${status} answered as ${type}, documented as JSON`];
    let json: unknown;
    try {
      json = JSON.parse(res.body);
    } catch {
      return [`${status} body is not JSON`];
    }
    const validate = this.validator(declared);
    if (validate(json)) return [];
    const first = validate.errors?.[0];
    return [`${status} does not match its response schema: ${first?.instancePath || '/'} ${first?.message}`];
  }

  /**
   * Markers a principal must not receive. A customer (and the Butler, who looks after A
   * only): the other customer's, unless its row has since become theirs or is public by
   * design (a featured reference, decision 0145, and its files). The Butler: no invoice's
   * either. Buchhaltung: no wiki text and no notes or family data of anyone.
   */
  async leaks(principal: Principal, res: LightMyRequestResponse): Promise<string[]> {
    const problems: string[] = [];
    const found = new Set([...res.rawPayload.toString('utf8').matchAll(MARKER)].map((m) => m[0]));
    if (principal === 'accounting') {
      for (const text of found) {
        const marker = this.world.markers.get(text);
        if (marker && (marker.private || marker.table.startsWith('wiki_'))) {
          problems.push(
            `accounting received ${text} (customer ${marker.letter}'s ${marker.table}, not for Buchhaltung)`,
          );
        }
      }
      return problems;
    }
    const self = principal === 'customerA' || principal === 'butler' ? 'A' : principal === 'customerB' ? 'B' : null;
    if (!self) return [];
    const me = this.world.customerIds[self];
    for (const text of found) {
      const marker = this.world.markers.get(text);
      if (!marker) continue;
      if (principal === 'butler' && marker.table === 'invoice_items') {
        problems.push(`butler received ${text} (an invoice's text)`);
        continue;
      }
      if (marker.letter === self) continue;
      const rows = await this.world.rowsContaining(marker.table, text);
      if (!rows.some((r) => r.owner === me || r.featured)) {
        problems.push(`${principal} received ${text} (customer ${marker.letter}'s ${marker.table})`);
      }
    }
    return problems;
  }
}
