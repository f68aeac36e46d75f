#!/usr/bin/env node
/**
 * The server's import graph stays a tree of layers (docs/architecture.md, "Layers"):
 *
 * - no file imports itself through others (no import loop between files);
 * - no module (a folder under src/modules/) imports itself through other modules or the
 *   app: a loop between modules is a loop even when no single file closes it;
 * - inside a module, its sub-folders and its top-level files form no loop either (the
 *   top-level route table registers the parts; a part never imports the top back);
 * - lib/, db/ and domain/ never import a module, the app, the route table or test code;
 * - domain/ stays pure (no database, no lib, no I/O packages);
 * - product code never imports test code;
 * - the module shape (docs/architecture.md, "Modules"): a `*.routes.ts` file calls services and
 *   presents, so it imports no drizzle, no schema, no audit and no repo, and opens no
 *   transaction; of the server's own files it imports only `*.service.ts` files, its own
 *   module's `*.routes.ts` parts and `*.present.ts` presenters, `lib/`, `env.ts` and
 *   `db/client.ts` (the handle it passes on); a `*.repo.ts` file holds reads, so it imports no
 *   audit, service or route file and opens no transaction.
 *
 * dependency-cruiser reads and resolves the imports (type-only imports count: a type that
 * lives in the wrong place still ties two modules together); the module-level loops are
 * found here from its graph. Part of `npm run validate`; exits 1 on any finding.
 */
import { readFileSync } from 'node:fs';
import { cruise } from 'dependency-cruiser';

const SRC = '^packages/server/src/';
const TEST_CODE = '(\\.test\\.ts$|\\.test-helpers\\.ts$|^packages/server/test/|/test/)';

const rules = [
  { name: 'no-file-loop', severity: 'error', from: {}, to: { circular: true } },
  {
    name: 'base-imports-no-module',
    comment: 'lib/, db/ and domain/ stand below every module and the app',
    severity: 'error',
    from: { path: `${SRC}(lib|db|domain)/`, pathNot: TEST_CODE },
    to: { path: `${SRC}(modules/|app\\.ts$|routes\\.ts$|main\\.ts$|demo/|cli/)` },
  },
  {
    name: 'domain-is-pure',
    comment: 'domain/ holds pure rules: no database, no lib, no node I/O',
    severity: 'error',
    from: { path: `${SRC}domain/` },
    to: {
      path: [
        `${SRC}(db|lib|modules)/`,
        '(^|/)node_modules/(pg|drizzle-orm|fastify)/',
        '^(node:)?(fs|fs/promises|net|http|child_process)$',
      ],
    },
  },
  {
    name: 'routes-call-services',
    comment: 'a route parses, calls a service and presents: queries, transactions and audit are the service’s',
    severity: 'error',
    from: { path: `${SRC}modules/.*\\.routes\\.ts$` },
    to: { path: ['(^|/)node_modules/drizzle-orm/', `${SRC}db/schema/`, `${SRC}lib/audit\\.ts$`, '\\.repo\\.ts$'] },
  },
  {
    name: 'repos-hold-reads',
    comment: 'a repo holds queries several services share; rules, transactions and audit belong to services',
    severity: 'error',
    from: { path: `${SRC}modules/.*\\.repo\\.ts$` },
    to: { path: [`${SRC}lib/audit\\.ts$`, '\\.service\\.ts$', '\\.routes\\.ts$'] },
  },
  {
    name: 'product-imports-no-test-code',
    severity: 'error',
    from: { path: SRC, pathNot: TEST_CODE },
    to: { path: TEST_CODE },
  },
];

const { output } = await cruise(['packages/server/src', 'packages/server/test', 'packages/server/bench'], {
  validate: true,
  ruleSet: { forbidden: rules },
  parser: 'swc',
  tsPreCompilationDeps: true,
  doNotFollow: { path: 'node_modules' },
});

const findings = output.summary.violations.map((v) => {
  const via = v.cycle?.length ? `\n    ${[v.from, ...v.cycle.map((c) => c.name ?? c)].join('\n    → ')}` : ` → ${v.to}`;
  return `${v.rule.name}: ${v.from}${via}`;
});

// Route and repo files open no transaction (a text check: the call is not an import).
for (const module of output.modules) {
  const shape = /\.(routes|repo)\.ts$/.exec(module.source)?.[1];
  if (!shape || !module.source.startsWith('packages/server/src/modules/')) continue;
  if (/\.transaction\(/.test(readFileSync(module.source, 'utf8')))
    findings.push(
      `${shape === 'routes' ? 'routes-call-services' : 'repos-hold-reads'}: ${module.source} opens a transaction`,
    );
}

// A route's own imports: services, its module's route parts and presenters, lib/, env, the db handle.
const ROUTE_MAY_IMPORT = [
  /^packages\/server\/src\/lib\//,
  /^packages\/server\/src\/(env|db\/client)\.ts$/,
  /\.service\.ts$/,
];
for (const module of output.modules) {
  const routeOf = /^packages\/server\/src\/modules\/([^/]+)\/.*\.routes\.ts$/.exec(module.source);
  if (!routeOf) continue;
  const ownPart = new RegExp(`^packages/server/src/modules/${routeOf[1]}/.*\\.(routes|present)\\.ts$`);
  for (const dep of module.dependencies) {
    const to = dep.resolved;
    if (!to.startsWith('packages/server/src/')) continue;
    if (ROUTE_MAY_IMPORT.some((allowed) => allowed.test(to)) || ownPart.test(to)) continue;
    findings.push(
      `routes-import-services: ${module.source} → ${to} (a route imports services, its module's routes and presenters, lib/)`,
    );
  }
}

// Module-level loops: every product file of src/modules/<name>/ counts as that module.
const unitOf = (file) => /^packages\/server\/src\/modules\/([^/]+)\//.exec(file)?.[0] ?? file;
const isTestCode = (file) => new RegExp(TEST_CODE).test(file);
const edges = new Map();
const example = new Map();
for (const module of output.modules) {
  if (isTestCode(module.source) || !module.source.startsWith('packages/server/src/')) continue;
  const from = unitOf(module.source);
  for (const dep of module.dependencies) {
    if (!dep.resolved.startsWith('packages/server/src/') || isTestCode(dep.resolved)) continue;
    const to = unitOf(dep.resolved);
    if (to === from) continue;
    if (!edges.has(from)) edges.set(from, new Set());
    edges.get(from).add(to);
    if (!example.has(`${from}|${to}`)) example.set(`${from}|${to}`, `${module.source} → ${dep.resolved}`);
  }
}
reportLoops('no-module-loop', edges, example);

// Loops inside a module: every product file of src/modules/<name>/<part>/ counts as that part,
// the module's top-level files as one more.
const innerEdges = new Map();
const innerExample = new Map();
const moduleOf = (file) => /^packages\/server\/src\/modules\/([^/]+)\//.exec(file)?.[1];
const partOf = (file) => /^packages\/server\/src\/modules\/[^/]+\/([^/]+\/)?/.exec(file)?.[0];
for (const module of output.modules) {
  if (isTestCode(module.source) || !moduleOf(module.source)) continue;
  const from = partOf(module.source);
  for (const dep of module.dependencies) {
    if (isTestCode(dep.resolved) || moduleOf(dep.resolved) !== moduleOf(module.source)) continue;
    const to = partOf(dep.resolved);
    if (to === from) continue;
    if (!innerEdges.has(from)) innerEdges.set(from, new Set());
    innerEdges.get(from).add(to);
    if (!innerExample.has(`${from}|${to}`)) innerExample.set(`${from}|${to}`, `${module.source} → ${dep.resolved}`);
  }
}
reportLoops('no-loop-inside-module', innerEdges, innerExample);

if (findings.length) {
  console.error(`check-imports: ${findings.length} finding(s)\n\n${findings.join('\n\n')}`);
  process.exit(1);
}
console.log(`check-imports: ${output.summary.totalCruised} files, no import loop, layers kept`);

/** A finding for every loop (a strongly connected set of two or more units) of a graph. */
function reportLoops(rule, graph, examples) {
  for (const component of stronglyConnected(graph)) {
    if (component.length < 2) continue;
    const members = new Set(component);
    if (![...members].some((m) => m.startsWith('packages/server/src/modules/'))) continue; // file loops are reported above
    const lines = [];
    for (const from of component)
      for (const to of graph.get(from) ?? []) if (members.has(to)) lines.push(`    ${examples.get(`${from}|${to}`)}`);
    findings.push(`${rule}: ${component.join(' ↔ ')}\n${lines.join('\n')}`);
  }
}

/** Tarjan's strongly connected components of a directed graph given as adjacency sets. */
function stronglyConnected(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  let counter = 0;
  const visit = (node) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), index.get(next)));
    }
    if (low.get(node) === index.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      components.push(component);
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return components;
}
