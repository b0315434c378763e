import { STORAGE_KEYS } from '@regie/contract/ui';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { firstPaintData } from '../../../first-paint.plugin.ts';
import { renderWithProviders } from '../../test-utils.tsx';
import { LayoutPlaceholder } from '../layout/LayoutPlaceholder.tsx';
import classes from '../layout/layout.module.css';
import { paintFrame } from './first-paint.ts';

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
