// `npm run fuzz -- --runs N [--seed S] [--route "POST /api/customers"]`: the fuzz test of
// decision 0382 (packages/server/test/fuzz) with a bigger budget. Any failure is printed with
// its seed, its fast-check path and the request as sent, so it can be replayed and turned
// into a regression test. Runs N requests per operation and principal allowed to call it.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '100' },
    seed: { type: 'string' },
    route: { type: 'string' },
  },
});
const seed = values.seed ?? String(Date.now() % 2_147_483_647);
if (!/^\d+$/.test(values.runs) || !/^-?\d+$/.test(seed)) {
  console.error('Aufruf: npm run fuzz -- --runs N [--seed S] [--route "METHODE /api/pfad"]');
  process.exit(2);
}
console.log(`fuzz: seed ${seed}, runs ${values.runs}${values.route ? `, route ${values.route}` : ''}`);
console.log(
  `replay: npm run fuzz -- --runs ${values.runs} --seed ${seed}${values.route ? ` --route "${values.route}"` : ''}`,
);
const root = path.resolve(import.meta.dirname, '..');
const run = spawnSync('npx', ['vitest', 'run', 'packages/server/test/fuzz/fuzz.test.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    FUZZ_RUNS: values.runs,
    FUZZ_SEED: seed,
    ...(values.route ? { FUZZ_ROUTE: values.route } : {}),
  },
});
console.log(`fuzz: seed ${seed} — ${run.status === 0 ? 'no failures' : 'FAILURES above (FUZZ FAILURE)'}`);
process.exit(run.status ?? 1);
