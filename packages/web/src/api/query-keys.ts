import type { ListQuery } from './resource-api.ts';

/**
 * Every react-query key of the app, in one place so that invalidation can name them and no screen
 * writes a key array of its own. A key that starts with another one is invalidated with it:
 * `resourceKeys.all('videos')` refreshes every list, record, label and translation of videos.
 */

/** The session and the start-up calls. */
export const queryKeys = {
  environment: ['environment'] as const,
  sessionCheck: ['session-check'] as const,
  accountSearch: (name: string) => ['search', 'accounts', name.toLowerCase()] as const,
  sprite: (url: string) => ['sprite', url] as const,
  /** The social networks the signed-in user linked (spec §7 users/me/oauth). */
  oauth: ['users', 'me', 'oauth'] as const,
  /** The modules of an account, offered by a group's form. */
  accountModules: (accountId: number | null) => ['account-modules', accountId] as const,
  /** The sports one account sees (its config's sport): under the sports' key, refreshed with them. */
  accountSports: (accountId: number) => ['resource', 'sports', 'of-account', accountId] as const,
};

/** The generic resources (contract resources/*). */
export const resourceKeys = {
  all: (name: string) => ['resource', name] as const,
  lists: (name: string) => ['resource', name, 'list'] as const,
  list: (name: string, query: ListQuery) => ['resource', name, 'list', query] as const,
  /** The children of one parent record (a competition's seasons). */
  listOf: (name: string, parentId: number, query: ListQuery) =>
    ['resource', name, 'list', 'of', parentId, query] as const,
  record: (name: string, id: string) => ['resource', name, 'record', id] as const,
  /** A record read with some of its relations (`expand=[Video]`). */
  expanded: (name: string, id: string, relation: string) => ['resource', name, 'record', id, relation] as const,
  /** A referenced record's label, fetched with the other labels of its page (reference-labels.ts). */
  label: (name: string, id: number) => ['resource', name, 'label', id] as const,
  translations: (name: string, id: string) => ['resource', name, 'translations', id] as const,
  options: (name: string, search: string) => ['resource', name, 'options', search] as const,
};

/** The items linked to a record (a category's, a product's) and the records that may be linked. */
export const itemLinkKeys = {
  all: (owner: string) => ['itemLinks', owner] as const,
  of: (owner: string, id: number) => ['itemLinks', owner, id] as const,
  page: (owner: string, id: number, query: ListQuery) => ['itemLinks', owner, id, query] as const,
  candidates: (type: string, search: string) => ['itemCandidates', type, search] as const,
};

/** A quiz's questions in order (under the questions' resource key: a change of a question refreshes it). */
export const triviaKeys = {
  order: (quizId: number) => ['resource', 'questions', 'order', quizId] as const,
};

export const jobKeys = {
  all: ['jobs'] as const,
  active: (filter: { resourceType: string; resourceId?: number | string | undefined }) =>
    ['jobs', 'active', filter.resourceType, filter.resourceId === undefined ? '' : String(filter.resourceId)] as const,
};

export const videoKeys = {
  shareTargets: ['videos', 'share-targets'] as const,
  shares: (videoId: number) => ['videos', videoId, 'shares'] as const,
  subtitleCues: (videoId: number, language: string) => ['videos', videoId, 'subtitles', language] as const,
  storyboard: (url: string | null) => ['player', 'storyboard', url] as const,
};

/** The social networks of Settings › Social networks (contract social.ts): the user's links and the account's. */
export const publicationKeys = {
  all: ['publications'] as const,
  /** A page of the account's publications (filters in the query). */
  list: (query: Record<string, unknown>) => ['publications', 'list', query] as const,
  /** One video's publications. */
  ofVideo: (videoId: number) => ['publications', 'video', videoId] as const,
  /** The publications of a page of clips. */
  ofVideos: (ids: string) => ['publications', 'videos', ids] as const,
};

export const socialKeys = {
  all: ['social'] as const,
  /** Every platform with the signed-in user's link to it. */
  links: ['social', 'links'] as const,
  /** The pages, channels or business accounts one link can publish to. */
  targets: (platform: string) => ['social', 'targets', platform] as const,
  /** Every link of the account (its administrators). */
  accountLinks: ['social', 'account-links'] as const,
};

export const clipKeys = {
  sources: (search: string) => ['clips', 'sources', search] as const,
  ofVideo: (videoId: number) => ['clips', 'of', videoId] as const,
  page: (videoId: number, query: ListQuery) => ['clips', 'of', videoId, query] as const,
};

export const sportKeys = {
  map: (sportId: number) => ['sportMap', sportId] as const,
};

export const paymentKeys = {
  stripePrices: ['stripePrices'] as const,
  productFans: (productId: number) => ['productFans', productId] as const,
};

/**
 * The audit trail (contract audit.ts). A record's history sits under its resource's key, so that
 * saving the record refreshes it with the record.
 */
export const auditKeys = {
  all: ['audit'] as const,
  list: ['audit', 'list'] as const,
  history: (name: string, id: string) => ['resource', name, 'audit', id] as const,
};
