import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import swc from '@swc/core';

/**
 * Every `writeAudit(...)` call of the server's product code, read from its source (swc's
 * TypeScript parser, as `npm run check:imports` uses it): the record kind it logs and the
 * field names its before/after objects write. A field whose value is an object literal (or
 * a local variable or function that yields one) is known by name; a value the parser cannot
 * see into (a row read from the database, a parameter) is reported as a row of its entity,
 * whose table the caller knows (audit-labels.test.ts).
 */
export type AuditCallSite = {
  /** `modules/orders/orders.service.ts:391`. */
  at: string;
  /** The actions the call can log (a conditional gives two); `?` when not a literal. */
  actions: string[];
  /** The record kinds the call can log; `?` when not a literal. */
  entities: string[];
  /** Field names written by object literals. */
  fields: string[];
  /** Before or after is (or spreads) a value whose fields only its table knows. */
  rows: boolean;
};

const SRC = fileURLToPath(new URL('../src/', import.meta.url));
const SENTINEL = '0;\n';

function productFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return productFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

type Node = { type: string; span?: { start: number; end: number }; [key: string]: any };

function walk(node: unknown, visit: (n: Node) => void) {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const child of node) walk(child, visit);
    return;
  }
  const n = node as Node;
  if (typeof n.type === 'string') visit(n);
  for (const key of Object.keys(n)) if (key !== 'span') walk(n[key], visit);
}

/** A name's binding: what it stands for and the function (or module) it is visible in. */
type Binding = { value: Node; at: number; scope: [number, number] };

const FUNCTIONS = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression', 'ClassMethod']);

/**
 * The local names of one file: what each `const x = ...` stands for, in the function it is
 * declared in (the innermost visible one wins, as in the language), and what each local
 * function returns. A name bound by a pattern or a parameter stands for something the
 * parser cannot see into.
 */
function localNames(module: Node) {
  const bindings = new Map<string, Binding[]>();
  const functions = new Map<string, Node[]>();
  const unknown: Node = { type: 'Unknown' };
  const returnsOf = (body: Node): Node[] => {
    if (body.type !== 'BlockStatement') return [body];
    const found: Node[] = [];
    walk(body, (n) => {
      if (n.type === 'ReturnStatement' && n.argument) found.push(n.argument);
    });
    return found;
  };
  const visit = (node: unknown, scope: [number, number]) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const child of node) visit(child, scope);
      return;
    }
    const n = node as Node;
    const bind = (name: string, value: Node, where: [number, number] = scope) =>
      bindings.set(name, [...(bindings.get(name) ?? []), { value, at: n.span?.start ?? 0, scope: where }]);
    const bindPattern = (pattern: unknown, where: [number, number]) =>
      walk(pattern, (p) => {
        if (p.type === 'Identifier') bind(p.value, unknown, where);
      });
    let inner = scope;
    if (FUNCTIONS.has(n.type) && n.span) {
      inner = [n.span.start, n.span.end];
      for (const param of n.params ?? []) bindPattern(param.type === 'Param' ? param.pat : param, inner);
      const body = n.body ?? n.function?.body;
      if (n.type === 'FunctionDeclaration' && n.identifier && body) functions.set(n.identifier.value, returnsOf(body));
    }
    if (n.type === 'VariableDeclarator') {
      if (n.id?.type === 'Identifier') {
        bind(n.id.value, n.init ?? unknown);
        if (n.init?.type === 'ArrowFunctionExpression' || n.init?.type === 'FunctionExpression') {
          functions.set(n.id.value, returnsOf(n.init.body));
        }
      } else bindPattern(n.id, scope);
    }
    for (const key of Object.keys(n)) if (key !== 'span') visit(n[key], inner);
  };
  visit(module, [0, Number.MAX_SAFE_INTEGER]);
  /** What `name` stands for where it is used (`at`): the innermost visible binding. */
  const bound = (name: string, at: number): Node | undefined => {
    const visible = (bindings.get(name) ?? []).filter((b) => b.scope[0] <= at && at <= b.scope[1]);
    if (!visible.length) return undefined;
    const innermost = Math.max(...visible.map((b) => b.scope[0]));
    const candidates = visible.filter((b) => b.scope[0] === innermost);
    return (candidates.filter((b) => b.at <= at).pop() ?? candidates[0])!.value;
  };
  return { bound, functions };
}

type Names = ReturnType<typeof localNames>;

function literalsOf(expr: Node, names: Names, depth = 0): string[] {
  if (depth > 5) return ['?'];
  if (expr.type === 'StringLiteral') return [expr.value];
  if (expr.type === 'ParenthesisExpression' || expr.type === 'TsAsExpression') {
    return literalsOf(expr.expression, names, depth + 1);
  }
  if (expr.type === 'ConditionalExpression') {
    return [...literalsOf(expr.consequent, names, depth + 1), ...literalsOf(expr.alternate, names, depth + 1)];
  }
  if (expr.type === 'Identifier') {
    const value = names.bound(expr.value, expr.span!.start);
    if (value?.type === 'StringLiteral') return [value.value];
  }
  return ['?'];
}

/** The field names `expr` writes, and whether part of it is a value only its table describes. */
function fieldsOf(
  expr: Node | null | undefined,
  names: Names,
  out: { fields: Set<string>; rows: boolean },
  depth = 0,
): void {
  if (!expr) return;
  if (depth > 8) {
    out.rows = true;
    return;
  }
  const next = (e: Node | null | undefined): void => fieldsOf(e, names, out, depth + 1);
  switch (expr.type) {
    case 'NullLiteral':
      return;
    case 'ObjectExpression':
      for (const prop of expr.properties as Node[]) {
        if (prop.type === 'SpreadElement') next(prop.arguments);
        else if (prop.type === 'Identifier') out.fields.add(prop.value);
        else if (prop.key?.type === 'Identifier' || prop.key?.type === 'StringLiteral') out.fields.add(prop.key.value);
        else out.rows = true;
      }
      return;
    case 'ParenthesisExpression':
    case 'TsAsExpression':
    case 'TsSatisfiesExpression':
    case 'TsNonNullExpression':
    case 'TsConstAssertion':
      next(expr.expression);
      return;
    case 'AwaitExpression':
      next(expr.argument);
      return;
    case 'ConditionalExpression':
      next(expr.consequent);
      next(expr.alternate);
      return;
    case 'BinaryExpression':
      if (['??', '||', '&&'].includes(expr.operator)) {
        next(expr.left);
        next(expr.right);
        return;
      }
      break;
    case 'Identifier': {
      if (expr.value === 'undefined') return;
      const value = names.bound(expr.value, expr.span!.start);
      if (value?.type !== 'ObjectExpression') break;
      next(value);
      return;
    }
    case 'CallExpression': {
      const returns = expr.callee?.type === 'Identifier' ? names.functions.get(expr.callee.value) : undefined;
      if (returns?.length) {
        for (const r of returns) next(r);
        return;
      }
      break;
    }
  }
  out.rows = true;
}

/** Every writeAudit call of packages/server/src (tests excluded). */
export function auditCallSites(): AuditCallSite[] {
  const sites: AuditCallSite[] = [];
  for (const file of productFiles(SRC)) {
    const source = readFileSync(file, 'utf8');
    if (!source.includes('writeAudit(')) continue;
    // A first token at offset 0 gives swc's running span base of this parse.
    const module = swc.parseSync(SENTINEL + source, { syntax: 'typescript' }) as unknown as Node;
    const base = module.span!.start + SENTINEL.length;
    const bytes = Buffer.from(source, 'utf8');
    const names = localNames(module);
    walk(module, (n) => {
      if (n.type !== 'CallExpression' || n.callee?.type !== 'Identifier' || n.callee.value !== 'writeAudit') return;
      const args = n.arguments as { spread: unknown; expression: Node }[];
      const line = bytes
        .subarray(0, n.span!.start - base)
        .toString('utf8')
        .split('\n').length;
      const out = { fields: new Set<string>(), rows: false };
      const spreadAt = args.findIndex((a) => a.spread);
      if (spreadAt >= 0 && spreadAt <= 6) out.rows = true;
      for (const index of [5, 6]) {
        if (spreadAt >= 0 && index >= spreadAt) break;
        fieldsOf(args[index]?.expression, names, out);
      }
      sites.push({
        at: `${relative(SRC, file)}:${line}`,
        actions: args[2] && !args[2].spread ? literalsOf(args[2].expression, names) : ['?'],
        entities: args[3] && !args[3].spread ? literalsOf(args[3].expression, names) : ['?'],
        fields: [...out.fields],
        rows: out.rows,
      });
    });
  }
  return sites;
}
