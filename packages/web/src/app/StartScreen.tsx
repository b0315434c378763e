import { Navigate, useSearchParams } from 'react-router';
import { homepageOf, safeLastPath } from '../session/access.ts';
import { useSession } from '../session/current-session.ts';
import { EnvironmentGate } from './EnvironmentGate.tsx';
import { loginPath } from './paths.ts';

/**
 * The start screen (spec §2): once the environment check passed, a signed-in user goes to
 * `lastpath` or their homepage; a visitor goes to the login page, `lastpath` kept.
 */
export function StartScreen() {
  const { user } = useSession();
  const [params] = useSearchParams();
  const lastpath = safeLastPath(params.get('lastpath'));
  if (!user) return <Navigate replace to={loginPath(lastpath)} />;
  return (
    <EnvironmentGate>
      <Navigate replace to={lastpath ?? homepageOf(user)} />
    </EnvironmentGate>
  );
}
