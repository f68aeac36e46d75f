import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.js';
import { sessions } from '../db/schema/index.js';
import { startSession } from '../modules/auth/sessions.service.js';

/** The user agent of the demo's own sessions, removed again when a seeding step ends. */
export const DEMO_AGENT = 'npm run demo';

export type DemoCall = <T = any>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  body?: unknown,
  headers?: Record<string, string>,
) => Promise<T>;

/**
 * Calls the portal's own API as one account (decision 0420: demo documents go through the
 * API's rules), with a session of its own; any answer of 300 or more stops the demo.
 */
export async function demoCaller(
  app: FastifyInstance,
  db: Database,
  account: { userType: 'admin' | 'customer'; id: number },
): Promise<DemoCall> {
  const { token } = await startSession(db, account, { address: '127.0.0.1', userAgent: DEMO_AGENT });
  return async (method, url, body, headers = {}) => {
    const res = await app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}`, ...headers },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    if (res.statusCode >= 300) throw new Error(`Demo: ${method} ${url} → ${res.statusCode} ${res.body}`);
    return res.json();
  };
}

/** The demo's sessions are no devices anyone should see under "Angemeldete Geräte". */
export async function endDemoSessions(db: Database) {
  await db.delete(sessions).where(eq(sessions.userAgent, DEMO_AGENT));
}
