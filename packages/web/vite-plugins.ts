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

const LOUNGE_PAGE_MODULE = /src\/features\/customer-dashboard\/customer-dashboard-page\.tsx$/;

/**
 * The lounge's code: its page chunk and every chunk that chunk imports statically. Without
 * them in the page, the browser learns of these files only after the app script has run
 * (decision 0412). Their stylesheets are left to Vite's preload helper.
 */
function loungeScripts(bundle: OutputBundle): string[] {
  const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
  const page = chunks.find((chunk) => chunk.facadeModuleId && LOUNGE_PAGE_MODULE.test(chunk.facadeModuleId));
  if (!page) throw new Error('The build has no chunk for the lounge page: is it still code-split?');
  const scripts: string[] = [];
  const visit = (fileName: string) => {
    if (scripts.includes(fileName)) return;
    scripts.push(fileName);
    for (const imported of (bundle[fileName] as OutputChunk).imports) visit(imported);
  };
  visit(page.fileName);
  return scripts;
}

/**
 * `lounge.html`, the page the server sends for /customer/dashboard: index.html plus a
 * `modulepreload` link for each of the lounge's scripts that index.html does not already
 * load, so the browser fetches them while the app script is still on its way instead of
 * after (decision 0412).
 */
function writeLoungePage(outDir: string, scripts: string[]) {
  const shell = readFileSync(path.join(outDir, 'index.html'), 'utf8');
  const links = scripts
    .filter((file) => !shell.includes(`/${file}"`))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
  writeFileSync(path.join(outDir, 'lounge.html'), withHeadLines(shell, links));
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
  let lounge: string[] | undefined;
  return {
    name: 'butler-finish-build',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      ssr = !!config.build.ssr;
    },
    writeBundle(_options, bundle) {
      if (!ssr) lounge = loungeScripts(bundle);
    },
    async closeBundle() {
      if (ssr) return;
      if (!lounge) throw new Error('The lounge scripts were not collected from the bundle');
      writeLoungePage(outDir, lounge);
      await prerenderLoginPages(root, outDir);
      precompress(outDir);
    },
  };
}
