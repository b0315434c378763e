import type { Plugin } from 'vite';
// Relative paths: the config loader bundles them, while Node cannot import the package's .ts files.
import { DEFAULT_LANGUAGE, LANGUAGES } from '../contract/src/languages.ts';
import { STORAGE_KEYS } from '../contract/src/ui.ts';
import { START_CODE_GLOBAL } from './src/app/first-paint/start-code.ts';

/** The catalog modules (contract/src/i18n/<language>.ts), one chunk each in the build. */
const CATALOG_MODULE = new RegExp(`[\\\\/]contract[\\\\/]src[\\\\/]i18n[\\\\/](${LANGUAGES.join('|')})\\.ts$`);

/** The app's code as Vite wrote it into index.html: the module entry and its preloads. */
export interface AppCode {
  entry: string;
  preloads: readonly string[];
}

/**
 * The page's first script. It makes main.tsx's language choice (the signed-in user's language,
 * else the browser's, else the default) from the same storage key and languages, and sets it on
 * <html>, where the frame painted before the app's code takes it from (first-paint.plugin.ts).
 * It then defines START_CODE_GLOBAL, which asks for the app's code: its entry and preloads, the
 * catalog of that language (instead of once the start-up code has run) and, for a signed-in
 * visitor, `signedIn`, the chunk every signed-in screen shares (vite.config.ts `app`), which the
 * start-up code would only discover once it has run (issue 8, mobile LCP).
 The first paint's script calls it (first-paint.entry.ts): once what it painted (a signed-in
 * page's frame, a visitor's login page) is on screen, so that it is painted while nothing else is
 * arriving (on a slow phone, 300 KB of code would hold the network and the main thread) and the
 * code comes right after; at once when it painted nothing.
 */
export function catalogPreloadScript(
  files: Readonly<Record<string, string>>,
  signedIn: readonly string[] = [],
  code: AppCode = { entry: '', preloads: [] },
): string {
  return `(function(){var f=${JSON.stringify(files)},s=${JSON.stringify(signedIn)},c=${JSON.stringify(code)},l,u,d=0;function p(h){var k=document.createElement("link");if(/\\.css$/.test(h)){k.rel="preload";k.as="style"}else k.rel="modulepreload";k.crossOrigin="";k.href=h;document.head.appendChild(k)}try{u=JSON.parse(localStorage.getItem(${JSON.stringify(
    STORAGE_KEYS.session,
  )})||"null")}catch(e){}u=u&&u.accessToken?u:null;l=u&&u.meta&&u.meta.language;if(!f[l]){var n=(navigator.languages&&navigator.languages[0])||navigator.language||"";l=n.slice(0,2).toLowerCase()}if(!f[l])l=${JSON.stringify(
    DEFAULT_LANGUAGE,
  )};document.documentElement.lang=l;window[${JSON.stringify(START_CODE_GLOBAL)}]=function(){if(d)return;d=1;var i,e;for(i=0;i<c.preloads.length;i++)p(c.preloads[i]);p(f[l]);if(u)for(i=0;i<s.length;i++)p(s[i]);if(c.entry){e=document.createElement("script");e.type="module";e.crossOrigin="";e.src=c.entry;document.head.appendChild(e)}}})()`;
}

/** Vite's tags for the app's code in the built index.html, which the first script now writes. */
const ENTRY_SCRIPT = /[ \t]*<script type="module" crossorigin src="(\/[^"]+\.js)"><\/script>\n?/g;
const MODULE_PRELOAD = /[ \t]*<link rel="modulepreload" crossorigin href="(\/[^"]+\.js)">\n?/g;

/** Takes Vite's module entry and preloads out of index.html. */
export function takeAppCode(html: string): { html: string; code: AppCode } {
  const entries = [...html.matchAll(ENTRY_SCRIPT)].map((match) => match[1] ?? '');
  if (entries.length !== 1) throw new Error(`index.html has ${entries.length} module entries, not one`);
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1] ?? '');
  return {
    html: html.replace(ENTRY_SCRIPT, '').replace(MODULE_PRELOAD, ''),
    code: { entry: entries[0] ?? '', preloads },
  };
}

/** The chunk group of what every signed-in screen shares (vite.config.ts chunkGroups). */
export const SIGNED_IN_CHUNK = 'app';

/**
 * Puts catalogPreloadScript at the top of the built index.html, with the catalogs' file names,
 * in place of Vite's tags for the app's code.
 */
export function catalogPreload(): Plugin {
  return {
    name: 'regie-catalog-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!context.filename.endsWith('index.html')) return html;
        const files: Record<string, string> = {};
        const signedIn: string[] = [];
        for (const output of Object.values(context.bundle ?? {})) {
          if (output.type === 'chunk' && output.name === SIGNED_IN_CHUNK) {
            // Its stylesheet too, which Vite would ask for only once the start-up code has run.
            signedIn.push(
              `/${output.fileName}`,
              ...[...(output.viteMetadata?.importedCss ?? [])].map((css) => `/${css}`),
            );
          }
          if (output.type !== 'chunk' || !output.facadeModuleId) continue;
          const language = CATALOG_MODULE.exec(output.facadeModuleId)?.[1];
          if (language) files[language] = `/${output.fileName}`;
        }
        if (Object.keys(files).length !== LANGUAGES.length) {
          throw new Error(`catalog chunks not found (found: ${Object.keys(files).join(', ') || 'none'})`);
        }
        if (!signedIn.some((file) => file.endsWith('.js')))
          throw new Error(`the ${SIGNED_IN_CHUNK} chunk was not found`);
        const { html: withoutCode, code } = takeAppCode(html);
        return {
          html: withoutCode,
          tags: [{ tag: 'script', children: catalogPreloadScript(files, signedIn, code), injectTo: 'head' }],
        };
      },
    },
  };
}
