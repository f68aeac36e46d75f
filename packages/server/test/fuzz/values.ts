import fc from 'fast-check';
import type { Schema } from './operations.js';

/**
 * Values for requests, generated from the OpenAPI schemas: valid ones (so requests get past
 * validation into services and SQL), and the hostile values mutations.ts puts into them.
 */

/** A reference to a row, resolved against the live database when the request is sent. */
export type IdRef = { $id: 'own' | 'other' | 'any' | 'unknown'; table: string | null; pick: number };
export const isIdRef = (value: unknown): value is IdRef =>
  typeof value === 'object' && value !== null && '$id' in value && 'pick' in value;

const TEN_THOUSAND = 'Wörter '.repeat(1430).slice(0, 10_000);
/** Hostile strings (also file and field names of uploads). */
export const HOSTILE_STRINGS = [
  '\u0000',
  'Hu\u0000ber',
  '\ud800',
  'Text\udfff',
  '\udc00\ud800',
  TEN_THOUSAND,
  'x'.repeat(10_000),
  '😀👨‍👩‍👧‍👦🇦🇹',
  'مرحبا بالعالم שלום',
  '\u202eGNUREIHCAR\u202c',
  '',
  '   ',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '9007199254740993',
  '-9007199254740993',
  '0000-00-00',
  '2026-02-30',
  '9999-12-31',
  '0001-01-01',
  '2026-13-01',
  '__proto__',
  'constructor',
  "'; DROP TABLE customers; --",
  '%',
  '_',
  '\\',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  'null',
  'true',
  '-1',
  '0',
  '1.5',
  '0x10',
];
export const HOSTILE_NUMBERS = [
  2 ** 53,
  -(2 ** 53),
  2 ** 53 + 2,
  2_147_483_648,
  -2_147_483_649,
  0,
  -1,
  0.1,
  1.005,
  1e308,
  -1e308,
  5e-324,
];

/** An object with own `__proto__` / `constructor` keys (a literal would set the prototype instead). */
function pollutingObject(inner: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of ['__proto__', 'constructor', 'prototype']) {
    Object.defineProperty(out, key, { value: inner, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/**
 * Hostile values by kind, each kind equally likely: characters PostgreSQL cannot store,
 * long and exotic text, edge numbers, number-ish and date-ish strings, wrong shapes.
 */
export const hostile: fc.Arbitrary<unknown> = fc.oneof(
  // What broke the portal before (decision 0381) weighs double.
  { weight: 2, arbitrary: fc.constantFrom('\u0000', 'Hu\u0000ber', '\ud800', 'Text\udfff', '\udc00\ud800') },
  fc.constantFrom(TEN_THOUSAND, 'x'.repeat(10_000)),
  fc.constantFrom('😀👨‍👩‍👧‍👦🇦🇹', 'مرحبا بالعالم שלום', '\u202eGNUREIHCAR\u202c', '', '   '),
  fc.constantFrom(...HOSTILE_NUMBERS),
  fc.constantFrom('NaN', 'Infinity', '-Infinity', '1e309', '9007199254740993', '-1', '1.5', '0x10'),
  fc.constantFrom('0000-00-00', '2026-02-30', '9999-12-31', '0001-01-01', '2026-13-01'),
  fc.constantFrom("'; DROP TABLE customers; --", '%', '_', '\\', '<script>alert(1)</script>', '../../etc/passwd'),
  fc.constantFrom<unknown>(true, false, null, [], {}, [1, 2], { 0: 'a' }, [null]),
  fc.constantFrom('__proto__', 'constructor').map(pollutingObject),
);

const isoDate = (d: Date) => d.toISOString().slice(0, 10);
/** Valid dates around today (periods, terms, invoices), month ends and leap days included. */
const validDate = fc.oneof(
  fc
    .date({ min: new Date('2024-01-01T00:00:00Z'), max: new Date('2028-12-31T00:00:00Z'), noInvalidDate: true })
    .map(isoDate),
  fc.constantFrom('2024-02-29', '2026-01-31', '2026-12-31', '2027-03-31'),
);

/** Table an id-like name points at, resolved by the world (null: any table). */
export type TableHint = (name: string) => string | null;

const ID_NAME = /^(id|ids|.+_ids?|.+Id)$/;

/** Ids: own rows, the other customer's, any, unknown (resolved at send time). */
export function idArbitrary(table: string | null): fc.Arbitrary<IdRef> {
  return fc.record({
    $id: fc.constantFrom<IdRef['$id']>('own', 'own', 'other', 'other', 'any', 'unknown'),
    table: fc.constant(table),
    pick: fc.nat(10_000),
  });
}

const WORDS = [
  'Maria',
  'Gruber',
  'Garten',
  'Haus',
  'Jänner',
  'Einkauf',
  'Straße',
  'Wien',
  'Größe',
  'Köchin',
  'Büro',
  'Termin',
  'Arzt',
  '12',
  '3/4',
];
/** Text a person would type: German words, now and then any Unicode (emoji, other scripts). */
const words = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 4 }).map((w) => w.join(' '));

function fitted(text: fc.Arbitrary<string>, min: number, max: number) {
  return text.map((t) => (t.length >= min ? t : t.padEnd(min, '.')).slice(0, max));
}

function stringArbitrary(schema: Schema, name: string): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.max(min, Math.min(schema.maxLength ?? 60, 60));
  if (schema.pattern === '^\\d{4}-\\d{2}-\\d{2}$' || /(_date|date|_at)$/.test(name)) return validDate;
  if (schema.pattern)
    return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= (schema.maxLength ?? 1e9));
  if (schema.format === 'email' || /email/.test(name)) {
    return fc.tuple(fc.stringMatching(/^[a-z]{2,12}$/), fc.nat(999_999)).map(([who, n]) => `${who}.${n}@example.at`);
  }
  if (/link|url/.test(name)) return fc.stringMatching(/^[a-z]{1,12}$/).map((path) => `https://example.at/${path}`);
  return fc.oneof(
    { weight: 4, arbitrary: fitted(words, min, max) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: Math.max(min, 1), maxLength: max }) },
  );
}

function numberArbitrary(schema: Schema): fc.Arbitrary<number> {
  const exclusiveMin = schema.exclusiveMinimum === true ? schema.minimum : undefined;
  const low = Math.max(schema.minimum ?? -1000, -1_000_000);
  const high = Math.min(schema.maximum ?? 1000, 1_000_000);
  const ok = (n: number) => n >= low && n <= high && n !== exclusiveMin;
  if (schema.type === 'integer') {
    return fc.integer({ min: Math.ceil(low), max: Math.floor(high) }).filter(ok);
  }
  // Small whole numbers and round figures pass most rules (tax rates 0/10/20, hours in halves);
  // quarters and cents reach the rounding.
  return fc
    .oneof(
      { weight: 3, arbitrary: fc.integer({ min: 0, max: 40 }) },
      { weight: 2, arbitrary: fc.constantFrom(0, 1, 2, 5, 10, 20, 50, 100, 0.5, 1.5) },
      { weight: 1, arbitrary: fc.integer({ min: -400, max: 4000 }).map((n) => n / 4) },
      { weight: 1, arbitrary: fc.integer({ min: -100_000, max: 100_000 }).map((n) => n / 100) },
    )
    .map((n) => Math.min(high, Math.max(low, n)))
    .filter(ok);
}

/**
 * Values for `schema`. `name` is the property or parameter name (ids and dates are
 * recognised by it), `tableFor` maps id names to tables.
 */
export function valueFor(schema: Schema, name: string, tableFor: TableHint, depth = 0): fc.Arbitrary<unknown> {
  if (schema.anyOf || schema.oneOf) {
    const options = (schema.anyOf ?? schema.oneOf)!.map((s) => valueFor(s, name, tableFor, depth + 1));
    return withNull(schema, fc.oneof(...options));
  }
  if (schema.enum) return withNull(schema, fc.constantFrom(...schema.enum));
  if (schema.const !== undefined) return fc.constant(schema.const);
  const type = [schema.type].flat()[0];
  if ((type === 'integer' || type === 'number' || type === undefined) && ID_NAME.test(name) && depth < 3) {
    return withNull(schema, idArbitrary(tableFor(name)));
  }
  switch (type) {
    case 'string':
      return withNull(schema, stringArbitrary(schema, name));
    case 'integer':
    case 'number':
      return withNull(schema, numberArbitrary(schema));
    case 'boolean':
      return withNull(schema, fc.boolean());
    case 'array': {
      const items =
        ID_NAME.test(name) && schema.items
          ? idArbitrary(tableFor(name))
          : valueFor(schema.items ?? {}, name, tableFor, depth + 1);
      const array = fc.array(items, {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 4, 4)),
      });
      return withNull(schema, array);
    }
    case 'object':
      return withNull(schema, objectFor(schema, tableFor, depth));
    default:
      return fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.boolean());
  }
}

function withNull(schema: Schema, arbitrary: fc.Arbitrary<unknown>) {
  return schema.nullable ? fc.oneof({ weight: 6, arbitrary }, { weight: 1, arbitrary: fc.constant(null) }) : arbitrary;
}

/** Objects: required keys present, optional ones sometimes (hostile shapes come from mutations.ts). */
export function objectFor(schema: Schema, tableFor: TableHint, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const required = new Set(schema.required ?? []);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, child] of Object.entries(schema.properties ?? {})) {
    const value = valueFor(child, key, tableFor, depth + 1);
    // Optional fields mostly left out: each carries rules the schema cannot show (a UID, an IBAN).
    model[key] = required.has(key)
      ? value
      : fc.oneof({ weight: 2, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: value });
  }
  return fc.record(model).map((object) => {
    for (const key of Object.keys(object)) if (object[key] === undefined) delete object[key];
    return object;
  });
}
