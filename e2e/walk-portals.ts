import http from 'node:http';
import type net from 'node:net';
import path from 'node:path';
import { E2E_PORTAL_ENV, freePort, type StartedPortal, startPortal, stopPortal } from './portals';

/** The kinds of portal a role walk runs on (decision 0785). */
export type WalkPortalKind = 'demo' | 'fresh';

export type WalkPortal = { url: string; dataDir: string; startLog: string };

/**
 * Hands out the role walks' portals (decision 0785): a small HTTP service in the main
 * Playwright process, started by the global setup. A walk's worker asks it for a portal of
 * a kind; the first ask starts one, every later ask of the run (also from a worker that
 * replaced a failed one) gets the same, and the global teardown stops them. A run without
 * walks starts none.
 */
export async function startWalkPortalService(dataRoot: string) {
  const started = new Map<WalkPortalKind, Promise<{ running: StartedPortal; portal: Omit<WalkPortal, 'startLog'> }>>();
  const portalOf = (kind: WalkPortalKind) => {
    let entry = started.get(kind);
    if (!entry) {
      entry = (async () => {
        const port = await freePort();
        const dataDir = path.join(dataRoot, `walk-${kind}`);
        const running =
          kind === 'demo'
            ? await startPortal(
                port,
                dataDir,
                Object.fromEntries(Object.entries(E2E_PORTAL_ENV).filter(([key]) => !key.startsWith('ADMIN_'))),
                ['--demo'],
              )
            : await startPortal(port, dataDir);
        return { running, portal: { url: `http://127.0.0.1:${port}`, dataDir } };
      })();
      // A failed start is tried again by the next walk that asks.
      entry.catch(() => started.delete(kind));
      started.set(kind, entry);
    }
    return entry;
  };
  const server = http.createServer((req, res) => {
    const kind = new URL(req.url ?? '/', 'http://x').searchParams.get('kind');
    if (kind !== 'demo' && kind !== 'fresh') {
      res.writeHead(400).end('unknown kind');
      return;
    }
    portalOf(kind).then(
      ({ running, portal }) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ ...portal, startLog: running.stdout.join('\n') } satisfies WalkPortal));
      },
      (error: unknown) => res.writeHead(500).end(String(error)),
    );
  });
  // A demo start may take minutes on a busy machine: no timeout on the ask.
  server.requestTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  return {
    url,
    stop: async () => {
      await new Promise((resolve) => server.close(resolve));
      const portals = await Promise.allSettled(started.values());
      await Promise.all(portals.flatMap((p) => (p.status === 'fulfilled' ? [stopPortal(p.value.running.child)] : [])));
    },
  };
}

/** The portal of this kind for a walk (from a worker: asks the service of the global setup). */
export async function walkPortal(kind: WalkPortalKind): Promise<WalkPortal> {
  const service = process.env.E2E_WALK_PORTALS;
  if (!service) throw new Error('E2E_WALK_PORTALS fehlt: die Walks brauchen das globale Setup (e2e/portals.ts)');
  // node:http rather than fetch: fetch gives up waiting for an answer after 5 minutes.
  const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
    http
      .get(`${service}/?kind=${kind}`, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
  if (status !== 200) throw new Error(`Walk-Portal (${kind}) nicht gestartet: ${body}`);
  return JSON.parse(body) as WalkPortal;
}
