import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';

const LOGIN_PAGES_ENTRY = 'src/prerender/login-pages.tsx';

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
      writeFileSync(
        path.join(outDir, file),
        shell.replace(rootElement, () => `<div id="root">${inert}</div>`),
      );
    }
  } finally {
    rmSync(ssrDir, { recursive: true, force: true });
  }
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

/** After the browser build: pre-render the login pages, then compress everything. */
export function finishBuild(): Plugin {
  let root = '';
  let outDir = 'dist';
  let ssr = false;
  return {
    name: 'butler-finish-build',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      ssr = !!config.build.ssr;
    },
    async closeBundle() {
      if (ssr) return;
      await prerenderLoginPages(root, outDir);
      precompress(outDir);
    },
  };
}
