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
 */
export function catalogPreloadScript(files: Readonly<Record<string, string>>): string {
  return `(function(){var f=${JSON.stringify(files)},l;try{var u=JSON.parse(localStorage.getItem(${JSON.stringify(
    STORAGE_KEYS.session,
  )})||"null");l=u&&u.accessToken&&u.meta&&u.meta.language}catch(e){}if(!f[l]){var n=(navigator.languages&&navigator.languages[0])||navigator.language||"";l=n.slice(0,2).toLowerCase()}if(!f[l])l=${JSON.stringify(
    DEFAULT_LANGUAGE,
  )};var k=document.createElement("link");k.rel="modulepreload";k.crossOrigin="";k.href=f[l];document.head.appendChild(k)})()`;
}

/** Puts catalogPreloadScript at the top of the built index.html, with the catalogs' file names. */
export function catalogPreload(): Plugin {
  return {
    name: 'regie-catalog-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const files: Record<string, string> = {};
        for (const output of Object.values(context.bundle ?? {})) {
          if (output.type !== 'chunk' || !output.facadeModuleId) continue;
          const language = CATALOG_MODULE.exec(output.facadeModuleId)?.[1];
          if (language) files[language] = `/${output.fileName}`;
        }
        if (Object.keys(files).length !== LANGUAGES.length) {
          throw new Error(`catalog chunks not found (found: ${Object.keys(files).join(', ') || 'none'})`);
        }
        return [{ tag: 'script', children: catalogPreloadScript(files), injectTo: 'head' }];
      },
    },
  };
}
