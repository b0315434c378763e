import type { MessageKey } from '@regie/contract/i18n/en';
import type { Language } from '@regie/contract/languages';

/** Each interface language named in the language of the interface ('French' / 'Français'). */
export const LANGUAGE_LABELS: Readonly<Record<Language, MessageKey>> = { en: 'language.en', fr: 'language.fr' };

/** A code the interface is offered in (a value read back from a control is a plain string). */
export function isLanguage(value: string): value is Language {
  return Object.hasOwn(LANGUAGE_LABELS, value);
}
