import { isPlatformAdmin } from '@regie/contract/access';
import type { RouteEntry } from '@regie/contract/menu';
import { canAccess, firstAccessibleChild } from '@regie/contract/routes';
import { Navigate, useLocation } from 'react-router';
import { useAccessSubject } from '../session/access.ts';
import { openingTab } from './layout/navigation.ts';
import { ScreenLoader } from './layout/ScreenLoader.tsx';
import { ExternalLinkScreen, NotAvailableYet, ScreenPending } from './layout/ScreenPanels.tsx';
import { hrefOf, lineage, useDefinedParams } from './route-entry.ts';
import { screenFor } from './screens.ts';

/** The admin redirect of the nearest `hiddenForAdmin` entry (settings → users), if any. */
function adminRedirect(entry: RouteEntry): string | undefined {
  return lineage(entry).find((item) => item.node.hiddenForAdmin)?.node.redirectAdminTo;
}

/**
 * What a route of the tree shows (spec §2): its registered screen, or a redirect (admins away
 * from settings, users lacking a role or module to /notauthorized, a parent to its first
 * accessible child), or a panel saying the screen is not there yet.
 */
export function RouteScreen({ entry }: { entry: RouteEntry }) {
  const subject = useAccessSubject();
  const params = useDefinedParams();
  const location = useLocation();
  const notAuthorized = `/notauthorized?nextPathname=${encodeURIComponent(location.pathname)}`;

  const adminTarget = isPlatformAdmin(subject) ? adminRedirect(entry) : undefined;
  if (adminTarget) return <Navigate replace to={adminTarget} />;
  if (!canAccess(subject, entry)) return <Navigate replace to={notAuthorized} />;

  // A page of tabs opened without one (an edit page's bare URL): its first tab, whatever its screen.
  const tab = openingTab(subject, entry);
  if (entry.node.tabs && entry.children.length > 0)
    return <Navigate replace to={(tab && hrefOf(tab, params)) ?? notAuthorized} />;

  const Screen = screenFor(entry);
  if (Screen) {
    return (
      <ScreenLoader>
        <Screen />
      </ScreenLoader>
    );
  }
  if (entry.node.disabled) return <NotAvailableYet hintKey={entry.node.disabledHintKey} />;
  if (entry.node.externalUrlKey) return <ExternalLinkScreen entry={entry} />;
  if (entry.children.length > 0) {
    const child = firstAccessibleChild(subject, entry);
    const target = child && hrefOf(child, params);
    return <Navigate replace to={target ?? notAuthorized} />;
  }
  return <ScreenPending />;
}
