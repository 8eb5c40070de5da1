import { Navigate, Outlet } from 'react-router';
import { paths } from '../../../lib/paths';
import { session } from '../../../lib/session';

/** The layout route of the screens for logged-in users: without an access token the visitor goes to /login (SPEC.md section 2). */
export function RequireAuth() {
  if (!session.isLoggedIn()) return <Navigate to={paths.login} replace />;
  return <Outlet />;
}
