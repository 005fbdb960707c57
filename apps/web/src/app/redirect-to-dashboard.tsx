import { dashboardPathFor } from '@brigade/core/roles';
import { Navigate } from 'react-router';
import { useCurrentUser } from '../lib/current-user';

/** `/`, unknown paths and pages the role may not open all lead to the role's dashboard. */
export function RedirectToDashboard() {
  const me = useCurrentUser();
  return <Navigate to={dashboardPathFor(me.role)} replace />;
}
