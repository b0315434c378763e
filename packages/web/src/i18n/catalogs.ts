import type { MessageKey } from '@regie/contract/i18n/en';
import type { Language } from '@regie/contract/languages';

export type Catalog = Readonly<Record<MessageKey, string>>;

/**
 * Each catalog is its own chunk, fetched when its language is first needed: the first page
 * downloads only the language it shows (the other one follows a language switch).
 */
const LOADERS: Readonly<Record<Language, () => Promise<Catalog>>> = {
  en: () => import('@regie/contract/i18n/en').then((module) => module.en),
  fr: () => import('@regie/contract/i18n/fr').then((module) => module.fr),
};

const loaded = new Map<Language, Catalog>();

export async function loadCatalog(language: Language): Promise<Catalog> {
  const known = loaded.get(language);
  if (known) return known;
  const catalog = await LOADERS[language]();
  loaded.set(language, catalog);
  return catalog;
}

/** The catalogs fetched so far, for an i18n instance that must start synchronously. */
export function loadedCatalogs(): ReadonlyMap<Language, Catalog> {
  return loaded;
}
