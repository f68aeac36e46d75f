import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Which Chromium the browser suite drives (decision 0430):
 *
 * 1. `CHROMIUM_PATH`, when set;
 * 2. Debian's `/usr/bin/chromium`, when it is installed and `CHROMIUM_FROM_NPM` is not `1`;
 * 3. otherwise the headless Chromium inside the npm package `@sparticuz/chromium` (a
 *    devDependency): `npm ci` is all a machine with Node and npm needs. Its brotli-packed
 *    binary is unpacked once into node_modules/.cache; it brings its own NSS libraries
 *    (used through LD_LIBRARY_PATH) and gets a fontconfig of its own that knows only the
 *    DejaVu fonts of the npm package `dejavu-fonts-ttf` (the family Debian's Chromium picks
 *    for the portal's font stack too), so pages render alike with or without fonts
 *    installed on the machine.
 *
 * `CHROMIUM_FROM_NPM=1` forces 3 on a machine that has Debian's Chromium (CI does, to prove
 * the README's `npm ci && npm test` needs nothing else).
 */
export interface BrowserChoice {
  executablePath: string;
  /** Environment for the browser process (the npm build needs its libraries and fonts). */
  env?: Record<string, string>;
  source: 'CHROMIUM_PATH' | 'debian' | 'npm';
}

const DEBIAN_CHROMIUM = '/usr/bin/chromium';

export async function chooseChromium(): Promise<BrowserChoice> {
  if (process.env.CHROMIUM_PATH) return { executablePath: process.env.CHROMIUM_PATH, source: 'CHROMIUM_PATH' };
  if (process.env.CHROMIUM_FROM_NPM !== '1' && existsSync(DEBIAN_CHROMIUM)) {
    return { executablePath: DEBIAN_CHROMIUM, source: 'debian' };
  }
  return npmChromium();
}

const require = createRequire(import.meta.url);

async function npmChromium(): Promise<BrowserChoice> {
  // The package exports only its entry (build/index.js), not package.json.
  const pkgDir = path.resolve(path.dirname(require.resolve('@sparticuz/chromium')), '..');
  const { version } = JSON.parse(await fs.readFile(path.join(pkgDir, 'package.json'), 'utf8')) as { version: string };
  const root = path.resolve(import.meta.dirname, '..');
  const dir = path.join(root, 'node_modules', '.cache', `sparticuz-chromium-${version}`);
  if (!existsSync(path.join(dir, 'chromium'))) await unpack(pkgDir, dir);

  const dejavu = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
  const fontsConf = path.join(dir, 'fonts.conf');
  const conf = fontConfig([dejavu], path.join(dir, 'font-cache'));
  // Every Playwright worker loads the config: write only when it changed (the path of
  // node_modules moved), through a rename so that a running browser never reads half a file.
  if ((await fs.readFile(fontsConf, 'utf8').catch(() => '')) !== conf) {
    await fs.writeFile(`${fontsConf}.${process.pid}`, conf);
    await fs.rename(`${fontsConf}.${process.pid}`, fontsConf);
  }
  return {
    executablePath: path.join(dir, 'chromium'),
    source: 'npm',
    env: {
      ...stringEnv(),
      FONTCONFIG_FILE: fontsConf,
      LD_LIBRARY_PATH: [path.join(dir, 'al2023', 'lib'), process.env.LD_LIBRARY_PATH].filter(Boolean).join(':'),
    },
  };
}

/**
 * Unpacks the package's archives (the browser, SwiftShader and the NSS
 * libraries of its Amazon Linux layer) into a staging folder, then renames it into place:
 * a second process never sees a half-written binary.
 */
async function unpack(pkgDir: string, dir: string) {
  const staging = `${dir}.${process.pid}.tmp`;
  await fs.rm(staging, { recursive: true, force: true });
  await fs.mkdir(staging, { recursive: true });
  // The package unpacks into os.tmpdir(), which reads TMPDIR at each call.
  const { inflate } = await import('@sparticuz/chromium');
  const savedTmp = process.env.TMPDIR;
  process.env.TMPDIR = staging;
  try {
    for (const archive of ['chromium.br', 'swiftshader.tar.br', 'al2023.tar.br']) {
      await inflate(path.join(pkgDir, 'bin', archive));
    }
  } finally {
    if (savedTmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = savedTmp;
  }
  await fs.chmod(path.join(staging, 'chromium'), 0o755);
  try {
    await fs.rename(staging, dir);
  } catch (error) {
    // Another process finished first: use its copy.
    await fs.rm(staging, { recursive: true, force: true });
    if (!existsSync(path.join(dir, 'chromium'))) throw error;
  }
}

function fontConfig(dirs: string[], cacheDir: string) {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
${dirs.map((d) => `  <dir>${esc(d)}</dir>`).join('\n')}
  <cachedir>${esc(cacheDir)}</cachedir>
  <selectfont><rejectfont><glob>*/DejaVuMathTeXGyre.ttf</glob></rejectfont></selectfont>
  <!-- As fontconfig's 49-sansserif.conf: a request without a generic family (system-ui's) ends in sans-serif. -->
  <match target="pattern">
    <test qual="all" name="family" compare="not_eq"><string>sans-serif</string></test>
    <test qual="all" name="family" compare="not_eq"><string>serif</string></test>
    <test qual="all" name="family" compare="not_eq"><string>monospace</string></test>
    <edit name="family" mode="append_last"><string>sans-serif</string></edit>
  </match>
  <alias><family>sans-serif</family><prefer><family>DejaVu Sans</family></prefer></alias>
  <alias><family>serif</family><prefer><family>DejaVu Serif</family></prefer></alias>
  <alias><family>monospace</family><prefer><family>DejaVu Sans Mono</family></prefer></alias>
  <alias><family>system-ui</family><prefer><family>DejaVu Sans</family></prefer></alias>
</fontconfig>
`;
}

function stringEnv(): Record<string, string> {
  return Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined));
}
