import path from 'node:path';
import react from '@vitejs/plugin-react';
import { build, type Rolldown } from 'vite';
import { mantineComponentStyles } from './vite-mantine-styles';
import { EARLY_REQUESTS_ENTRY, featureSurfaces, LOUNGE_PAGE_MODULE } from './vite-plugins';

type OutputChunk = Rolldown.OutputChunk;

/**
 * Every icon the portal uses in one file (34 KB, 9 KB gzip) instead of one file of about
 * 1 KB per icon and page: the lounge alone loaded 20 of them (decision 0413).
 */
export const ICONS_GROUP = { name: 'icons', test: /@tabler[\\/]icons-react/, priority: 2 };

/** The chunks `fileName` imports statically, directly or further down, itself included. */
function chunkClosure(chunks: Map<string, OutputChunk>, fileName: string, into = new Set<string>()) {
  if (into.has(fileName)) return into;
  into.add(fileName);
  for (const imported of chunks.get(fileName)?.imports ?? []) chunkClosure(chunks, imported, into);
  return into;
}

/**
 * Rolldown puts the modules that each set of pages shares into a chunk of their own: the
 * lounge needed 33 script files of 1–12 KB, the login 11, and over HTTP/1.1's six
 * connections each file costs a round trip (decision 0416). This runs Rolldown's chunking
 * once without writing anything and answers the groups for the real build:
 * - `early-shared`: the early requests' few modules, small and apart (decision 0415);
 * - `app`: the modules of the app script and the chunks it imports (every page needs
 *   them), in one file;
 * - `lounge`: the modules of the chunks the lounge's page chunk imports beyond those, in
 *   one file next to the page's own. Other pages that use some of them load it too.
 */
export async function chunkGroups(root: string) {
  const output = (await build({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins: [react(), featureSurfaces(), mantineComponentStyles()],
    build: {
      write: false,
      rolldownOptions: {
        input: { index: path.join(root, 'index.html'), 'early-requests': path.join(root, EARLY_REQUESTS_ENTRY) },
        output: { codeSplitting: { groups: [ICONS_GROUP] } },
      },
    },
  })) as Rolldown.RolldownOutput;
  const chunks = new Map(
    output.output.filter((item): item is OutputChunk => item.type === 'chunk').map((chunk) => [chunk.fileName, chunk]),
  );
  const find = (what: string, test: (chunk: OutputChunk) => boolean) => {
    const chunk = [...chunks.values()].find(test);
    if (!chunk) throw new Error(`The trial build has no chunk for ${what}`);
    return chunk;
  };
  const app = find('the app script', (c) => c.isEntry && c.name === 'index');
  const early = find('the early requests', (c) => c.isEntry && c.name === 'early-requests');
  const lounge = find('the lounge page', (c) => !!c.facadeModuleId && LOUNGE_PAGE_MODULE.test(c.facadeModuleId));
  const modulesOf = (files: Iterable<string>) => new Set([...files].flatMap((file) => chunks.get(file)!.moduleIds));
  const appFiles = chunkClosure(chunks, app.fileName);
  const appModules = modulesOf(appFiles);
  // The early requests' chunks stay as they are, and so does the app's entry module. The
  // app script's other modules go into the group too: a group also takes the modules its
  // modules import that no group has taken, and the lounge's group would take them.
  const earlyModules = modulesOf(chunkClosure(chunks, early.fileName));
  const apart = new Set([...earlyModules, app.facadeModuleId]);
  const groupOf = new Map<string, 'app' | 'lounge'>();
  for (const id of appModules) if (!apart.has(id)) groupOf.set(id, 'app');
  const loungeFiles = [...chunkClosure(chunks, lounge.fileName)].filter((file) => file !== lounge.fileName);
  for (const id of modulesOf(loungeFiles)) if (!appModules.has(id)) groupOf.set(id, 'lounge');
  return [
    // Its own group, or Rolldown merges these modules into the app's chunk, and the early
    // requests would wait for all of it.
    {
      name: 'early-shared',
      test: (id: string) => earlyModules.has(id) && id !== early.facadeModuleId,
      priority: 2,
    },
    { name: 'app', test: (id: string) => groupOf.get(id) === 'app', priority: 1 },
    { name: 'lounge', test: (id: string) => groupOf.get(id) === 'lounge', priority: 0 },
  ];
}
