import { afterEach, describe, expect, it, vi } from 'vitest';

// A fresh module graph: the test setup preloads both catalogs, the app does not.
afterEach(() => vi.resetModules());

describe('the language catalogs', () => {
  it('loads only the active language at start, the other on a language switch', async () => {
    vi.resetModules();
    const { loadedCatalogs } = await import('./catalogs.ts');
    const { startI18n } = await import('./i18n.ts');
    expect([...loadedCatalogs().keys()]).toEqual([]);

    const i18n = await startI18n('fr');
    expect([...loadedCatalogs().keys()]).toEqual(['fr']);
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(false);
    expect(i18n.t('login.failed')).toBe('Échec de la connexion');

    await i18n.changeLanguage('en');
    expect([...loadedCatalogs().keys()]).toEqual(['fr', 'en']);
    expect(i18n.language).toBe('en');
    expect(i18n.t('login.failed')).not.toBe('Échec de la connexion');
    expect(document.documentElement.lang).toBe('en');
  });
});
