import { DEFAULT_LANGUAGE, LANGUAGES } from '@regie/contract/languages';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test-utils.tsx';
import { browserLanguage, createI18n, FALLBACK_LANGUAGE, UI_LANGUAGES } from './i18n.ts';
import { T } from './T.tsx';

afterEach(cleanup);

describe('i18n', () => {
  it('offers the contract languages, English by default', () => {
    expect(UI_LANGUAGES).toEqual([...LANGUAGES]);
    expect(FALLBACK_LANGUAGE).toBe(DEFAULT_LANGUAGE);
  });

  it('picks French for a French browser and English otherwise', () => {
    expect(browserLanguage(['fr-FR', 'en'])).toBe('fr');
    expect(browserLanguage(['de-DE', 'fr'])).toBe('en');
    expect(browserLanguage([])).toBe('en');
  });

  it('keeps <html lang> on the interface language', async () => {
    const i18n = createI18n('fr');
    expect(document.documentElement.lang).toBe('fr');
    await i18n.changeLanguage('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('reads flat dotted keys', () => {
    const i18n = createI18n('fr');
    expect(i18n.t('login.failed')).toBe('Échec de la connexion');
    expect(i18n.t('layout.logout', { name: 'Ana' })).toBe('déconnexion - Ana');
  });

  it('writes counts the way each language groups digits', async () => {
    const i18n = createI18n('en');
    expect(i18n.t('fans.list.totalMany', { count: 10_000 })).toBe('Fans matching: more than 10,000');
    await i18n.changeLanguage('fr');
    // French groups with a narrow no-break space.
    expect(i18n.t('fans.list.totalMany', { count: 10_000 })).toBe('Fans correspondants : plus de 10\u202f000');
  });

  it('shows a key missing from the catalogs as a red Missing key notice', () => {
    // biome-ignore lint/suspicious/noExplicitAny: a key the catalogs do not have, on purpose.
    renderWithProviders(<T k={'nowhere.toBeFound' as any} />);
    expect(screen.getByText('Missing key: nowhere.toBeFound')).toBeTruthy();
  });
});
