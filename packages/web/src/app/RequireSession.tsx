import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../session/current-session.ts';
import { LOGIN_PATH, loginPath } from './paths.ts';

/** A visitor on an authenticated page goes to /login?lastpath={path} (spec §2). */
export function RequireSession({ children }: { children: ReactNode }) {
  const { user, signedOut } = useSession();
  const location = useLocation();
  if (user) return children;
  return <Navigate replace to={signedOut ? LOGIN_PATH : loginPath(location.pathname + location.search)} />;
}
