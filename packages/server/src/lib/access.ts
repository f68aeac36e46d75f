import type { UserType } from '@butler/contract/auth';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.js';

/**
 * Who may call a route. Every /api route declares one (config.access); the app refuses
 * to start otherwise, and test/route-access.test.ts walks all routes.
 * - public: anyone
 * - authenticated: any logged-in user (auth calls)
 * - customer-own: admins, or the customer whose id the route names
 *   (params.id, params.customerId or query.customer_id)
 * - admin: admins only
 */
export type Access = 'public' | 'authenticated' | 'customer-own' | 'admin';

export type SessionContext = {
  sessionId: string;
  userType: UserType;
  adminId: number | null;
  customerId: number | null;
  /** Admin username or customer name; recorded as creator of entries. */
  displayName: string;
  expiresAt: Date;
  /** data_version read together with the session (for the answer caches, lib/figure-cache.ts). */
  dataVersion?: number;
};

export type RouteAccess = { method: string; url: string; access: Access };

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api route with its declared access, for the coverage test and docs. */
    routeAccess: RouteAccess[];
  }
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    session: SessionContext | null;
  }
}

export type SessionResolver = (request: FastifyRequest) => Promise<SessionContext | null>;

/** Installs the access check on every route; routes without a declaration fail at start. */
export function registerAccessControl(app: FastifyInstance, resolveSession: SessionResolver) {
  app.decorateRequest('session', null);
  const table: RouteAccess[] = [];
  app.decorate('routeAccess', table);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api') || route.url.startsWith('/api/docs')) return;
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${route.method} ${route.url} declares no access (config.access)`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') table.push({ method, url: route.url, access });
    }
  });
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access || access === 'public') {
      if (access === 'public') request.session = await resolveSession(request).catch(() => null);
      return;
    }
    const session = await resolveSession(request);
    if (!session) throw new AppError('NOT_AUTHENTICATED');
    request.session = session;
    if (access === 'authenticated') return;
    if (session.userType === 'admin') return;
    if (access === 'admin') throw new AppError('FORBIDDEN');
    // customer-own
    const named = namedCustomerId(request);
    if (named !== undefined && named !== session.customerId) throw new AppError('FORBIDDEN');
  });
}

function namedCustomerId(request: FastifyRequest): number | undefined {
  const params = (request.params ?? {}) as Record<string, string | undefined>;
  const query = (request.query ?? {}) as Record<string, string | undefined>;
  const raw = params.customerId ?? params.id ?? query.customer_id;
  if (raw === undefined) return undefined;
  const value = Number(raw);
  return Number.isInteger(value) ? value : -1;
}

/** The session of a route that requires login (access is not public). */
export function requireSession(request: FastifyRequest): SessionContext {
  if (!request.session) throw new AppError('NOT_AUTHENTICATED');
  return request.session;
}

/** For customer-own routes without an id: the customer's own id, or the admin's chosen one. */
export function scopedCustomerId(request: FastifyRequest, requested: number | undefined): number | undefined {
  const session = requireSession(request);
  if (session.userType === 'customer') return session.customerId ?? -1;
  return requested;
}
