import { en, type MessageKey } from '@regie/contract/i18n/en';
import { fr } from '@regie/contract/i18n/fr';
import { DEFAULT_LANGUAGE, type Language } from '@regie/contract/languages';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

/** One catalog per interface language (spec §1: en and fr). */
export const CATALOGS: Readonly<Record<Language, Readonly<Record<MessageKey, string>>>> = { en, fr };
export const UI_LANGUAGES = Object.keys(CATALOGS) as Language[];
/** The default language of a user (spec §3), also the fallback for a missing translation. */
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

export function createI18n(language: Language) {
  const instance = i18next.createInstance();
  instance.use(initReactI18next).init({
    resources: { en: { translation: CATALOGS.en }, fr: { translation: CATALOGS.fr } },
    lng: language,
    fallbackLng: FALLBACK_LANGUAGE,
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
