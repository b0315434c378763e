import { Navigate, useSearchParams } from 'react-router';
import { homepageOf, safeLastPath } from '../session/access.ts';
import { useSession } from '../session/current-session.ts';
import { EnvironmentGate } from './EnvironmentGate.tsx';
import { loginPath } from './paths.ts';
import { Splash } from './Splash.tsx';

/**
 * The start screen (spec §2): logo, 'Welcome', 'Loading' (painted from the HTML first, then the
 * same Splash here) until the environment check passed; then a signed-in user goes to `lastpath`
 * or their homepage, and a visitor goes to the login page, `lastpath` kept.
 */
export function StartScreen() {
  const { user } = useSession();
  const [params] = useSearchParams();
  const lastpath = safeLastPath(params.get('lastpath'));
  if (!user) {
    // The Splash stays until the login page is drawn: the page never goes blank in between.
    return (
      <>
        <Splash />
        <Navigate replace to={loginPath(lastpath)} />
      </>
    );
  }
  return (
    <EnvironmentGate pending={<Splash />}>
      <Navigate replace to={lastpath ?? homepageOf(user)} />
    </EnvironmentGate>
  );
}
