import { STORAGE_KEYS } from '@regie/contract/ui';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { T } from '../../i18n/T.tsx';
import { renderWithProviders } from '../../test-utils.tsx';
import { Splash } from '../Splash.tsx';
import { type FirstPaintData, paintFrame } from './first-paint.ts';
import { START_SCREEN_PATHS, startScreenHtml } from './start-screen-html.tsx';

// Spec §2's start screen (logo, 'Welcome', 'Loading') painted by index.html on the pages that
// open on it, before any of the app's code has arrived, then drawn again by the app (Splash).

let data: FirstPaintData;
beforeAll(async () => {
  const start: Record<string, Record<string, string>> = {};
  for (const path of START_SCREEN_PATHS) {
    start[path] = { en: await startScreenHtml(path, 'en'), fr: await startScreenHtml(path, 'fr') };
  }
  data = {
    storageKey: STORAGE_KEYS.session,
    classes: { shell: 's', rail: 'r', section: 'x', main: 'm', topBar: 't', content: 'c' },
    routes: [],
    labels: { en: [], fr: [] },
    loading: { en: 'Loading', fr: 'Chargement' },
    defaultLanguage: 'en',
    start,
  };
  // Rendering a language sets it on <html>, as the app does: each test starts in English.
  document.documentElement.lang = 'en';
});
afterEach(() => {
  localStorage.clear();
  document.documentElement.lang = 'en';
  cleanup();
});

function painted(path: string): HTMLElement | null {
  const target = document.createElement('div');
  return paintFrame(data, target, path) ? target : null;
}

/**
 * An element as a browser sees it, whatever the way it was written: tag, attributes in order
 * of name (a style as the browser reads it), then the children.
 */
function canonical(element: Element): string {
  const attributes = [...element.attributes]
    .map((attribute) =>
      attribute.name === 'style'
        ? `style=${(element as HTMLElement).style.cssText}`
        : `${attribute.name}=${attribute.value}`,
    )
    .sort();
  const children = [...element.childNodes].map((node) =>
    node instanceof Element ? canonical(node) : (node.textContent ?? ''),
  );
  return `<${element.tagName} ${attributes.join(' ')}>${children.join('')}</${element.tagName}>`;
}

/** What the app's own start screen draws, for comparison. */
function drawn(path: string, language: 'en' | 'fr'): string {
  const message = path === '/check' ? <T k="check.checking" /> : undefined;
  const { container } = renderWithProviders(<Splash message={message} />, { language });
  const main = container.querySelector('main');
  const markup = main ? canonical(main) : '';
  cleanup();
  return markup;
}

describe('the start screen index.html paints', () => {
  it('shows the logo, Welcome and Loading on /, in the language the page starts in', () => {
    const english = painted('/');
    expect(english?.querySelector('img')?.getAttribute('alt')).toBe('Regie');
    expect(english?.querySelector('h1')?.textContent).toBe('Welcome');
    expect(english?.querySelector('[role="status"]')?.textContent).toBe('Loading');
    document.documentElement.lang = 'fr';
    const french = painted('/');
    expect(french?.querySelector('h1')?.textContent).toBe('Bienvenue');
    expect(french?.querySelector('[role="status"]')?.getAttribute('aria-label')).toBe('Chargement');
  });

  it('is painted for a visitor and for a signed-in user alike, and says what /check does', () => {
    expect(painted('/')).not.toBeNull();
    localStorage.setItem(STORAGE_KEYS.session, JSON.stringify({ accessToken: 't' }));
    expect(painted('/')).not.toBeNull();
    expect(painted('/check')?.querySelector('[role="status"]')?.textContent).toBe('Checking your session');
  });

  it('is what the app’s start screen then draws, in either language', () => {
    for (const language of ['en', 'fr'] as const) {
      document.documentElement.lang = language;
      for (const path of START_SCREEN_PATHS) {
        const early = painted(path)?.querySelector('main');
        expect(early ? canonical(early) : null, `${path} (${language})`).toBe(drawn(path, language));
      }
    }
  });

  it('is not painted on other pages', () => {
    expect(painted('/login')).toBeNull();
    expect(painted('/account/users/list')).toBeNull();
    expect(painted('/checks')).toBeNull();
  });
});
