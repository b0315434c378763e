import { isRecord } from '@regie/contract/guards';
import type { MessageKey } from '@regie/contract/i18n/en';
import type { RouteEntry } from '@regie/contract/menu';
import { fillPath } from '@regie/contract/routes';
import { useMatches, useParams } from 'react-router';

/** What each route of the tree carries in react-router's `handle`. */
export interface RouteHandle {
  entry: RouteEntry;
}

function isRouteHandle(value: unknown): value is RouteHandle {
  return isRecord(value) && isRecord(value.entry) && typeof value.entry.fullPath === 'string';
}

/** The route tree's entry of the page on screen, if it is one. */
export function useCurrentEntry(): RouteEntry | undefined {
  const matches = useMatches();
  for (const match of [...matches].reverse()) {
    if (isRouteHandle(match.handle)) return match.handle.entry;
  }
  return undefined;
}

// The page's trail and title entry are the route tree's (the page's first script uses them too).
export { lineage, titleEntry } from '@regie/contract/routes';

/** The label key of an entry (data, so unchecked by the type: a missing one shows the red notice). */
export function labelKey(entry: RouteEntry): MessageKey {
  return entry.node.labelKey as MessageKey;
}

/** The current URL parameters, without the optional ones left empty. */
export function useDefinedParams(): Record<string, string> {
  const params = useParams();
  return Object.fromEntries(Object.entries(params).filter((pair): pair is [string, string] => Boolean(pair[1])));
}

/** A link to an entry, with the parameters of the current page; null when one is missing. */
export function hrefOf(entry: RouteEntry, params: Record<string, string> = {}): string | null {
  try {
    return fillPath(entry.fullPath, params);
  } catch {
    return null;
  }
}
