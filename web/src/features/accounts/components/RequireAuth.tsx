import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { paths } from '../../../lib/paths';
import { session } from '../../../lib/session';

/** Screens for logged-in users only: without an access token the visitor goes to /login (SPEC.md section 2). */
export function RequireAuth({ children }: { children: ReactNode }) {
  if (!session.isLoggedIn()) return <Navigate to={paths.login} replace />;
  return children;
}
