import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { rolldown } from 'rolldown';
import type { Plugin } from 'vite';
// Relative paths: the config loader bundles them, while Node cannot import the package's .ts files.
import { en } from '../contract/src/i18n/en.ts';
import { fr } from '../contract/src/i18n/fr.ts';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../contract/src/languages.ts';
import { lineage, ROUTES } from '../contract/src/routes.ts';
import { STORAGE_KEYS } from '../contract/src/ui.ts';
import { criticalCss } from './critical-css.ts';
import { scopedClassName } from './css-modules.ts';
import type { FirstPaintData } from './src/app/first-paint/first-paint.ts';
import { FIRST_PAINT_ELEMENT_ID, type FrameClasses, frameHtml } from './src/app/first-paint/shell-html.ts';
import { LOGIN_PATH } from './src/app/paths.ts';

const CATALOGS: Record<Language, Readonly<Record<string, string>>> = { en, fr };
// Not `new URL(path, import.meta.url)`: Vite rewrites that form into an asset's address.
const WEB_ROOT = dirname(fileURLToPath(import.meta.url));
const source = (path: string) => join(WEB_ROOT, path);
const FIRST_PAINT_ENTRY = source('src/app/first-paint/first-paint.entry.ts');
const THEME_STYLE_ENTRY = source('src/app/first-paint/theme-style.ts');
const LOGIN_PAGE_ENTRY = source('src/app/first-paint/login-page-html.tsx');
const START_SCREEN_ENTRY = source('src/app/first-paint/start-screen-html.tsx');
const LAYOUT_CSS = source('src/app/layout/layout.module.css');
// Inside the package, so that the bundle's bare imports (react, @mantine/core) resolve as usual.
const CACHE_DIR = source('node_modules/.cache/regie-first-paint');
const FRAME_CLASS_NAMES: readonly (keyof FrameClasses)[] = ['shell', 'rail', 'section', 'main', 'topBar', 'content'];

/** What the first script needs: the route tree's patterns and trails, and their labels per language. */
export function firstPaintData(): FirstPaintData {
  const keys: string[] = [];
  const indexOf = (key: string) => {
    const found = keys.indexOf(key);
    return found >= 0 ? found : keys.push(key) - 1;
  };
  const routes = ROUTES.map((entry) => ({
    fullPath: entry.fullPath,
    depth: entry.depth,
    trail: lineage(entry).map((step) => indexOf(step.node.labelKey)),
  }));
  const labels: Record<string, string[]> = {};
  const loading: Record<string, string> = {};
  for (const language of LANGUAGES) {
    const catalog = CATALOGS[language];
    labels[language] = keys.map((key) => catalog[key] ?? key);
    loading[language] = catalog['app.loading'] ?? 'Loading';
  }
  const classes = Object.fromEntries(
    FRAME_CLASS_NAMES.map((name) => [name, scopedClassName(name, LAYOUT_CSS)]),
  ) as unknown as FrameClasses;
  return { storageKey: STORAGE_KEYS.session, classes, routes, labels, loading, defaultLanguage: DEFAULT_LANGUAGE };
}

/** JSON that is safe inside a <script> element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

async function firstPaintScript(data: FirstPaintData): Promise<string> {
  const bundle = await rolldown({ input: FIRST_PAINT_ENTRY, platform: 'browser' });
  try {
    const { output } = await bundle.generate({ format: 'iife', minify: true, codeSplitting: false });
    return `(function(__REGIE_FIRST_PAINT__){${output[0].code}})(${scriptJson(data)})`;
  } finally {
    await bundle.close();
  }
}

/**
 * A CSS import in a module run at build time: a CSS module's class names as the build names
 * them (css-modules.ts), nothing for a plain stylesheet.
 */
const cssImports = {
  name: 'regie-build-time-css',
  load(id: string) {
    if (!id.endsWith('.css')) return null;
    if (!id.endsWith('.module.css')) return { code: 'export default {};', moduleType: 'js' as const };
    const names = new Set(
      [...readFileSync(id, 'utf8').matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((match) => match[1] ?? ''),
    );
    const classes = Object.fromEntries([...names].map((name) => [name, scopedClassName(name, id)]));
    return { code: `export default ${JSON.stringify(classes)};`, moduleType: 'js' as const };
  },
};

/**
 * What the app's modules find of a browser when run at build time: a storage with no session, a
 * window that takes listeners, <html> to set the language on.
 */
function withBrowserGlobals<T>(run: () => Promise<T>): Promise<T> {
  const globals = globalThis as Record<string, unknown>;
  const saved = { window: globals.window, document: globals.document, localStorage: globals.localStorage };
  const storage = { getItem: () => null, setItem: () => undefined, removeItem: () => undefined };
  globals.localStorage = storage;
  globals.window = { localStorage: storage, addEventListener: () => undefined, location: { pathname: '/' } };
  globals.document = { documentElement: { lang: DEFAULT_LANGUAGE } };
  return run().finally(() => Object.assign(globals, saved));
}

/** Bundles one of our modules for Node (the libraries left to Node), imports it and runs `use` on it. */
async function runAtBuildTime<M, T>(entry: string, use: (module: M) => Promise<T> | T): Promise<T> {
  const bundle = await rolldown({
    input: entry,
    platform: 'node',
    plugins: [cssImports],
    transform: { define: { 'import.meta.env.VITE_REGIE_ENV': JSON.stringify('development') } },
    // Only our own sources are bundled; the libraries are Node's to load.
    external: (id) => !id.startsWith('.') && !id.startsWith('/') && !id.startsWith('@regie/'),
  });
  try {
    const { output } = await bundle.generate({ format: 'es', codeSplitting: false });
    mkdirSync(CACHE_DIR, { recursive: true });
    const file = `${CACHE_DIR}/${basename(entry).replace(/\.tsx?$/, '')}-${process.pid}-${Date.now()}.mjs`;
    writeFileSync(file, output[0].code);
    try {
      return await withBrowserGlobals(async () => use((await import(pathToFileURL(file).href)) as M));
    } finally {
      rmSync(file, { force: true });
    }
  } finally {
    await bundle.close();
  }
}

function themeStyle(): Promise<string> {
  return runAtBuildTime(THEME_STYLE_ENTRY, (module: { themeStyle: () => string }) => module.themeStyle());
}

/** The login page's markup in each language (src/app/first-paint/login-page-html.tsx). */
function loginPages(): Promise<Record<string, string>> {
  return runAtBuildTime(
    LOGIN_PAGE_ENTRY,
    async (module: { loginPageHtml: (language: Language) => Promise<string> }) => {
      const pages: Record<string, string> = {};
      for (const language of LANGUAGES) pages[language] = await module.loginPageHtml(language);
      return pages;
    },
  );
}

/** The start screen's markup on each page that opens on it, in each language (src/app/first-paint/start-screen-html.tsx). */
function startScreens(): Promise<Record<string, Record<string, string>>> {
  return runAtBuildTime(
    START_SCREEN_ENTRY,
    async (module: {
      START_SCREEN_PATHS: readonly string[];
      startScreenHtml: (path: string, language: Language) => Promise<string>;
    }) => {
      const screens: Record<string, Record<string, string>> = {};
      for (const path of module.START_SCREEN_PATHS) {
        const pages: Record<string, string> = {};
        for (const language of LANGUAGES) pages[language] = await module.startScreenHtml(path, language);
        screens[path] = pages;
      }
      return screens;
    },
  );
}

const STYLESHEET_LINK = /[ \t]*<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>\n?/g;

/**
 * The signed-in page's first paint (issue 8, mobile LCP), the login page's and the start
 * screen's. index.html gets:
 * - in the head, what the frame needs of the stylesheet (critical-css.ts) and the theme's CSS
 *   variables, and the stylesheet's link moves down into the body, after the frame: a stylesheet
 *   in the body holds back only what follows it, so the frame paints as soon as the HTML is in;
 * - at the top of the body, the frame's element and the script that paints it
 *   (src/app/first-paint/), then the stylesheet's link, then the theme's variables again (after
 *   the stylesheet's defaults, as MantineProvider's own copy in #root will be), then #root.
 * The app's code still runs after the stylesheet (scripts wait for it), and removes the frame in
 * its first commit (main.tsx).
 */
export function firstPaint(): Plugin {
  return {
    name: 'regie-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html, context): Promise<string> {
        if (!context.filename.endsWith('index.html')) return html;
        const data = firstPaintData();
        const links = [...html.matchAll(STYLESHEET_LINK)];
        if (links.length === 0) throw new Error('index.html has no stylesheet link to move');
        const sample = frameHtml(data.classes, { crumbs: ['a', 'b'], title: 't', loading: 'l', withSection: true });
        const stylesheets = links.map(([, fileName]) => {
          const asset = context.bundle?.[fileName ?? ''];
          if (asset?.type !== 'asset') throw new Error(`stylesheet ${fileName} not found in the bundle`);
          return typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
        });
        // One after the other: each sets the browser's globals for its run.
        const theme = await themeStyle();
        const pages = await loginPages();
        data.login = { path: LOGIN_PATH, pages };
        data.start = await startScreens();
        const starts = Object.values(data.start).flatMap((byLanguage) => Object.values(byLanguage));
        const script = await firstPaintScript(data);
        const critical = criticalCss(
          stylesheets.join('\n'),
          [sample, ...Object.values(pages), ...starts].join('\n'),
          theme,
        );
        const withoutLinks = html.replace(STYLESHEET_LINK, '');
        const head = `    <style data-first-paint>${critical}${theme}</style>\n  </head>`;
        const body = [
          '<body>',
          `    <div id="${FIRST_PAINT_ELEMENT_ID}"></div>`,
          `    <script>${script}</script>`,
          ...links.map(([link]) => `    ${link.trim()}`),
          `    <style data-first-paint-theme>${theme}</style>`,
        ].join('\n');
        if (!withoutLinks.includes('</head>') || !withoutLinks.includes('<body>')) {
          throw new Error('index.html has no </head> or <body>');
        }
        return withoutLinks.replace('</head>', head).replace('<body>', body);
      },
    },
  };
}
