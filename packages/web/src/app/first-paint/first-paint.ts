/**
 * The page's first script. For a signed-in page of the tree it paints the layout's frame with the
 * page's place in the tree and its title, in the user's language, for a visitor the login page,
 * and on / and /check the start screen, as soon as the HTML is in:
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
  /**
   * The login page for a visitor who is not signed in: its path, and its markup per language
   * (login-page-html.tsx, written in at build time).
   */
  login?: { path: string; pages: Record<string, string> };
  /**
   * The start screen (logo, 'Welcome', 'Loading') on the pages that open on it, signed in or
   * not: its markup by path, then by language (start-screen-html.tsx, written in at build time).
   */
  start?: Record<string, Record<string, string>>;
}

function signedIn(storageKey: string): boolean {
  try {
    const session = JSON.parse(localStorage.getItem(storageKey) ?? 'null');
    return Boolean(session?.accessToken);
  } catch {
    return false;
  }
}

/** The language the app starts in: the head script chose it and set it on <html>. */
function pageLanguage(known: Record<string, unknown>, fallback: string): string {
  const language = document.documentElement.lang;
  return known[language] ? language : fallback;
}

/**
 * A visitor on the login page sees it at once: the app's own login page, rendered at build time.
 * It takes no input until the app's copy replaces it (inert), so nothing typed is lost.
 */
function paintLogin(data: FirstPaintData, target: HTMLElement, pathname: string): boolean {
  if (!data.login || pathname !== data.login.path) return false;
  const markup = data.login.pages[pageLanguage(data.login.pages, data.defaultLanguage)];
  if (!markup) return false;
  target.inert = true;
  target.innerHTML = markup;
  return true;
}

/** The start screen, on the pages that open on it (/, /check), whoever is there. */
function paintStart(data: FirstPaintData, target: HTMLElement, pathname: string): boolean {
  const pages = data.start && Object.hasOwn(data.start, pathname) ? data.start[pathname] : undefined;
  if (!pages) return false;
  const markup = pages[pageLanguage(pages, data.defaultLanguage)];
  if (!markup) return false;
  target.innerHTML = markup;
  return true;
}

/**
 * Paints, into `target`, what the page at `pathname` shows first: the start screen, a signed-in
 * user's frame of a page of the tree, or a visitor's login page. Says whether it painted anything.
 */
export function paintFrame(data: FirstPaintData, target: HTMLElement | null, pathname: string): boolean {
  if (!target) return false;
  if (paintStart(data, target, pathname)) return true;
  if (!signedIn(data.storageKey)) return paintLogin(data, target, pathname);
  const match = matchPattern(data.routes, pathname);
  if (!match) return false;
  const language = pageLanguage(data.labels, data.defaultLanguage);
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
