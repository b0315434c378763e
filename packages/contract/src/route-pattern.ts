/**
 * Matching a browser path against the route tree's patterns (`/account/users/edit/:id`,
 * `:param?` optional). Pure and free of imports: the route tree uses it (routes.ts matchRoute),
 * and so does the page's first script (web first-paint), which must not carry the tree itself.
 */

/** A pattern to match: its full path and its depth in the tree (the deepest match wins). */
export interface RoutePattern {
  fullPath: string;
  depth: number;
}

function segmentMatches(pattern: string, value: string | undefined): boolean | 'skip' {
  if (pattern.startsWith(':')) {
    if (value === undefined || value === '') return pattern.endsWith('?') ? 'skip' : false;
    return true;
  }
  return pattern === value;
}

/** The deepest pattern the path matches (the first of equals), with its parameters. */
export function matchPattern<T extends RoutePattern>(
  patterns: readonly T[],
  pathname: string,
): { entry: T; params: Record<string, string> } | undefined {
  const parts = pathname.split('/').filter(Boolean);
  let best: { entry: T; params: Record<string, string> } | undefined;
  for (const entry of patterns) {
    const pattern = entry.fullPath.split('/').filter(Boolean);
    const params: Record<string, string> = {};
    let i = 0;
    let ok = true;
    for (const segment of pattern) {
      const result = segmentMatches(segment, parts[i]);
      if (result === false) {
        ok = false;
        break;
      }
      if (result === 'skip') continue;
      if (segment.startsWith(':')) params[segment.slice(1).replace(/\?$/, '')] = decodeURIComponent(parts[i] ?? '');
      i += 1;
    }
    if (ok && i === parts.length && (!best || entry.depth > best.entry.depth)) best = { entry, params };
  }
  return best;
}

/** The step of a page's trail whose label titles the page: its section (the second), else the top. */
export function titleStep<T>(trail: readonly T[]): T | undefined {
  return trail[1] ?? trail[0];
}
