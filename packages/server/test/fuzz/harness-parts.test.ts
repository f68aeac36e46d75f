import { describe, expect, it } from 'vitest';
import { applyMutation } from './mutations.js';
import { toJsonSchema } from './operations.js';
import { isGermanText } from './oracle.js';
import type { FuzzRequest } from './request-shape.js';

/** The fuzzer's own parts: a wrong oracle or a mutation that never lands would hide findings. */
describe('fuzz harness parts', () => {
  it('tells German sentences from framework English', () => {
    for (const text of ['Kunde nicht gefunden', 'Unbekannter Status (queued, sent oder failed)', 'Ungültige ID']) {
      expect(isGermanText(text), text).toBe(true);
    }
    for (const text of ['Bad Request', 'body must be object', 'Unexpected end of JSON input', '', 'x', 42]) {
      expect(isGermanText(text), String(text)).toBe(false);
    }
  });

  it('turns OpenAPI 3.0 nullable and boolean exclusiveMinimum into JSON Schema', () => {
    expect(toJsonSchema({ type: 'integer', minimum: 0, exclusiveMinimum: true, nullable: true })).toEqual({
      anyOf: [{ type: 'integer', exclusiveMinimum: 0 }, { type: 'null' }],
    });
    expect(toJsonSchema({ type: 'object', properties: { a: { type: 'string', nullable: true } } })).toEqual({
      type: 'object',
      properties: { a: { anyOf: [{ type: 'string' }, { type: 'null' }] } },
    });
  });

  it('mutations land: an own __proto__ key survives into the JSON, a body-less GET mutates its query', () => {
    const request: FuzzRequest = {
      principal: 'admin',
      params: {},
      query: { page: 1 },
      body: { kind: 'json', value: { name: 'Garten', items: [{ description: 'a' }] } },
    };
    const added = applyMutation(request, { target: 'body', at: 0, kind: 'add-key', key: '__proto__', value: '\u0000' });
    expect(JSON.stringify((added.body as { value: unknown }).value)).toContain('"__proto__":"\\u0000"');
    expect(JSON.stringify((request.body as { value: unknown }).value)).not.toContain('__proto__');

    const get: FuzzRequest = { ...request, body: { kind: 'none' } };
    const replaced = applyMutation(get, { target: 'body', at: 0, kind: 'replace', key: 'x', value: 'NaN' });
    expect(replaced.query).toEqual({ page: 'NaN' });
  });
});
