import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { rolldown } from 'rolldown';
import type { HtmlTagDescriptor, Plugin } from 'vite';
// Relative paths: the config loader bundles them, while Node cannot import the package's .ts files.
import { en } from '../contract/src/i18n/en.ts';
import { fr } from '../contract/src/i18n/fr.ts';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../contract/src/languages.ts';
import { lineage, ROUTES } from '../contract/src/routes.ts';
import { STORAGE_KEYS } from '../contract/src/ui.ts';
import { scopedClassName } from './css-modules.ts';
import type { FirstPaintData } from './src/app/first-paint/first-paint.ts';
import type { FrameClasses } from './src/app/first-paint/shell-html.ts';

const CATALOGS: Record<Language, Readonly<Record<string, string>>> = { en, fr };
const source = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const FIRST_PAINT_ENTRY = source('src/app/first-paint/first-paint.ts');
const THEME_STYLE_ENTRY = source('src/app/first-paint/theme-style.ts');
const LAYOUT_CSS = source('src/app/layout/layout.module.css');
// Inside the package, so that the bundle's bare imports (react, @mantine/core) resolve as usual.
const CACHE_DIR = source('node_modules/.cache/regie-first-paint/');
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

async function firstPaintScript(): Promise<string> {
  const bundle = await rolldown({ input: FIRST_PAINT_ENTRY, platform: 'browser' });
  try {
    const { output } = await bundle.generate({ format: 'iife', minify: true, codeSplitting: false });
    return `(function(__REGIE_FIRST_PAINT__){${output[0].code}})(${scriptJson(firstPaintData())})`;
  } finally {
    await bundle.close();
  }
}

async function themeStyle(): Promise<string> {
  const bundle = await rolldown({
    input: THEME_STYLE_ENTRY,
    platform: 'node',
    // Only our own sources are bundled; the libraries are Node's to load.
    external: (id) => !id.startsWith('.') && !id.startsWith('/') && !id.startsWith('@regie/'),
  });
  try {
    const { output } = await bundle.generate({ format: 'es', codeSplitting: false });
    mkdirSync(CACHE_DIR, { recursive: true });
    const file = `${CACHE_DIR}theme-style-${process.pid}-${Date.now()}.mjs`;
    writeFileSync(file, output[0].code);
    try {
      const module: { themeStyle: () => string } = await import(pathToFileURL(file).href);
      return module.themeStyle();
    } finally {
      rmSync(file, { force: true });
    }
  } finally {
    await bundle.close();
  }
}

/**
 * The signed-in page's first paint (issue 8, mobile LCP): index.html gets the theme's CSS
 * variables and a small script that draws the layout's frame with the page's title as soon as the
 * HTML and the stylesheet are in, instead of once the app's code (300 KB compressed) has
 * downloaded and run. See src/app/first-paint/.
 */
export function firstPaint(): Plugin {
  return {
    name: 'regie-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(_html, context): Promise<HtmlTagDescriptor[]> {
        if (!context.filename.endsWith('index.html')) return [];
        const [script, style] = await Promise.all([firstPaintScript(), themeStyle()]);
        return [
          { tag: 'style', attrs: { 'data-first-paint': true }, children: style, injectTo: 'head' },
          { tag: 'script', children: script, injectTo: 'body' },
        ];
      },
    },
  };
}
