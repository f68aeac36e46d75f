import fc from 'fast-check';
import type { FuzzRequest } from './request-shape.js';
import { hostile, isIdRef } from './values.js';

/**
 * One targeted change to an otherwise valid request, so the hostile value travels as deep
 * as validation lets it (a NUL in one field of a valid body reaches the SQL).
 */
export type Mutation = {
  target: 'params' | 'query' | 'body';
  /** Which value of the target (index into its value paths, modulo their number). */
  at: number;
  kind: 'replace' | 'add-key' | 'remove' | 'wrap-in-array' | 'wrap-in-object';
  key: string;
  value: unknown;
};

export const mutationArbitrary: fc.Arbitrary<Mutation> = fc.record({
  target: fc.constantFrom<Mutation['target']>('params', 'query', 'body', 'body'),
  at: fc.nat(1000),
  kind: fc.constantFrom<Mutation['kind']>(
    'replace',
    'replace',
    'replace',
    'replace',
    'add-key',
    'remove',
    'wrap-in-array',
    'wrap-in-object',
  ),
  key: fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'unbekannt',
    'id',
    'customer_id',
    'created_by',
    'is_admin',
  ),
  value: hostile,
});

/** Mostly one mutation, sometimes none (the valid request itself), sometimes a few. */
export const mutationsArbitrary = fc.oneof(
  { weight: 1, arbitrary: fc.constant<Mutation[]>([]) },
  { weight: 5, arbitrary: fc.array(mutationArbitrary, { minLength: 1, maxLength: 1 }) },
  { weight: 1, arbitrary: fc.array(mutationArbitrary, { minLength: 2, maxLength: 3 }) },
);

type Path = Array<string | number>;

const isContainer = (value: unknown): value is Record<string, unknown> | unknown[] =>
  value !== null && typeof value === 'object' && !isIdRef(value);

/** Every value below `root` (containers too), depth-first, keys in their order. */
function valuePaths(root: unknown, prefix: Path = []): Path[] {
  if (!isContainer(root)) return [];
  const out: Path[] = [];
  const keys = Array.isArray(root) ? root.map((_, i) => i) : Object.keys(root);
  for (const key of keys) {
    const path = [...prefix, key];
    out.push(path, ...valuePaths((root as any)[key], path));
  }
  return out;
}

/** A deep copy that keeps own `__proto__` keys and id references as they are. */
function clone<T>(value: T): T {
  if (!isContainer(value)) return value;
  if (Array.isArray(value)) return value.map(clone) as T;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) define(out, key, clone((value as Record<string, unknown>)[key]));
  return out as T;
}

function define(target: Record<string, unknown>, key: string, value: unknown) {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function setAt(container: any, key: string | number, value: unknown) {
  if (Array.isArray(container)) container[key as number] = value;
  else define(container, String(key), value);
}

/** Applies one mutation to a copy of the request; the body is mutated only when it is JSON. */
export function applyMutation(request: FuzzRequest, wanted: Mutation): FuzzRequest {
  const next: FuzzRequest = {
    ...request,
    params: clone(request.params),
    query: clone(request.query),
    body: clone(request.body),
  };
  // A target the operation does not have (no body on a GET) falls back to one it has.
  const available = (['params', 'query', 'body'] as const).filter((t) =>
    t === 'body' ? next.body.kind === 'json' : t === 'query' || Object.keys(next.params).length > 0,
  );
  const mutation = available.includes(wanted.target as never)
    ? wanted
    : { ...wanted, target: available[wanted.at % available.length] };
  if (mutation.target === 'body') {
    if (next.body.kind !== 'json') return next;
    // The body itself may be replaced (an array or a string where an object belongs).
    const holder = { value: next.body.value };
    applyAt(holder, mutation, false);
    next.body = { kind: 'json', value: holder.value };
    return next;
  }
  applyAt(next[mutation.target], mutation, mutation.target === 'query');
  return next;
}

/** `rootTakesKeys`: the query takes unknown parameters; params and the body holder do not. */
function applyAt(root: Record<string, unknown>, mutation: Mutation, rootTakesKeys: boolean) {
  const paths = valuePaths(root);
  const objects = paths.filter((p) => isContainer(get(root, p)) && !Array.isArray(get(root, p)));
  const containers: Path[] = rootTakesKeys ? [[], ...objects] : objects;
  if (mutation.kind === 'add-key') {
    if (containers.length === 0) return;
    const path = containers[mutation.at % containers.length];
    setAt(get(root, path), mutation.key, mutation.value);
    return;
  }
  if (paths.length === 0) return;
  const path = paths[mutation.at % paths.length];
  const parent = get(root, path.slice(0, -1)) as any;
  const key = path[path.length - 1];
  const current = parent[key];
  if (mutation.kind === 'replace') setAt(parent, key, mutation.value);
  else if (mutation.kind === 'wrap-in-array') setAt(parent, key, [current]);
  else if (mutation.kind === 'wrap-in-object') setAt(parent, key, { value: current });
  else if (Array.isArray(parent)) parent.splice(key as number, 1);
  else delete parent[key];
}

function get(root: unknown, path: Path): unknown {
  return path.reduce<any>((value, key) => value?.[key], root);
}
