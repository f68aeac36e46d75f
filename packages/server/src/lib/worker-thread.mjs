// The program of every worker thread of lib/worker-pool.ts (decision 0701). Plain JavaScript:
// a thread starts without the TypeScript loader of the portal's main thread (tsx), so it
// registers its own before it loads a task's module. A task names its module (a file
// address) and the function it exports; the answer, or the error's name, code and first
// line (never more: a parser's message may quote the file it read), goes back by its id.
// A task without a name only loads the modules it lists (package names or file addresses).
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

// The lowest priority for this thread (on Linux a priority is a thread's own, and threads it
// starts inherit it): when the cores are busy, answering requests on the main thread comes
// before reading a file or drawing a PDF.
try {
  setPriority(19);
} catch {
  // Not allowed here (some containers): the thread runs at the process's priority.
}
register();

const modules = new Map();
const load = (url) => {
  let loading = modules.get(url);
  if (!loading) {
    loading = import(url);
    modules.set(url, loading);
  }
  return loading;
};

const firstLine = (value) =>
  String(value ?? '')
    .split('\n')[0]
    .slice(0, 300);

parentPort.on('message', async ({ id, module, name, input }) => {
  try {
    // Without a name: only load the modules named in `input` (a pool warming its thread).
    if (name === null) {
      for (const name of input) await load(name);
      parentPort.postMessage({ id, ok: true, output: null });
      return;
    }
    const task = (await load(module))[name];
    if (typeof task !== 'function') throw new Error(`${module} exports no function ${name}`);
    parentPort.postMessage({ id, ok: true, output: await task(input) });
  } catch (error) {
    parentPort.postMessage({
      id,
      ok: false,
      error: { name: firstLine(error?.name ?? 'Error'), code: error?.code ?? null, message: firstLine(error?.message) },
    });
  }
});
