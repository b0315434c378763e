import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@regie/contract/languages';
import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { loadCatalog, loadedCatalogs } from './catalogs.ts';

/** The interface languages (spec §1: en and fr). */
export const UI_LANGUAGES: Language[] = [...LANGUAGES];
/**
 * The default language of a user (spec §3). Not loaded as a fallback beside another language:
 * every catalog holds every key (the contract's i18n test), so it would never be read.
 */
export const FALLBACK_LANGUAGE = DEFAULT_LANGUAGE;

/** What `t` returns for a key no catalog holds; `T` shows it as a red 'Missing key' notice. */
export const MISSING_KEY_MARKER = '\u26A0missing:';

export function isLanguage(value: unknown): value is Language {
  return UI_LANGUAGES.some((language) => language === value);
}

/** Before sign-in the user's meta is unknown: French browsers get French, others English. */
export function browserLanguage(languages: readonly string[] = navigator.languages ?? [navigator.language]): Language {
  const first = languages[0]?.slice(0, 2).toLowerCase();
  return isLanguage(first) ? first : FALLBACK_LANGUAGE;
}

/** Fetches a catalog that is not loaded yet when i18next switches to its language. */
const catalogBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, _namespace, callback) => {
    if (!isLanguage(language)) return callback(null, {});
    loadCatalog(language).then(
      (catalog) => callback(null, catalog),
      (error: Error) => callback(error, null),
    );
  },
};

/**
 * The i18n instance, starting in `language` with the catalogs already loaded (startI18n loads
 * the one needed); the others are fetched on a language switch.
 */
export function createI18n(language: Language) {
  const instance = i18next.createInstance();
  const resources = Object.fromEntries(
    [...loadedCatalogs()].map(([code, catalog]) => [code, { translation: catalog }]),
  );
  instance
    .use(catalogBackend)
    .use(initReactI18next)
    .init({
      resources,
      partialBundledLanguages: true,
      lng: language,
      fallbackLng: false,
      supportedLngs: UI_LANGUAGES,
      keySeparator: false,
      nsSeparator: false,
      initAsync: false,
      interpolation: { escapeValue: false },
      parseMissingKeyHandler: (key: string) => `${MISSING_KEY_MARKER}${key}`,
    });
  // <html lang> follows the interface language everywhere.
  const syncDocument = (lng: string) => {
    document.documentElement.lang = lng;
  };
  syncDocument(instance.language);
  instance.on('languageChanged', syncDocument);
  return instance;
}

/** The app's i18n: fetches the catalog of `language` only, then starts in it. */
export async function startI18n(language: Language) {
  await loadCatalog(language);
  return createI18n(language);
}
