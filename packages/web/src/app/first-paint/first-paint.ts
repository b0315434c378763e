/**
 * The page's first script for a signed-in page of the tree: paints the layout's frame with the
 * page's place in the tree and its title, in the user's language, as soon as the HTML is in:
 * before the stylesheet (what the frame needs of it is inlined in the head) and before any of the
 * app's code has arrived (on a slow phone, seconds before). React's first commit then draws the
 * same frame in #root (LayoutPlaceholder, same markup) and removes this one (main.tsx). Bundled on its own into index.html by first-paint.plugin.ts, with the table
 * below written in at build time from the route tree and the catalogs.
 */
import { matchPattern, titleStep } from '@regie/contract/route-pattern';
import { type FrameClasses, frameHtml } from './shell-html.ts';

export interface FirstPaintRoute {
  fullPath: string;
  depth: number;
  /** The labels of the page's trail, the top first, as indexes in `labels`. */
  trail: number[];
}

export interface FirstPaintData {
  /** Where the session is kept (contract STORAGE_KEYS.session). */
  storageKey: string;
  classes: FrameClasses;
  routes: FirstPaintRoute[];
  /** Per language, the route labels by index, and the spinner's name. */
  labels: Record<string, string[]>;
  loading: Record<string, string>;
  defaultLanguage: string;
}

function signedIn(storageKey: string): boolean {
  try {
    const session = JSON.parse(localStorage.getItem(storageKey) ?? 'null');
    return Boolean(session?.accessToken);
  } catch {
    return false;
  }
}

export function paintFrame(data: FirstPaintData, target: HTMLElement | null, pathname: string): boolean {
  if (!target || !signedIn(data.storageKey)) return false;
  const match = matchPattern(data.routes, pathname);
  if (!match) return false;
  // The language the app starts in: the catalog preload (head script) chose it and set it on <html>.
  const language = data.labels[document.documentElement.lang] ? document.documentElement.lang : data.defaultLanguage;
  const labels = data.labels[language] ?? [];
  const crumbs = match.entry.trail.map((index) => labels[index] ?? '');
  const title = titleStep(match.entry.trail);
  target.innerHTML = frameHtml(data.classes, {
    crumbs,
    title: title === undefined ? undefined : labels[title],
    loading: data.loading[language] ?? '',
    withSection: crumbs.length > 0,
  });
  return true;
}
