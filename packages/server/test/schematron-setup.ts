import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    ciiSefPath: string;
  }
}

/** The CEN EN 16931 CII schematron (XSLT 2.0), kept unchanged in test/validators (see its README). */
export const CII_XSLT = path.resolve(import.meta.dirname, 'validators/en16931-cii/EN16931-CII-validation.xslt');

/**
 * Compiles the CEN schematron XSLT to a SaxonJS SEF once (~15 s) and caches it under
 * .tmp, keyed by the stylesheet's SHA-256: later runs reuse it, a changed stylesheet
 * compiles anew. The tests load the SEF and validate through SaxonJS's API.
 */
export default function setup(project: TestProject) {
  const hash = createHash('sha256').update(fs.readFileSync(CII_XSLT)).digest('hex').slice(0, 16);
  const cacheDir = path.resolve('.tmp', 'schematron');
  const sef = path.join(cacheDir, `en16931-cii-${hash}.sef.json`);
  if (!fs.existsSync(sef)) {
    fs.mkdirSync(cacheDir, { recursive: true });
    const xslt3 = createRequire(import.meta.url).resolve('xslt3/xslt3.js');
    const temp = `${sef}.${process.pid}.tmp`;
    const run = spawnSync(process.execPath, [xslt3, `-xsl:${CII_XSLT}`, `-export:${temp}`, '-nogo'], {
      encoding: 'utf8',
    });
    if (run.status !== 0) throw new Error(`Compiling the CEN schematron failed:\n${run.stdout}\n${run.stderr}`);
    fs.renameSync(temp, sef);
  }
  project.provide('ciiSefPath', sef);
}
