import type { MessageKey } from '@regie/contract/i18n/en';
import type { Language } from '@regie/contract/languages';

/** Each interface language named in the language of the interface ('French' / 'Français'). */
export const LANGUAGE_LABELS: Readonly<Record<Language, MessageKey>> = { en: 'language.en', fr: 'language.fr' };
