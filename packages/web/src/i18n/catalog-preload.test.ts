import { runInNewContext } from 'node:vm';
import { STORAGE_KEYS } from '@regie/contract/ui';
import { describe, expect, it } from 'vitest';
import { catalogPreloadScript } from '../../catalog-preload.plugin.ts';
import { browserLanguage } from './i18n.ts';

const FILES = { en: '/assets/en-1.js', fr: '/assets/fr-2.js' };
const SIGNED_IN = ['/assets/app-3.js'];

/** Runs the page's first script as a browser would, and says which modules it asked for. */
function preloads(stored: unknown, languages: readonly string[]): string[] {
  const links: { rel: string; href: string; crossOrigin: string | null }[] = [];
  const storage = new Map<string, string>();
  const documentElement = { lang: 'en' };
  if (stored !== undefined) {
    storage.set(STORAGE_KEYS.session, typeof stored === 'string' ? stored : JSON.stringify(stored));
  }
  runInNewContext(catalogPreloadScript(FILES, SIGNED_IN), {
    localStorage: { getItem: (key: string) => storage.get(key) ?? null },
    navigator: { languages, language: languages[0] },
    document: {
      documentElement,
      createElement: () => ({ rel: '', href: '', crossOrigin: null }),
      head: { appendChild: (link: (typeof links)[number]) => links.push(link) },
    },
  });
  expect(links.every((link) => link.rel === 'modulepreload' && link.crossOrigin === '')).toBe(true);
  // The language chosen is set on <html> (the frame painted before the app's code reads it).
  expect(links[0]?.href).toBe(FILES[documentElement.lang as keyof typeof FILES]);
  return links.map((link) => link.href);
}

/** The catalog it asked for (always first). */
function preloaded(stored: unknown, languages: readonly string[]): string | undefined {
  return preloads(stored, languages)[0];
}

describe('the catalog the page asks for before its code has run', () => {
  it('is the signed-in user’s language, whatever the browser says', () => {
    expect(preloaded({ accessToken: 't', meta: { language: 'fr' } }, ['en-GB'])).toBe(FILES.fr);
    expect(preloaded({ accessToken: 't', meta: { language: 'en' } }, ['fr-FR'])).toBe(FILES.en);
  });

  it('is the browser’s language for a visitor, as the app chooses it (browserLanguage)', () => {
    for (const languages of [['fr-FR', 'en'], ['en-US'], ['de-DE', 'fr'], ['FR'], []]) {
      const expected = FILES[browserLanguage(languages)];
      expect(preloaded(undefined, languages)).toBe(expected);
    }
  });

  it('ignores a stored session without a token, or one that cannot be read', () => {
    expect(preloaded({ meta: { language: 'fr' } }, ['en-US'])).toBe(FILES.en);
    expect(preloaded('not json {', ['fr-CA'])).toBe(FILES.fr);
  });

  it('asks for the signed-in screens’ shared code only when someone is signed in', () => {
    expect(preloads({ accessToken: 't', meta: { language: 'fr' } }, ['en-GB'])).toEqual([FILES.fr, ...SIGNED_IN]);
    expect(preloads(undefined, ['en-GB'])).toEqual([FILES.en]);
    expect(preloads({ meta: { language: 'fr' } }, ['en-GB'])).toEqual([FILES.en]);
  });
});
