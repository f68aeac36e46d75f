import type { UserType } from '@butler/contract/auth';
import type { Permission } from '@butler/contract/permissions';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { useHome, usePermissions } from './permissions';
import { useSession } from './session-context';

/**
 * Route access of SPEC §2: admin routes send non-admins to /admin/login; customer-only
 * routes and the admin time-entry routes send others to /.
 */
export function RequireRole({
  roles,
  redirectTo,
  children,
}: {
  roles: UserType[];
  redirectTo: string;
  children: ReactNode;
}) {
  const { status, userType } = useSession();
  const location = useLocation();
  if (status === 'restoring') return <PageLoader text="Sitzung wird geprüft..." />;
  if (!userType || !roles.includes(userType)) {
    return <Navigate to={redirectTo} replace state={{ from: location.pathname }} />;
  }
  return <>{children}</>;
}

/**
 * A back-office page for the roles with one of these permissions (decision 0540); others
 * see "Kein Zugriff" with the way to their start page. The server refuses the data anyway.
 */
export function RequirePermission({
  permission,
  fallback,
  children,
}: {
  permission: Permission | Permission[];
  fallback: ReactNode;
  children: ReactNode;
}) {
  const permissions = usePermissions();
  const allowed = [permission].flat().some((p) => permissions.includes(p));
  return <>{allowed ? children : fallback}</>;
}

/** /admin: the staff member's start page (the overview, or what their role begins with). */
export function AdminHome() {
  const { status } = useSession();
  const home = useHome();
  if (status === 'restoring') return <PageLoader text="Sitzung wird geprüft..." />;
  return <Navigate to={home} replace />;
}
