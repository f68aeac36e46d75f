import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SessionContext } from './access.js';
import { AppError } from './errors.js';

/**
 * Sent by the docs page to fetch the document: the token of the back office signed in in
 * the same browser (same origin, localStorage as the web app keeps it). Serialised into the
 * page's script by @fastify/swagger-ui, so it must not use anything outside itself.
 */
function withBackOfficeToken(request: { headers: Record<string, string> }) {
  const token = window.localStorage.getItem('token');
  if (token) request.headers.Authorization = `Bearer ${token}`;
  return request;
}

/**
 * `/api/docs`: the OpenAPI document lists every route, the staff ones included, so it is
 * for staff only (decision 0504). The page itself (swagger-ui's HTML and scripts)
 * names no route; it fetches `/api/docs/json` with the token of the back office signed in
 * in the same browser. The document answers 401 without a session and 403 to customers.
 */
export async function registerApiDocs(
  app: FastifyInstance,
  resolveSession: (request: FastifyRequest) => Promise<SessionContext | null>,
) {
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { requestInterceptor: withBackOfficeToken } as Record<string, unknown>,
    uiHooks: {
      onRequest: async (request) => {
        if (!/^\/api\/docs\/(json|yaml)\/?(\?|$)/.test(request.url)) return;
        const session = await resolveSession(request);
        if (!session) throw new AppError('NOT_AUTHENTICATED');
        if (session.userType !== 'admin') throw new AppError('FORBIDDEN');
      },
    },
  });
}

/**
 * Every `/api` answer is `Cache-Control: no-store` unless its route says otherwise: answers
 * carry tokens (login, second factor, password-link info), personal data and secrets, and
 * none is meant for a browser's or a proxy's cache (decision 0504).
 */
export function registerNoStore(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
}
