import type { StaffRole } from '@butler/contract/permissions';
import { buildAdmin, TEST_PASSWORD } from './factories.js';
import type { TestContext } from './test-app.js';

export type StaffMember = Awaited<ReturnType<typeof buildAdmin>> & { token: string };

/** A staff member of a role, signed in (decision 0540). */
export async function staffMember(ctx: TestContext, role: StaffRole, name = ''): Promise<StaffMember> {
  const row = await buildAdmin(ctx.db, { role, name });
  return { ...row, token: await ctx.login('admin', row.username, TEST_PASSWORD) };
}

/** Requests as one signed-in account: `as(token).get(url)` → the response. */
export function as(ctx: TestContext, token: string) {
  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE') => (url: string, payload?: unknown) =>
    ctx.request({ method, url, payload: payload as any, token });
  return { get: call('GET'), post: call('POST'), put: call('PUT'), patch: call('PATCH'), delete: call('DELETE') };
}
