import type { Permission } from '@butler/contract/permissions';
import { useCallback, useMemo } from 'react';
import { useSession } from './session-context';

const NONE: readonly string[] = [];

/** The staff member's permissions as the server last told them (validate-token; refreshed on a 403). */
export function usePermissions(): readonly string[] {
  const { user, userType } = useSession();
  return userType === 'admin' && user && 'permissions' in user ? user.permissions : NONE;
}

/**
 * `can('wiki.read')`: whether the signed-in staff member's role allows it, from the role
 * table of the contract (decision 0540). Hides what a role cannot do; the server decides.
 */
export function useCan(): (permission: Permission) => boolean {
  const permissions = usePermissions();
  return useCallback((permission: Permission) => permissions.includes(permission), [permissions]);
}

/** Where a staff member starts: the overview, else invoicing, else customers, else their account. */
export function homePath(permissions: readonly string[]): string {
  if (permissions.includes('dashboard.read')) return '/admin/dashboard';
  if (permissions.includes('invoices.read')) return '/admin/quickbill';
  if (permissions.includes('customers.read')) return '/admin/customers';
  return '/admin/account';
}

export function useHome(): string {
  const permissions = usePermissions();
  return useMemo(() => homePath(permissions), [permissions]);
}

/** Any of the Einstellungen's cards: company and invoices, ButlerPakete, dashboard and referral settings, mails, staff. */
export const SETTINGS_PERMISSIONS: Permission[] = [
  'quickbill.settings.write',
  'subscription_templates.write',
  'settings.write',
  'mail.read',
  'staff.manage',
  'security.manage',
];
