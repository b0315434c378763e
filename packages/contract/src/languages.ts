// Kept free of zod so the web app can import these values without pulling a schema library in.

/** The interface languages (spec §1: en and fr only). */
export const LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
/** Each interface language named in itself, as shown in a language picker. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = { en: 'English', fr: 'Français' };
