import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestTempDir } from '../../test/temp-dirs.js';
import { createMailer, ensureDirectory } from './mail.js';

let dir: string;
beforeAll(async () => {
  dir = await makeTestTempDir('mailer');
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const eexist = (target: string) =>
  Object.assign(new Error(`EEXIST: file already exists, mkdir '${target}'`), { code: 'EEXIST' });

describe('ensureDirectory', () => {
  it('treats a racing creator’s EEXIST as success when the directory is there', async () => {
    const target = path.join(dir, 'raced');
    // The other process wins between our check and our mkdir.
    const racingMkdir = async (d: string) => {
      await fs.mkdir(d);
      throw eexist(d);
    };
    await expect(ensureDirectory(target, racingMkdir)).resolves.toBeUndefined();
    expect((await fs.stat(target)).isDirectory()).toBe(true);
  });

  it('still fails when a file stands where the directory should be', async () => {
    const target = path.join(dir, 'a-file');
    await fs.writeFile(target, 'x');
    await expect(ensureDirectory(target, async (d) => Promise.reject(eexist(d)))).rejects.toMatchObject({
      code: 'EEXIST',
    });
  });
});

describe('outbox mailer (no SMTP_URL)', () => {
  it('writes many mails at once into a not yet existing outbox, from several mailers, each into its own file', async () => {
    const dataDir = path.join(dir, 'data');
    const mailers = [0, 1, 2].map(() => createMailer(undefined, dataDir, 'portal@localhost'));
    const sends = Array.from({ length: 30 }, (_, i) =>
      mailers[i % 3].send({ to: `k${i}@example.com`, subject: `Mail ${i}`, text: `Hallo ${i}` }),
    );
    const results = await Promise.all(sends);
    const files = await fs.readdir(path.join(dataDir, 'outbox'));
    expect(files).toHaveLength(30);
    expect(new Set(results.map((r) => r.file)).size).toBe(30);
  });
});
