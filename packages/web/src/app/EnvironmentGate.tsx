import { type ReactNode, useDeferredValue } from 'react';
import { isSessionError } from '../api/client.ts';
import { useEnvironment } from '../api/queries.ts';
import { LayoutPlaceholder } from './layout/LayoutPlaceholder.tsx';
import { Splash } from './Splash.tsx';

/**
 * The environment check (spec §4 "Admin payload load"): a spinner, in the layout's frame (on the
 * start screen: the Splash), while it runs, the page once it passed, the red full spinner when it failed. A rejected token ends the session instead (the
 * query client does it), and the session guard then sends the user to /login?lastpath=….
 */
export function EnvironmentGate({
  children,
  pending = <LayoutPlaceholder />,
}: {
  children: ReactNode;
  /** What shows while the check runs: the layout's frame, or (the start screen) the Splash. */
  pending?: ReactNode;
}) {
  const environment = useEnvironment();
  // The page behind the check (layout, menus, the screen) is drawn in a deferred render, which
  // React does in slices between frames: one long task would leave the page unresponsive.
  const passed = useDeferredValue(environment.isSuccess);
  if (environment.isSuccess && passed) return children;
  if (environment.isError && !isSessionError(environment.error)) {
    return <Splash failed onRetry={() => environment.refetch()} />;
  }
  return pending;
}
