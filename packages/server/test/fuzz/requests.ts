import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { applyMutation, mutationsArbitrary } from './mutations.js';
import { type Operation, operationKey } from './operations.js';
import type { Pools } from './owners.js';
import type { Body, FuzzRequest, Part } from './request-shape.js';
import { HOSTILE_STRINGS, hostile, type IdRef, isIdRef, objectFor, type TableHint, valueFor } from './values.js';
import type { Principal, World } from './world.js';

/**
 * The few ids whose table cannot be read from the path or field name. Everything else is
 * inferred (`/api/customers/{id}` → customers, `time_entry_ids` → time_entries).
 */
const ID_TABLE_OVERRIDES: Record<string, Record<string, string>> = {
  // Wiki "projects" are wiki entries shown as references (decision 0144), not rows of `projects`.
  'PUT /api/wiki/projects/{id}/featured': { id: 'wiki_entries' },
};

function tableNamed(word: string, tables: string[], context?: string): string | null {
  const base = word
    .replace(/-/g, '_')
    .replace(/^from_/, '')
    .toLowerCase();
  const forms = [base, `${base}s`, base.replace(/y$/, 'ies')];
  for (const form of forms) {
    if (context && tables.includes(`${context}_${form}`)) return `${context}_${form}`;
    if (tables.includes(form)) return form;
  }
  const bySuffix = tables.filter((t) => forms.some((f) => t.endsWith(`_${f}`)));
  return bySuffix.find((t) => context && t.startsWith(`${context}_`)) ?? bySuffix[0] ?? null;
}

/** Which table an id parameter or field of this operation refers to (null: unknown, any table). */
export function tableHintFor(op: Operation, tables: string[]): TableHint {
  const overrides = ID_TABLE_OVERRIDES[operationKey(op)] ?? {};
  const segments = op.path.split('/').filter(Boolean);
  return (name) => {
    if (overrides[name]) return overrides[name];
    const stem = name.replace(/(_ids?|Ids?)$/, '');
    if (stem !== name && stem !== '') return tableNamed(stem.replace(/([a-z])([A-Z])/g, '$1_$2'), tables);
    // `id` / `ids`: the nearest path segment before the parameter that names a table.
    const at = segments.indexOf(`{${name}}`);
    const before = at === -1 ? segments : segments.slice(0, at);
    for (let i = before.length - 1; i >= 0; i--) {
      if (before[i].startsWith('{')) continue;
      const found = tableNamed(before[i], tables, before[i - 1]);
      if (found) return found;
    }
    return null;
  };
}

const TINY_PNG =
  '\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4\x89\x00\x00\x00\rIDATx\x9cc\xf8\xff\xff?\x00\x05\xfe\x02\xfe\xa7\x35\x81\x84\x00\x00\x00\x00IEND\xaeB`\x82';
const CONTENTS: Array<[string, string]> = [
  ['image/png', TINY_PNG],
  ['image/jpeg', '\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00\xff\xd9'],
  ['application/pdf', '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'],
  ['text/plain', 'Einkaufsliste: Milch, Brot 🍞'],
  ['text/html', '<script>alert(1)</script>'],
  ['application/octet-stream', ''],
  ['application/x-msdownload', 'MZ\x90\x00\x03\x00\x00\x00'],
];

const partArbitrary: fc.Arbitrary<Part> = fc.record({
  name: fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom('file', 'logo') },
    { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  ),
  filename: fc.option(
    fc.oneof(
      {
        weight: 4,
        arbitrary: fc.constantFrom('plan.pdf', 'Grundriss Küche.png', 'a.txt', '.htaccess', 'x'.repeat(300)),
      },
      { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_STRINGS.filter((s) => s.length < 100)) },
    ),
    { nil: undefined, freq: 6 },
  ),
  ...(() => {
    const content = fc.constantFrom(...CONTENTS);
    return { contentType: content.map(([type]) => type), content: content.map(([, bytes]) => bytes) };
  })(),
});

function bodyArbitrary(op: Operation, hint: TableHint): fc.Arbitrary<Body> {
  const none = fc.constant<Body>({ kind: 'none' });
  const raw = fc.constantFrom<Body>(
    { kind: 'raw', contentType: 'application/json', text: '{"unterbrochen": ' },
    { kind: 'raw', contentType: 'application/json', text: '' },
    { kind: 'raw', contentType: 'application/json', text: '{"__proto__": {"admin": true}}' },
    { kind: 'raw', contentType: 'application/json', text: '{"constructor": {"prototype": {"admin": true}}}' },
    { kind: 'raw', contentType: 'text/plain', text: 'Hallo' },
    { kind: 'raw', contentType: 'application/x-www-form-urlencoded', text: 'a=1&b=%00' },
  );
  const multipart = fc
    .array(partArbitrary, { minLength: 0, maxLength: 2 })
    .map<Body>((parts) => ({ kind: 'multipart', parts }));
  if (op.body) {
    const json = objectFor(op.body.schema, hint).map<Body>((value) => ({ kind: 'json', value }));
    return fc.oneof({ weight: 24, arbitrary: json }, { weight: 1, arbitrary: none }, { weight: 1, arbitrary: raw });
  }
  if (op.multipart) {
    return fc.oneof(
      { weight: 8, arbitrary: multipart },
      { weight: 1, arbitrary: none },
      { weight: 1, arbitrary: hostile.map<Body>((value) => ({ kind: 'json', value })) },
    );
  }
  return fc.oneof({ weight: 12, arbitrary: none }, { weight: 1, arbitrary: raw });
}

/** One request for `op` as `principal`: schema-shaped values with hostile ones mixed in. */
export function requestArbitrary(op: Operation, principal: Principal, tables: string[]): fc.Arbitrary<FuzzRequest> {
  const hint = tableHintFor(op, tables);
  const params: Record<string, fc.Arbitrary<unknown>> = {};
  for (const p of op.pathParams) params[p.name] = valueFor(p.schema, p.name, hint);
  const query: Record<string, fc.Arbitrary<unknown>> = {};
  for (const p of op.queryParams) query[p.name] = valueFor(p.schema, p.name, hint);
  const valid: fc.Arbitrary<FuzzRequest> = fc.record({
    principal: fc.constant(principal),
    params: fc.record(params),
    query: fc.record(query, { requiredKeys: op.queryParams.filter((p) => p.required).map((p) => p.name) }),
    body: bodyArbitrary(op, hint),
  });
  return fc.tuple(valid, mutationsArbitrary).map(([request, mutations]) => mutations.reduce(applyMutation, request));
}

/** The id an IdRef stands for now: rows of the principal, of the other customer, any, or none. */
function resolveId(ref: IdRef, principal: Principal, world: World): number {
  const pools: Pools = world.pools;
  const rows = ref.table ? (pools.get(ref.table) ?? []) : [...pools.values()].flat();
  const self = world.customerOf(principal) ?? world.customerIds.A;
  const other = self === world.customerIds.A ? world.customerIds.B : world.customerIds.A;
  const chosen =
    ref.$id === 'own'
      ? rows.filter((r) => r.owner === self)
      : ref.$id === 'other'
        ? rows.filter((r) => r.owner === other)
        : ref.$id === 'any'
          ? rows
          : [];
  const from = chosen.length > 0 ? chosen : ref.$id === 'unknown' ? [] : rows;
  if (from.length === 0) return 2_000_000_000 + (ref.pick % 1000);
  return from[ref.pick % from.length].id;
}

function resolve(value: unknown, principal: Principal, world: World): unknown {
  if (isIdRef(value)) return resolveId(value, principal, world);
  if (Array.isArray(value)) return value.map((v) => resolve(v, principal, world));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      Object.defineProperty(out, key, {
        value: resolve((value as Record<string, unknown>)[key], principal, world),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  }
  return value;
}

/** encodeURIComponent that also writes lone surrogates (as the bytes a careless client would send). */
export function encodeComponent(value: string): string {
  let out = '';
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (char.length === 1 && code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else out += encodeURIComponent(char);
  }
  return out;
}

const asText = (value: unknown) =>
  typeof value === 'string'
    ? value
    : value === null
      ? ''
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);

function queryString(query: Record<string, unknown>): string {
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) pairs.push(`${encodeComponent(key)}=${encodeComponent(asText(v))}`);
  }
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
}

function multipartPayload(parts: Part[]) {
  const boundary = '----butlerfuzz7c1f';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let header = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name.replace(/"/g, '%22')}"`;
    if (part.filename !== undefined) header += `; filename="${part.filename.replace(/"/g, '%22')}"`;
    header += `\r\nContent-Type: ${part.contentType}\r\n\r\n`;
    chunks.push(Buffer.from(header, 'utf8'), Buffer.from(part.content, 'latin1'), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The concrete request (ids resolved against the current data) as app.inject options. */
export function toInject(op: Operation, request: FuzzRequest, world: World): InjectOptions & { url: string } {
  const params = resolve(request.params, request.principal, world) as Record<string, unknown>;
  const query = resolve(request.query, request.principal, world) as Record<string, unknown>;
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name) => encodeComponent(asText(params[name])));
  const headers: Record<string, string> = {};
  const token = world.tokens[request.principal];
  if (token) headers.authorization = `Bearer ${token}`;
  let payload: string | Buffer | undefined;
  const body = request.body;
  if (body.kind === 'json') {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(resolve(body.value, request.principal, world)) ?? 'null';
  } else if (body.kind === 'raw') {
    headers['content-type'] = body.contentType;
    payload = body.text;
  } else if (body.kind === 'multipart') {
    const built = multipartPayload(body.parts);
    headers['content-type'] = built.contentType;
    payload = built.payload;
  }
  return { method: op.method as InjectOptions['method'], url: path + queryString(query), headers, payload };
}
