import { runInNewContext } from 'node:vm';
import { STORAGE_KEYS } from '@regie/contract/ui';
import { describe, expect, it } from 'vitest';
import { catalogPreloadScript } from '../../catalog-preload.plugin.ts';
import { browserLanguage } from './i18n.ts';

const FILES = { en: '/assets/en-1.js', fr: '/assets/fr-2.js' };

/** Runs the page's first script as a browser would, and says which catalog it asked for. */
function preloaded(stored: unknown, languages: readonly string[]): string | undefined {
  const links: { rel: string; href: string; crossOrigin: string | null }[] = [];
  const storage = new Map<string, string>();
  if (stored !== undefined) {
    storage.set(STORAGE_KEYS.session, typeof stored === 'string' ? stored : JSON.stringify(stored));
  }
  runInNewContext(catalogPreloadScript(FILES), {
    localStorage: { getItem: (key: string) => storage.get(key) ?? null },
    navigator: { languages, language: languages[0] },
    document: {
      createElement: () => ({ rel: '', href: '', crossOrigin: null }),
      head: { appendChild: (link: (typeof links)[number]) => links.push(link) },
    },
  });
  expect(links).toHaveLength(1);
  expect(links[0]?.rel).toBe('modulepreload');
  return links[0]?.href;
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
});
