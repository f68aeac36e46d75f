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
 * - product code never imports test code, and product folders hold no test helpers: under
 *   packages/server/src a file named for tests or in a `test/` folder is a `*.test.ts`; shared
 *   helpers, fixtures and validators of tests live in packages/server/test/;
 * - the module shape (docs/architecture.md, "Modules"): a `*.routes.ts` file calls services and
 *   presents, so it imports no drizzle, no schema, no audit and no repo, and opens no
 *   transaction; of the server's own files it imports only `*.service.ts` files, its own
 *   module's `*.routes.ts` parts and `*.present.ts` presenters, `lib/`, `env.ts` and
 *   `db/client.ts` (the handle it passes on); a `*.repo.ts` file holds reads, so it imports no
 *   audit, service or route file and opens no transaction.
 *
 * The web's feature folders keep to themselves (docs/architecture.md, "Web"; decision 0830):
 *
 * - a file in src/features/<a>/ imports from another feature only its public surface,
 *   src/features/<b>/index.ts, never a file inside it;
 * - that index holds named re-exports of its own folder's files and nothing else (no
 *   `export *`, no code of its own: the build treats it as free of side effects);
 * - no feature imports itself through other features or shared files: every file of
 *   src/features/<name>/ counts as that feature.
 * The app shell (src/app/, the route table) may still import a page by its file, so that
 * each page stays a script of its own.
 *
 * dependency-cruiser reads and resolves the imports (type-only imports count: a type that
 * lives in the wrong place still ties two modules together); the module-level and
 * feature-level loops are found here from its graph. Its swc parser reads TypeScript
 * without JSX, so .tsx files are parsed with swc's `tsx` switch on (below). Part of
 * `npm run validate`; exits 1 on any finding.
 */
import { readFileSync } from 'node:fs';
import swc from '@swc/core';
import { cruise } from 'dependency-cruiser';

// dependency-cruiser 17 asks swc for TypeScript syntax without JSX; the web's .tsx files need it.
const parseFileSync = swc.parseFileSync;
swc.parseFileSync = (file, options) => parseFileSync(file, file.endsWith('.tsx') ? { ...options, tsx: true } : options);

const SRC = '^packages/server/src/';
const TEST_CODE = '(\\.test\\.ts$|\\.test-helpers\\.ts$|^packages/server/test/|/test/)';
const FEATURES = '^packages/web/src/features/';

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
  {
    name: 'web-feature-surface',
    comment: 'a feature uses another only through its public surface, src/features/<name>/index.ts',
    severity: 'error',
    from: { path: `${FEATURES}([^/]+)/` },
    to: { path: `${FEATURES}[^/]+/`, pathNot: [`${FEATURES}$1/`, `${FEATURES}[^/]+/index\\.ts$`] },
  },
];

const { output } = await cruise(
  ['packages/server/src', 'packages/server/test', 'packages/server/bench', 'packages/web/src'],
  {
    validate: true,
    ruleSet: { forbidden: rules },
    parser: 'swc',
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
  },
);

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

// Test helpers live in packages/server/test/, not beside the product code.
for (const module of output.modules) {
  const file = module.source;
  if (!file.startsWith('packages/server/src/') || file.endsWith('.test.ts')) continue;
  if (/\/test\//.test(file) || /test/i.test(file.split('/').pop()))
    findings.push(
      `test-helpers-in-test: ${file} is a test helper in a product folder (move it to packages/server/test/)`,
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

// A feature's public surface holds named re-exports of its own folder's files and nothing
// else, so the build may treat it as free of side effects (featureSurfaces, vite-plugins.ts).
for (const module of output.modules) {
  if (!/^packages\/web\/src\/features\/[^/]+\/index\.ts$/.test(module.source)) continue;
  const statements = readFileSync(module.source, 'utf8')
    .replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '')
    .split(';')
    .map((statement) => statement.trim())
    .filter(Boolean);
  const stray = statements.filter((statement) => !/^export (type )?\{[^}]*\} from '\.\/[^']+'$/.test(statement));
  if (stray.length)
    findings.push(
      `web-feature-surface: ${module.source} holds more than named re-exports of its own files\n    ${stray.join('\n    ')}`,
    );
}

const isTestCode = (file) => new RegExp(TEST_CODE).test(file);
// Module-level loops: every product file of src/modules/<name>/ counts as that module.
findings.push(
  ...unitLoops('no-module-loop', {
    inScope: (file) => file.startsWith('packages/server/src/') && !isTestCode(file),
    unitOf: (file) => /^packages\/server\/src\/modules\/([^/]+)\//.exec(file)?.[0] ?? file,
    isUnit: (unit) => unit.startsWith('packages/server/src/modules/'),
  }),
);
// Feature-level loops of the web: every file of src/features/<name>/ counts as that feature.
findings.push(
  ...unitLoops('no-feature-loop', {
    inScope: (file) => file.startsWith('packages/web/src/'),
    unitOf: (file) => /^packages\/web\/src\/features\/([^/]+)\//.exec(file)?.[0] ?? file,
    isUnit: (unit) => unit.startsWith('packages/web/src/features/'),
  }),
);
// Loops inside a module: every product file of src/modules/<name>/<part>/ counts as that part,
// the module's top-level files as one more (a loop across modules is reported above).
findings.push(
  ...unitLoops('no-loop-inside-module', {
    inScope: (file) => file.startsWith('packages/server/src/modules/') && !isTestCode(file),
    unitOf: (file) => /^packages\/server\/src\/modules\/[^/]+\/([^/]+\/)?/.exec(file)?.[0] ?? file,
    isUnit: () => true,
  }),
);

if (findings.length) {
  console.error(`check-imports: ${findings.length} finding(s)\n\n${findings.join('\n\n')}`);
  process.exit(1);
}
console.log(
  `check-imports: ${output.summary.totalCruised} files, no import loop, layers kept, features meet at their index.ts`,
);

/**
 * The loops between units (a unit is a folder whose files `unitOf` maps to it, or a single
 * file) among the files `inScope`; a loop of single files only is a file loop, reported by
 * dependency-cruiser above.
 */
function unitLoops(rule, { inScope, unitOf, isUnit }) {
  const edges = new Map();
  const example = new Map();
  for (const module of output.modules) {
    if (!inScope(module.source)) continue;
    const from = unitOf(module.source);
    for (const dep of module.dependencies) {
      if (!inScope(dep.resolved)) continue;
      const to = unitOf(dep.resolved);
      if (to === from) continue;
      if (!edges.has(from)) edges.set(from, new Set());
      edges.get(from).add(to);
      if (!example.has(`${from}|${to}`)) example.set(`${from}|${to}`, `${module.source} → ${dep.resolved}`);
    }
  }
  const loops = [];
  for (const component of stronglyConnected(edges)) {
    if (component.length < 2) continue;
    const members = new Set(component);
    if (![...members].some(isUnit)) continue;
    const lines = [];
    for (const from of component)
      for (const to of edges.get(from) ?? []) if (members.has(to)) lines.push(`    ${example.get(`${from}|${to}`)}`);
    loops.push(`${rule}: ${component.join(' ↔ ')}\n${lines.join('\n')}`);
  }
  return loops;
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
