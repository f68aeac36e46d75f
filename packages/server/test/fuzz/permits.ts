import { ROLE_PERMISSIONS } from '@butler/contract/permissions';
import type { Access } from '../../src/lib/access.js';
import { type Principal, STAFF_ROLE_OF } from './world.js';

/**
 * Whether the role table (contract/permissions.ts) lets a principal call a route at all;
 * whose data it then reaches is the oracle's business (markers, owner digests).
 */
export function permits(access: Access, principal: Principal): boolean {
  if (access === 'public') return true;
  if (principal === 'anonymous') return false;
  if (access === 'authenticated') return true;
  const role = STAFF_ROLE_OF[principal];
  if (access === 'staff') return role !== undefined;
  if (!role) return access.self === true;
  return ROLE_PERMISSIONS[role].includes(access.permission);
}
