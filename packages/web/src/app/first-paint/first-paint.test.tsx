import { STORAGE_KEYS } from '@regie/contract/ui';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { firstPaintData } from '../../../first-paint.plugin.ts';
import { renderWithProviders } from '../../test-utils.tsx';
import { LayoutPlaceholder } from '../layout/LayoutPlaceholder.tsx';
import classes from '../layout/layout.module.css';
import { paintFrame } from './first-paint.ts';
import { loginPageHtml } from './login-page-html.tsx';

// The table index.html carries (built from the route tree and the catalogs), with this test
// run's CSS-module class names, so that the two painters can be compared markup for markup.
const built = firstPaintData();
const data = {
  ...built,
  classes: Object.fromEntries(
    Object.keys(built.classes).map((name) => [name, classes[name] ?? '']),
  ) as unknown as typeof built.classes,
};

function painted(path: string): string | null {
  const target = document.createElement('div');
  return paintFrame(data, target, path) ? target.innerHTML : null;
}

function placeholder(path: string, language: 'en' | 'fr'): string {
  const { container } = renderWithProviders(<LayoutPlaceholder />, { path, language });
  const markup = container.querySelector(`.${classes.shell}`)?.outerHTML ?? '';
  cleanup();
  return markup;
}

beforeEach(() => {
  localStorage.setItem(STORAGE_KEYS.session, JSON.stringify({ accessToken: 't', meta: { language: 'en' } }));
});
afterEach(() => {
  localStorage.clear();
  document.documentElement.lang = 'en';
});

describe('the frame index.html paints before the app’s code', () => {
  const paths = [
    '/account/users/list',
    '/account/users/edit/42',
    '/dashboard',
    '/events/sports/list',
    '/events/sports/new/info',
    '/events/sports/edit/7/stream',
  ];

  it('is, for every kind of page, what LayoutPlaceholder then draws, in either language', () => {
    for (const language of ['en', 'fr'] as const) {
      document.documentElement.lang = language;
      for (const path of paths) expect(painted(path), `${path} (${language})`).toBe(placeholder(path, language));
    }
  });

  it('says where the page sits in the user’s language', () => {
    document.documentElement.lang = 'fr';
    expect(painted('/account/users/list')).toContain('>Utilisateurs</h1>');
  });

  it('paints nothing for a visitor who is not signed in, nor for a page outside the tree', () => {
    expect(painted('/no/such/page')).toBeNull();
    localStorage.removeItem(STORAGE_KEYS.session);
    expect(painted('/account/users/list')).toBeNull();
    localStorage.setItem(STORAGE_KEYS.session, 'not json {');
    expect(painted('/account/users/list')).toBeNull();
  });
});

describe('the login page index.html paints for a visitor', () => {
  let pages: Record<string, string> = {};
  beforeAll(async () => {
    pages = { en: await loginPageHtml('en'), fr: await loginPageHtml('fr') };
    document.documentElement.lang = 'en';
  });

  async function paintedLogin(path: string): Promise<HTMLElement | null> {
    const target = document.createElement('div');
    return paintFrame({ ...data, login: { path: '/login', pages } }, target, path) ? target : null;
  }

  it('is the app’s login page, in the language the page starts in', async () => {
    localStorage.removeItem(STORAGE_KEYS.session);
    const english = await paintedLogin('/login');
    expect(english?.querySelector('h1')?.textContent).toBe('Sign in to Regie');
    expect(english?.querySelector('input[name="username"]')).not.toBeNull();
    expect(english?.querySelector('input[name="password"]')?.getAttribute('type')).toBe('password');
    document.documentElement.lang = 'fr';
    const french = await paintedLogin('/login');
    expect(french?.querySelector('h1')?.textContent).toBe('Connexion à Regie');
  });

  it('takes no input: what is typed goes to the app’s own form, once it is there', async () => {
    localStorage.removeItem(STORAGE_KEYS.session);
    const login = await paintedLogin('/login');
    expect(login?.inert).toBe(true);
    // Its submit button is disabled, as the app's is while the form is untouched: Enter sends nothing.
    expect(login?.querySelector('button[type="submit"]')?.hasAttribute('disabled')).toBe(true);
  });

  it('is painted only on the login page, and not for a signed-in user', async () => {
    localStorage.removeItem(STORAGE_KEYS.session);
    expect(await paintedLogin('/')).toBeNull();
    expect(await paintedLogin('/account/users/list')).toBeNull();
    localStorage.setItem(STORAGE_KEYS.session, JSON.stringify({ accessToken: 't', meta: { language: 'en' } }));
    expect(await paintedLogin('/login')).toBeNull();
  });
});
