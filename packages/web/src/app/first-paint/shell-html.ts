/**
 * The layout's frame while the layout's code is on its way (rail, section panel, top bar with the
 * page's place in the tree and its title, a spinner where the screen will be), as HTML. One
 * markup for two painters: the page's first script draws it before any of the app's code has
 * arrived (first-paint.ts), and LayoutPlaceholder draws the same once React runs. The layout then
 * takes over without anything moving.
 *
 * Pure and import-free, so that the first script stays a few hundred bytes. The Mantine parts
 * are Mantine's own markup (Breadcrumbs, Text, Title, Center, Loader), which the web unit test
 * compares with what those components render, so that a Mantine upgrade cannot make them drift.
 */

/**
 * The element index.html paints the frame into: before #root and before the stylesheet's link,
 * so that it paints without waiting for anything (first-paint.plugin.ts); removed by the app's
 * first commit (main.tsx), which draws the same frame in #root.
 */
export const FIRST_PAINT_ELEMENT_ID = 'first-paint';

/** The layout's CSS-module classes the frame uses (layout.module.css). */
export interface FrameClasses {
  shell: string;
  rail: string;
  section: string;
  main: string;
  topBar: string;
  content: string;
}

/** The same, as a CSS module's class map gives them (any key may be missing to the type). */
type ClassMap = { readonly [name in keyof FrameClasses]?: string };

export interface FrameTexts {
  /** The page's place in the tree, the top first; shown when there are two steps or more. */
  crumbs: readonly string[];
  /** The page's title; none for a page outside the tree. */
  title?: string;
  /** The spinner's accessible name ('Loading', in the user's language). */
  loading: string;
  /** Whether the section panel has room (the page belongs to a top-level menu). */
  withSection: boolean;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

function crumbHtml(text: string): string {
  return `<p style="--text-fz:var(--mantine-font-size-sm);--text-lh:var(--mantine-line-height-sm);color:var(--mantine-color-dimmed)" class="mantine-focus-auto m_f678d540 mantine-Breadcrumbs-breadcrumb m_b6d8b162 mantine-Text-root" data-size="sm">${escapeHtml(text)}</p>`;
}

/** Mantine's `<Breadcrumbs separatorMargin={6} mb={4}>` of `<Text size="sm" c="dimmed">` items. */
export function breadcrumbsHtml(crumbs: readonly string[]): string {
  const items = crumbs.map(crumbHtml).join('<div class="m_3b8f2208 mantine-Breadcrumbs-separator">/</div>');
  return `<div style="--bc-separator-margin:calc(0.375rem * var(--mantine-scale));margin-bottom:calc(0.25rem * var(--mantine-scale))" class="m_8b3717df mantine-Breadcrumbs-root">${items}</div>`;
}

/** Mantine's `<Title order={1} size="h2">`: the page title, as the layout's top bar draws it. */
export function titleHtml(title: string): string {
  return `<h1 style="--title-fw:var(--mantine-h2-font-weight);--title-lh:var(--mantine-h2-line-height);--title-fz:var(--mantine-h2-font-size)" class="m_8a5d1357 mantine-Title-root" data-size="h2" data-order="1">${escapeHtml(title)}</h1>`;
}

/** The Spinner widget: Mantine's `<Center py="xl" role="status">` around a `<Loader>`. */
export function spinnerHtml(loading: string): string {
  return `<div style="padding-block:var(--mantine-spacing-xl)" class="m_4451eb3a mantine-Center-root" role="status" aria-label="${escapeHtml(loading)}"><span class="m_b34414df m_5ae2e3c mantine-Loader-root"></span></div>`;
}

/** What goes inside the frame's root element (whose class is `classes.shell`). */
export function frameInnerHtml(classes: ClassMap, texts: FrameTexts): string {
  const crumbs = texts.crumbs.length > 1 ? breadcrumbsHtml(texts.crumbs) : '';
  const title = texts.title === undefined ? '' : titleHtml(texts.title);
  return [
    `<div class="${classes.rail ?? ''}"></div>`,
    texts.withSection ? `<div class="${classes.section ?? ''}"></div>` : '',
    `<div class="${classes.main ?? ''}">`,
    `<div class="${classes.topBar ?? ''}" data-without-tabs="true">${crumbs}${title}</div>`,
    `<div class="${classes.content ?? ''}">${spinnerHtml(texts.loading)}</div>`,
    '</div>',
  ].join('');
}

/** The whole frame, its root included. */
export function frameHtml(classes: ClassMap, texts: FrameTexts): string {
  return `<div class="${classes.shell ?? ''}">${frameInnerHtml(classes, texts)}</div>`;
}
