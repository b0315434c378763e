import type { Plugin } from 'vite';
// Relative paths: the config loader bundles them, while Node cannot import the package's .ts files.
import { DEFAULT_LANGUAGE, LANGUAGES } from '../contract/src/languages.ts';
import { STORAGE_KEYS } from '../contract/src/ui.ts';

/** The catalog modules (contract/src/i18n/<language>.ts), one chunk each in the build. */
const CATALOG_MODULE = new RegExp(`[\\\\/]contract[\\\\/]src[\\\\/]i18n[\\\\/](${LANGUAGES.join('|')})\\.ts$`);

/**
 * The page's first script: asks for the catalog of the language the app will start in while the
 * start-up code downloads, instead of once it has run. It makes main.tsx's choice (the signed-in
 * user's language, else the browser's, else the default) from the same storage key and languages.
 * For a signed-in visitor it also asks for `signedIn`, the chunk every signed-in screen shares
 * (vite.config.ts `app`), which the start-up code would only discover once it has run: on a slow
 * phone that is one more round of download after the start-up code's (issue 8, mobile LCP).
 * It sets that language on <html>, where the frame painted before the app's code takes it from
 * (first-paint.plugin.ts).
 */
export function catalogPreloadScript(
  files: Readonly<Record<string, string>>,
  signedIn: readonly string[] = [],
): string {
  return `(function(){var f=${JSON.stringify(files)},s=${JSON.stringify(signedIn)},l,u;function p(h){var k=document.createElement("link");k.rel="modulepreload";k.crossOrigin="";k.href=h;document.head.appendChild(k)}try{u=JSON.parse(localStorage.getItem(${JSON.stringify(
    STORAGE_KEYS.session,
  )})||"null");l=u&&u.accessToken&&u.meta&&u.meta.language}catch(e){}if(!f[l]){var n=(navigator.languages&&navigator.languages[0])||navigator.language||"";l=n.slice(0,2).toLowerCase()}if(!f[l])l=${JSON.stringify(
    DEFAULT_LANGUAGE,
  )};document.documentElement.lang=l;p(f[l]);if(u&&u.accessToken)for(var i=0;i<s.length;i++)p(s[i])})()`;
}

/** The chunk group of what every signed-in screen shares (vite.config.ts chunkGroups). */
export const SIGNED_IN_CHUNK = 'app';

/** Puts catalogPreloadScript at the top of the built index.html, with the catalogs' file names. */
export function catalogPreload(): Plugin {
  return {
    name: 'regie-catalog-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const files: Record<string, string> = {};
        const signedIn: string[] = [];
        for (const output of Object.values(context.bundle ?? {})) {
          if (output.type === 'chunk' && output.name === SIGNED_IN_CHUNK) signedIn.push(`/${output.fileName}`);
          if (output.type !== 'chunk' || !output.facadeModuleId) continue;
          const language = CATALOG_MODULE.exec(output.facadeModuleId)?.[1];
          if (language) files[language] = `/${output.fileName}`;
        }
        if (Object.keys(files).length !== LANGUAGES.length) {
          throw new Error(`catalog chunks not found (found: ${Object.keys(files).join(', ') || 'none'})`);
        }
        if (signedIn.length !== 1) throw new Error(`the ${SIGNED_IN_CHUNK} chunk was not found`);
        return [{ tag: 'script', children: catalogPreloadScript(files, signedIn), injectTo: 'head' }];
      },
    },
  };
}
