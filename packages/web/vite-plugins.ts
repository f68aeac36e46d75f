import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

const LOGIN_PAGES_ENTRY = 'src/prerender/login-pages.tsx';
/** The empty element at the end of a pre-rendered page's markup. */
const PRERENDER_END = 'prerendered-end';

/**
 * The signed-out login pages as static HTML inside the page the server sends for them, so
 * the first paint needs no script (decision 0411). The app replaces the markup when it
 * starts; until then the fields are read-only and the submit button is disabled (it keeps
 * its look, global.css), so nothing typed is lost, no half-started login is sent and no
 * password ends up in an address bar.
 */
async function prerenderLoginPages(root: string, outDir: string) {
  // Inside the project, so the rendered module finds the packages in node_modules.
  const ssrDir = path.join(root, 'node_modules', '.cache', 'butler-prerender');
  try {
    await build({
      root,
      configFile: false,
      logLevel: 'warn',
      plugins: [react()],
      build: { ssr: LOGIN_PAGES_ENTRY, outDir: ssrDir, emptyOutDir: true },
    });
    const { renderLoginPages } = (await import(pathToFileURL(path.join(ssrDir, 'login-pages.js')).href)) as {
      renderLoginPages: () => Record<string, { route: string; html: string }>;
    };
    const shell = readFileSync(path.join(outDir, 'index.html'), 'utf8');
    // The #root of index.html holds the loading note every other page shows until the app runs.
    const rootElement = /<div id="root">.*?<\/div><\/div>/;
    if (!rootElement.test(shell)) throw new Error('index.html has no #root with a loading note to replace');
    for (const [file, { html }] of Object.entries(renderLoginPages())) {
      const inert = html
        .replace(/<input(?![^>]*\breadonly\b)/g, '<input readonly')
        .replace(/<button([^>]*type="submit")/g, '<button disabled data-prerendered$1');
      // The browser paints a page while its HTML is still arriving. Half a login page is
      // laid out differently (the brand panel is centred in the empty screen and moves up as
      // the form arrives), so the first paint waits for the end of the pre-rendered markup
      // (`rel="expect"`, decision 0413).
      const page = withHeadLines(
        shell.replace(rootElement, () => `<div id="root">${inert}<div id="${PRERENDER_END}" hidden></div></div>`),
        [`<link rel="expect" href="#${PRERENDER_END}" blocking="render">`],
      );
      writeFileSync(path.join(outDir, file), page);
    }
  } finally {
    rmSync(ssrDir, { recursive: true, force: true });
  }
}

/** A copy of a page with these lines at the end of its head. */
function withHeadLines(page: string, lines: string[]) {
  if (!/\n\s*<\/head>/.test(page)) throw new Error('index.html has no </head> for the added links');
  return page.replace(/\n\s*<\/head>/, () => `\n    ${lines.join('\n    ')}\n  </head>`);
}

export const LOUNGE_PAGE_MODULE = /src\/features\/customer-dashboard\/customer-dashboard-page\.tsx$/;
export const EARLY_REQUESTS_ENTRY = 'src/app/early-requests.ts';

/** The entry chunk of the early requests and the chunks it imports (decision 0415). */
function earlyRequestScripts(bundle: OutputBundle): { entry: string; imports: string[] } {
  const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
  const entry = chunks.find((chunk) => chunk.isEntry && chunk.facadeModuleId?.endsWith(EARLY_REQUESTS_ENTRY));
  if (!entry) throw new Error(`The build has no entry chunk for ${EARLY_REQUESTS_ENTRY}`);
  return { entry: entry.fileName, imports: entry.imports };
}

/**
 * The lounge's code: its page chunk and every chunk that chunk imports statically, and the
 * stylesheets of those chunks. Without them in the page, the browser learns of these files
 * only after the app script has run (decisions 0412, 0415).
 */
function loungeFiles(bundle: OutputBundle): { scripts: string[]; styles: string[] } {
  const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
  const page = chunks.find((chunk) => chunk.facadeModuleId && LOUNGE_PAGE_MODULE.test(chunk.facadeModuleId));
  if (!page) throw new Error('The build has no chunk for the lounge page: is it still code-split?');
  const scripts: string[] = [];
  const styles = new Set<string>();
  const visit = (fileName: string) => {
    if (scripts.includes(fileName)) return;
    scripts.push(fileName);
    const chunk = bundle[fileName] as OutputChunk;
    for (const style of chunk.viteMetadata?.importedCss ?? []) styles.add(style);
    for (const imported of chunk.imports) visit(imported);
  };
  visit(page.fileName);
  return { scripts, styles: [...styles] };
}

/**
 * `lounge.html`, the page the server sends for /customer/dashboard: index.html plus
 * - the early requests' script, first and `async`, so the session check and the lounge's
 *   data go out before the app script has arrived (decision 0415);
 * - a `modulepreload` link for each of the lounge's scripts and a `preload` link for each of
 *   its stylesheets that index.html does not already load, so the browser fetches them while
 *   the app script is still on its way instead of after (decisions 0412, 0415);
 * - `fetchpriority="low"` on every script but the early requests' two files: module scripts
 *   never hold up the first paint, so the page's stylesheet and the two requests go first
 *   (decisions 0415, 0416).
 */
function writeLoungePage(
  outDir: string,
  lounge: { scripts: string[]; styles: string[] },
  early: { entry: string; imports: string[] },
) {
  const shell = readFileSync(path.join(outDir, 'index.html'), 'utf8');
  const notInShell = (file: string) => !shell.includes(`/${file}"`);
  const modulePreload = (file: string) => `<link rel="modulepreload" crossorigin href="/${file}">`;
  const earlyLines = [
    `<script type="module" async crossorigin src="/${early.entry}"></script>`,
    ...early.imports.filter(notInShell).map(modulePreload),
  ];
  const appScript = /\n(\s*)<script type="module"/;
  if (!appScript.test(shell)) throw new Error('index.html has no module script to put the early requests before');
  const withEarly = shell.replace(
    appScript,
    (_match, indent: string) =>
      `\n${earlyLines.map((line) => `${indent}${line}\n`).join('')}${indent}<script type="module"`,
  );
  // Vite's preload helper asks for these stylesheets with `crossorigin` too, so it finds them.
  const links = [
    ...lounge.scripts.filter(notInShell).map(modulePreload),
    ...lounge.styles
      .filter(notInShell)
      .map((file) => `<link rel="preload" as="style" fetchpriority="low" crossorigin href="/${file}">`),
  ];
  const earlyFiles = [early.entry, ...early.imports];
  const page = withHeadLines(withEarly, links).replace(
    /<(script type="module"|link rel="modulepreload")([^>]*)>/g,
    (tag, kind: string, rest: string) =>
      earlyFiles.some((file) => rest.includes(`/${file}"`)) ? tag : `<${kind} fetchpriority="low"${rest}>`,
  );
  writeFileSync(path.join(outDir, 'lounge.html'), page);
}

/**
 * Writes a `.br` and a `.gz` next to every text file of the build, so the server sends
 * them as they are (@fastify/static `preCompressed`) instead of compressing per request
 * (decision 0410).
 */
function precompress(dir: string) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) precompress(file);
    else if (/\.(js|css|html|svg|json|txt)$/.test(name)) {
      const bytes = readFileSync(file);
      if (bytes.length < 1024) continue;
      writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
    }
  }
}

/** After the browser build: the lounge's page, the pre-rendered login pages, then compress everything. */
export function finishBuild(): Plugin {
  let root = '';
  let outDir = 'dist';
  let ssr = false;
  let lounge: { scripts: string[]; styles: string[] } | undefined;
  let early: { entry: string; imports: string[] } | undefined;
  return {
    name: 'butler-finish-build',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      ssr = !!config.build.ssr;
    },
    writeBundle(_options, bundle) {
      if (ssr) return;
      lounge = loungeFiles(bundle);
      early = earlyRequestScripts(bundle);
    },
    async closeBundle() {
      if (ssr) return;
      if (!lounge || !early) throw new Error('The lounge scripts were not collected from the bundle');
      writeLoungePage(outDir, lounge, early);
      await prerenderLoginPages(root, outDir);
      precompress(outDir);
    },
  };
}

/**
 * A feature's public surface (`src/features/<area>/index.ts`, decision 0830) only re-exports
 * names of the files inside, which `npm run check:imports` keeps so. Marked free of side
 * effects, an import from it ties the importer only to the file that holds the name: a
 * page that takes one card from a feature does not load the feature's other cards with it,
 * and the chunks stay as they were with the files imported directly (the lounge's first
 * load, decisions 0288 and 0416).
 */
export function featureSurfaces(): Plugin {
  return {
    name: 'butler-feature-surfaces',
    transform: {
      filter: { id: /[\\/]src[\\/]features[\\/][^\\/]+[\\/]index\.ts$/ },
      handler: (code) => ({ code, moduleSideEffects: false }),
    },
  };
}
