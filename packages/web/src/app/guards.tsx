import type { UserType } from '@butler/contract/auth';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageLoader } from '../components/page-loader';
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
