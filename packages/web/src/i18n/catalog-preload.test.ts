import { runInNewContext } from 'node:vm';
import { STORAGE_KEYS } from '@regie/contract/ui';
import { describe, expect, it } from 'vitest';
import { catalogPreloadScript, takeAppCode } from '../../catalog-preload.plugin.ts';
import { START_CODE_GLOBAL } from '../app/first-paint/start-code.ts';
import { browserLanguage } from './i18n.ts';

const FILES = { en: '/assets/en-1.js', fr: '/assets/fr-2.js' };
const SIGNED_IN = ['/assets/app-3.js'];
const CODE = { entry: '/assets/index-4.js', preloads: ['/assets/runtime-5.js', '/assets/web-6.js'] };

interface Added {
  tag: string;
  rel: string;
  href: string;
  src: string;
  type: string;
  crossOrigin: string | null;
}

/**
 * Runs the page's first script as a browser would: what it asked for at once, and what it asks
 * for once the code is started (START_CODE_GLOBAL, called by the first paint's script).
 */
function run(stored: unknown, languages: readonly string[]) {
  const added: Added[] = [];
  const storage = new Map<string, string>();
  const documentElement = { lang: 'en' };
  const window: Record<string, unknown> = {};
  if (stored !== undefined) {
    storage.set(STORAGE_KEYS.session, typeof stored === 'string' ? stored : JSON.stringify(stored));
  }
  runInNewContext(catalogPreloadScript(FILES, SIGNED_IN, CODE), {
    window,
    localStorage: { getItem: (key: string) => storage.get(key) ?? null },
    navigator: { languages, language: languages[0] },
    document: {
      documentElement,
      createElement: (tag: string) => ({ tag, rel: '', href: '', src: '', type: '', crossOrigin: null }),
      head: { appendChild: (element: Added) => added.push(element) },
    },
  });
  const atOnce = added.length;
  const start = window[START_CODE_GLOBAL] as () => void;
  start();
  start(); // a second call asks for nothing more
  const preloads = added.filter((element) => element.tag === 'link');
  const scripts = added.filter((element) => element.tag === 'script');
  expect(preloads.every((link) => link.rel === 'modulepreload' && link.crossOrigin === '')).toBe(true);
  expect(scripts).toEqual([expect.objectContaining({ type: 'module', src: CODE.entry, crossOrigin: '' })]);
  const modules = preloads.map((link) => link.href);
  expect(modules.slice(0, CODE.preloads.length)).toEqual(CODE.preloads);
  const asked = modules.slice(CODE.preloads.length);
  // The language chosen is set on <html> (the frame painted before the app's code reads it).
  expect(asked[0]).toBe(FILES[documentElement.lang as keyof typeof FILES]);
  return { asked, startedAtOnce: atOnce > 0 };
}

/** The catalog it asked for (always first after the entry's own modules). */
function preloaded(stored: unknown, languages: readonly string[]): string | undefined {
  return run(stored, languages).asked[0];
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
    expect(run({ accessToken: 't', meta: { language: 'fr' } }, ['en-GB']).asked).toEqual([FILES.fr, ...SIGNED_IN]);
    expect(run(undefined, ['en-GB']).asked).toEqual([FILES.en]);
    expect(run({ meta: { language: 'fr' } }, ['en-GB']).asked).toEqual([FILES.en]);
  });
});

describe('when the app’s code is asked for', () => {
  it('never by this script itself: the first paint’s script starts it, after what it painted', () => {
    expect(run(undefined, ['en-GB']).startedAtOnce).toBe(false);
    expect(run({ accessToken: 't', meta: { language: 'fr' } }, ['en-GB']).startedAtOnce).toBe(false);
  });
});

describe('the signed-in screens’ stylesheet', () => {
  it('is asked for with their code, as a style preload', () => {
    const added: { tag: string; rel: string; as?: string; href: string }[] = [];
    const window: Record<string, unknown> = {};
    runInNewContext(catalogPreloadScript(FILES, ['/assets/app-3.js', '/assets/app-3.css'], CODE), {
      window,
      localStorage: { getItem: () => JSON.stringify({ accessToken: 't', meta: { language: 'en' } }) },
      navigator: { languages: ['en'], language: 'en' },
      document: {
        documentElement: { lang: 'en' },
        createElement: (tag: string) => ({ tag, rel: '', href: '' }),
        head: { appendChild: (element: (typeof added)[number]) => added.push(element) },
      },
    });
    (window[START_CODE_GLOBAL] as () => void)();
    expect(added.find((element) => element.href === '/assets/app-3.css')).toMatchObject({
      rel: 'preload',
      as: 'style',
    });
    expect(added.find((element) => element.href === '/assets/app-3.js')).toMatchObject({ rel: 'modulepreload' });
  });
});

describe('Vite’s tags for the app’s code', () => {
  const html = `<head>
    <script type="module" crossorigin src="/assets/index-4.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/runtime-5.js">
    <link rel="modulepreload" crossorigin href="/assets/web-6.js">
    <link rel="stylesheet" crossorigin href="/assets/web-7.css">
  </head>`;

  it('are taken out of index.html, the stylesheet left in place', () => {
    const taken = takeAppCode(html);
    expect(taken.code).toEqual(CODE);
    expect(taken.html).not.toContain('<script');
    expect(taken.html).not.toContain('modulepreload');
    expect(taken.html).toContain('web-7.css');
  });

  it('must hold exactly one entry', () => {
    expect(() => takeAppCode('<head></head>')).toThrow(/0 module entries/);
  });
});
