import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTestTempDir, sweepStaleTestDirs } from './temp-dirs.js';

let root: string;
afterAll(async () => {
  if (root) await fs.rm(root, { recursive: true, force: true });
});

describe('test temp folders', () => {
  it('are named after the process that made them', async () => {
    const dir = await makeTestTempDir('probe');
    try {
      expect(path.basename(dir)).toMatch(new RegExp(`^butler-test-${process.pid}-probe-\\w{6}$`));
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it('the sweep removes folders of ended processes and old unowned ones, nothing else', async () => {
    root = await makeTestTempDir('sweep');
    const dead = spawnSync('true').pid;
    const make = async (name: string, ageMs = 0) => {
      const dir = path.join(root, name);
      await fs.mkdir(dir);
      await fs.writeFile(path.join(dir, 'encryption.key'), 'x');
      const at = new Date(Date.now() - ageMs);
      await fs.utimes(dir, at, at);
    };
    await make(`butler-test-${dead}-app-aaaaaa`);
    await make(`butler-test-${process.pid}-app-bbbbbb`);
    await make('butler-test-cccccc', 2 * 60 * 60 * 1000);
    await make('butler-test-dddddd');
    await make('something-else');

    const removed = await sweepStaleTestDirs(root);

    expect(removed.sort()).toEqual([`butler-test-${dead}-app-aaaaaa`, 'butler-test-cccccc']);
    expect((await fs.readdir(root)).sort()).toEqual(
      [`butler-test-${process.pid}-app-bbbbbb`, 'butler-test-dddddd', 'something-else'].sort(),
    );
  });
});
