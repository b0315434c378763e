import { CACHE_KEYS } from '@regie/contract/cache';
import { categoriesResource } from '@regie/contract/resources/categories';
import { challengersResource } from '@regie/contract/resources/challengers';
import { clipSkinsResource } from '@regie/contract/resources/clip-skins';
import { competitionsResource } from '@regie/contract/resources/competitions';
import { markerTypesResource } from '@regie/contract/resources/marker-types';
import { paymentOffersResource } from '@regie/contract/resources/payment-offers';
import { productPaymentOffersResource, productsResource } from '@regie/contract/resources/products';
import { RESOURCE_NAMES, type ResourceName } from '@regie/contract/resources/registry';
import { roundsResource } from '@regie/contract/resources/rounds';
import { seasonsResource } from '@regie/contract/resources/seasons';
import { speakersResource } from '@regie/contract/resources/speakers';
import { sportsResource } from '@regie/contract/resources/sports';
import { subcategoriesResource } from '@regie/contract/resources/subcategories';
import { tagsResource } from '@regie/contract/resources/tags';
import { accountsEntry } from '../accounts/accounts.resource.ts';
import { groupsEntry } from '../accounts/groups.resource.ts';
import { themesEntry } from '../accounts/themes.resource.ts';
import { type Cache, createMemoryCache } from '../cache/cache.service.ts';
import { clipRulesEntry } from '../clip-rules/clip-rules.resource.ts';
import { clipTemplatesEntry } from '../clips/clip-templates.resource.ts';
import { businessPlayersEntry } from '../conferences/conferences.resource.ts';
import { faqEntry } from '../content/faq.resource.ts';
import { playlistsEntry } from '../content/playlists.resource.ts';
import { challengers, speakers } from '../db/actors.table.ts';
import { categories, subcategories } from '../db/categories.table.ts';
import { clipSkins } from '../db/clip-skins.table.ts';
import { competitions, rounds, seasons } from '../db/competitions.table.ts';
import type { Db } from '../db/database.ts';
import { markerTypes } from '../db/marker-types.table.ts';
import { paymentOffers, productPaymentOffers, products } from '../db/payments.table.ts';
import { sports } from '../db/sports.table.ts';
import { tags } from '../db/tags.table.ts';
import { eventsEntry } from '../events/events.resource.ts';
import { markersEntry } from '../markers/markers.resource.ts';
import { answersEntry, questionsEntry, quizzesEntry } from '../trivia/trivia.entries.ts';
import { usersEntry } from '../users/users.resource.ts';
import { videosEntry } from '../videos/videos.resource.ts';
import { createListCache } from './list-cache.ts';
import { checkEntries } from './resources.check.ts';
import { type Engine, type PresentMedia, type ResourceEntry, resourceEntry } from './resources.types.ts';

/**
 * Every resource of the contract's list (contract resources/registry.ts) paired with its Drizzle
 * table: a resource missing here does not compile. A plain resource is one line:
 * `name: resourceEntry({ definition: <its contract declaration>, table: <its Drizzle table> })`.
 */
export const ENTRIES: { readonly [Name in ResourceName]: ResourceEntry } = {
  tags: resourceEntry({ definition: tagsResource, table: tags }),
  sports: resourceEntry({
    definition: sportsResource,
    table: sports,
    // The start-up payload lists the sports an account sees.
    purges: (row) => [
      typeof row.accountId === 'number' ? CACHE_KEYS.adminPayload(row.accountId) : CACHE_KEYS.adminPayloads,
    ],
  }),
  accounts: accountsEntry,
  users: usersEntry,
  groups: groupsEntry,
  'marker-types': resourceEntry({ definition: markerTypesResource, table: markerTypes }),
  'clip-skins': resourceEntry({ definition: clipSkinsResource, table: clipSkins }),
  themes: themesEntry,
  competitions: resourceEntry({ definition: competitionsResource, table: competitions }),
  seasons: resourceEntry({ definition: seasonsResource, table: seasons }),
  rounds: resourceEntry({ definition: roundsResource, table: rounds }),
  categories: resourceEntry({ definition: categoriesResource, table: categories }),
  subcategories: resourceEntry({ definition: subcategoriesResource, table: subcategories }),
  playlists: playlistsEntry,
  'payment-offers': resourceEntry({ definition: paymentOffersResource, table: paymentOffers }),
  products: resourceEntry({ definition: productsResource, table: products }),
  paymentOffers: resourceEntry({ definition: productPaymentOffersResource, table: productPaymentOffers }),
  challengers: resourceEntry({ definition: challengersResource, table: challengers }),
  speakers: resourceEntry({ definition: speakersResource, table: speakers }),
  faq: faqEntry,
  videos: videosEntry,
  'clip-templates': clipTemplatesEntry,
  'clip-rules': clipRulesEntry,
  events: eventsEntry,
  markers: markersEntry,
  'business-players': businessPlayersEntry,
  quizzes: quizzesEntry,
  questions: questionsEntry,
  answers: answersEntry,
};

/** The entries in the contract list's order. */
export const RESOURCES: readonly ResourceEntry[] = RESOURCE_NAMES.map((name) => ENTRIES[name]);

/** The engine over the registry (checked once: a declaration that does not fit its table stops the boot). */
export function createEngine(
  db: Db,
  cache: Cache,
  entries: readonly ResourceEntry[] = RESOURCES,
  present: PresentMedia = { mediaUrl: (key) => `/media/${key}` },
  signedIn: Cache = createMemoryCache(0),
): Engine {
  checkEntries(entries);
  const byName = new Map(entries.map((entry) => [entry.definition.name, entry]));
  const lists = createListCache(db);
  return { db, cache, signedIn, entries, byName: (name) => byName.get(name), present, lists };
}
