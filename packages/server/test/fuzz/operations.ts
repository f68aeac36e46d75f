import type { RouteAccess } from '../../src/lib/access.js';

/** A JSON schema as the OpenAPI document (3.0, from zod) writes it. */
export type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  multipleOf?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  default?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  $ref?: string;
  [key: string]: unknown;
};

export type Param = { name: string; in: 'path' | 'query'; required: boolean; schema: Schema };

export type Operation = {
  method: string;
  /** OpenAPI form, `/api/customers/{id}`: the key the reports and `--route` use. */
  path: string;
  access: RouteAccess['access'];
  pathParams: Param[];
  queryParams: Param[];
  /** JSON request body, if the route documents one. */
  body: { schema: Schema; required: boolean } | null;
  /** Documented as a multipart upload (lib/openapi.ts). */
  multipart: boolean;
  /** Declared answers: status → JSON schema (null: declared without a JSON body, e.g. a PDF). */
  responses: Record<string, Schema | null>;
};

export const operationKey = (op: Pick<Operation, 'method' | 'path'>) => `${op.method} ${op.path}`;

type OpenApiDoc = { paths: Record<string, Record<string, any>>; components?: { schemas?: Record<string, Schema> } };

/** `/api/customers/:id` (Fastify) → `/api/customers/{id}` (OpenAPI). */
const toOpenApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/**
 * Every /api operation of the portal's own OpenAPI document, with the access the route
 * declares. A route another engineer adds appears here without any change to the fuzzer.
 */
export function operationsFrom(doc: OpenApiDoc, routes: RouteAccess[]): Operation[] {
  const access = new Map(routes.map((r) => [`${r.method} ${toOpenApiPath(r.url)}`, r.access]));
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    if (!path.startsWith('/api/') || path.startsWith('/api/docs')) continue;
    for (const [lower, op] of Object.entries(item)) {
      const method = lower.toUpperCase();
      if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) continue;
      const declared = access.get(`${method} ${path}`);
      if (!declared) throw new Error(`${method} ${path} is in the OpenAPI document but declares no access`);
      const params: Param[] = (op.parameters ?? []).map((p: any) => ({
        name: p.name,
        in: p.in,
        required: Boolean(p.required),
        schema: p.schema ?? {},
      }));
      const json = op.requestBody?.content?.['application/json'];
      const documentedMultipart = Boolean(op.requestBody?.content?.['multipart/form-data']);
      const responses: Record<string, Schema | null> = {};
      for (const [status, answer] of Object.entries<any>(op.responses ?? {})) {
        responses[status] = answer?.content?.['application/json']?.schema ?? null;
      }
      ops.push({
        method,
        path,
        access: declared,
        pathParams: params.filter((p) => p.in === 'path'),
        queryParams: params.filter((p) => p.in === 'query'),
        body: json ? { schema: json.schema ?? {}, required: Boolean(op.requestBody.required) } : null,
        multipart: documentedMultipart,
        responses,
      });
    }
  }
  return ops.sort((a, b) => operationKey(a).localeCompare(operationKey(b)));
}

/**
 * OpenAPI 3.0 → JSON Schema draft-07 for Ajv: `nullable` becomes a null alternative and a
 * boolean `exclusiveMinimum` becomes the number it qualifies.
 */
export function toJsonSchema(schema: Schema): Schema {
  if (Array.isArray(schema)) return schema.map(toJsonSchema) as unknown as Schema;
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'nullable' || key === 'exclusiveMinimum' || key === 'exclusiveMaximum') continue;
    if (key === 'properties' || key === 'patternProperties') {
      out[key] = Object.fromEntries(
        Object.entries(value as Record<string, Schema>).map(([k, v]) => [k, toJsonSchema(v)]),
      );
    } else if (value !== null && typeof value === 'object') out[key] = toJsonSchema(value as Schema);
    else out[key] = value;
  }
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    const value = schema[flag];
    if (value === true && typeof schema[bound] === 'number') {
      out[flag] = schema[bound];
      delete out[bound];
    } else if (typeof value === 'number') out[flag] = value;
  }
  if (schema.$ref) out.$ref = schema.$ref.replace('#/components/schemas/', 'components#/schemas/');
  if (schema.nullable) return { anyOf: [out, { type: 'null' }] };
  return out;
}
