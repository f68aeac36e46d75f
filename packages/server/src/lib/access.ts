import type { UserType } from '@butler/contract/auth';
import { CUSTOMER_SCOPED_ROLES, type Permission, ROLE_PERMISSIONS, type StaffRole } from '@butler/contract/permissions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.js';
import { type CustomerRef, customersOfRequest } from './customer-refs.js';
import { AppError } from './errors.js';

export type { CustomerRef } from './customer-refs.js';

/**
 * What a route needs (decision 0540): a staff permission from the role table
 * (contract/permissions.ts), and where the route's customer comes from, so that a
 * Butler reaches only the customers they look after and a customer only themself.
 */
export type PermissionAccess = {
  permission: Permission;
  /** The customers the request touches; a customer-scoped caller must reach each one that is given. */
  customer?: CustomerRef[];
  /** A customer may call it too, for themself (every given customer ref must be their own id). */
  self?: true;
  /** The handler filters its rows by the caller's customer scope (lib/customer-scope.ts). */
  scoped?: true;
  /** The answer holds no customer's data (settings, categories), so a Butler's scope has nothing to limit. */
  noCustomerData?: true;
  /**
   * Only the customer themself (with `self`): staff are refused whatever their permissions
   * (an Auftrag's Freigabe and withdrawal are the customer's word, decision 0810).
   */
  customerOnly?: true;
};

/**
 * Who may call a route. Every /api route declares one (config.access); the app refuses to
 * start otherwise, and test/role-access/route-access-roles.test.ts calls every route as every
 * role × own/foreign customer against the hand-written table of role-table.ts.
 * - public: anyone
 * - authenticated: any logged-in user (auth calls, one's own account)
 * - staff: any staff member, whatever the role (one's own two-factor sign-in)
 * - a PermissionAccess: staff with that permission (scoped roles: their customers only),
 *   and with `self` the customer themself
 */
export type Access = 'public' | 'authenticated' | 'staff' | PermissionAccess;

export type SessionContext = {
  sessionId: string;
  userType: UserType;
  adminId: number | null;
  customerId: number | null;
  /** Admin username or customer name; recorded as creator of entries. */
  displayName: string;
  expiresAt: Date;
  /** Staff role (null for customers), read with the session on every request: changes hold at once. */
  role?: StaffRole | null;
  /** What this staff member may do (role table plus grants); empty for customers. */
  permissions?: ReadonlySet<Permission>;
  /** A customer-scoped staff member's customers (Betreuer of); null when the role reaches every customer. */
  assignedCustomerIds?: readonly number[] | null;
  /** data_version read together with the session (for the answer caches, lib/figure-cache.ts). */
  dataVersion?: number;
  /**
   * The answer version of the session's own customer (row 0 + their row of
   * customer_data_versions, decision 0560), read with the session; admins: row 0 alone.
   */
  customerVersion?: number;
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

/** Whether a session may do something (customers hold no staff permission). */
export function can(session: SessionContext | null, permission: Permission): boolean {
  return session?.permissions?.has(permission) ?? false;
}

/** Throws 403 unless the session holds the permission (for decisions inside a handler). */
export function assertCan(session: SessionContext, permission: Permission, message?: string) {
  if (!can(session, permission)) throw new AppError('FORBIDDEN', message);
}

const SCOPED_PERMISSIONS = new Set(CUSTOMER_SCOPED_ROLES.flatMap((role) => ROLE_PERMISSIONS[role]));

/** A declaration that would let a scoped role or a customer see every customer is a bug: refuse to start. */
function checkDeclaration(method: string, url: string, access: Access) {
  if (typeof access === 'string') return;
  const reachesScoped = SCOPED_PERMISSIONS.has(access.permission) || access.self;
  if (reachesScoped && !access.customer?.length && !access.scoped && !access.noCustomerData) {
    throw new Error(
      `Route ${method} ${url}: a Butler or customer may call it, but it names no customer and is not scoped`,
    );
  }
}

/** Installs the access check on every route; routes without a declaration fail at start. */
export function registerAccessControl(app: FastifyInstance, db: Database, resolveSession: SessionResolver) {
  app.decorateRequest('session', null);
  const table: RouteAccess[] = [];
  app.decorate('routeAccess', table);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api') || route.url.startsWith('/api/docs')) return;
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${route.method} ${route.url} declares no access (config.access)`);
    checkDeclaration(String(route.method), route.url, access);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') table.push({ method, url: route.url, access });
    }
  });
  // Who may call at all: before the body is read or validated.
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
    if (session.userType === 'customer') {
      if (access === 'staff' || !access.self) throw new AppError('FORBIDDEN');
      return;
    }
    if (access !== 'staff' && (access.customerOnly || !can(session, access.permission))) {
      throw new AppError('FORBIDDEN', access.customerOnly ? 'Das kann nur der Kunde selbst' : undefined);
    }
  });
  // Whose data: every customer the request names must be reachable, before the body is validated.
  // A customer out of reach answers 403; a row of theirs named by id the route's 404 for an unknown id.
  app.addHook('preValidation', async (request) => {
    const access = request.routeOptions.config?.access;
    const session = request.session;
    if (!session || typeof access !== 'object' || !access.customer?.length) return;
    const reach = reachableCustomers(session);
    if (reach === null) return;
    for (const named of await customersOfRequest(db, request, access.customer)) {
      if (!reach.includes(named.customerId)) throw new AppError(named.unknown ?? 'FORBIDDEN');
    }
  });
}

/** The customers a session may reach: null for every customer. */
export function reachableCustomers(session: SessionContext): readonly number[] | null {
  if (session.userType === 'customer') return [session.customerId ?? -1];
  return session.assignedCustomerIds ?? null;
}

/** The session of a route that requires login (access is not public). */
export function requireSession(request: FastifyRequest): SessionContext {
  if (!request.session) throw new AppError('NOT_AUTHENTICATED');
  return request.session;
}

/** For routes with an optional customer: the customer's own id, or the staff member's chosen one. */
export function scopedCustomerId(request: FastifyRequest, requested: number | undefined): number | undefined {
  const session = requireSession(request);
  if (session.userType === 'customer') return session.customerId ?? -1;
  return requested;
}
