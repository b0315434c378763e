import { useQuery } from '@tanstack/react-query';
import { Navigate, useSearchParams } from 'react-router';
import { queryKeys } from '../api/query-keys.ts';
import { T } from '../i18n/T.tsx';
import { homepageOf, safeLastPath } from '../session/access.ts';
import { refreshSession } from '../session/session-actions.ts';
import { loginPath } from './paths.ts';
import { Splash } from './Splash.tsx';

/** /check (spec §2): validates the stored token with users/me, then routes like the start screen. */
export function SessionCheck() {
  const [params] = useSearchParams();
  const lastpath = safeLastPath(params.get('lastpath'));
  const check = useQuery({ queryKey: queryKeys.sessionCheck, queryFn: refreshSession, gcTime: 0, retry: false });
  if (check.isPending) return <Splash message={<T k="check.checking" />} />;
  if (check.isError) return <Splash failed onRetry={() => check.refetch()} />;
  const user = check.data;
  return <Navigate replace to={user ? (lastpath ?? homepageOf(user)) : loginPath(lastpath)} />;
}
