import { z } from 'zod';
import type { AccessRule } from './access.ts';
import { MAIN_API } from './api.ts';
import { isoDateTime } from './datetime.ts';
import { FEED_PROVIDERS } from './feeds.ts';
import { messageCatalog, schemaMessage } from './messages.ts';

/**
 * Data provider mappings and their subscriptions (issue 25 point 3).
 *
 * A mapping ties one of the account's competitions, seasons or events to the provider's id for
 * it. The spec's generic data-provider-mapping calls stay 'not available' (data-providers.ts);
 * mappings are made through `mappingPaths` under the data providers' gateway.
 *
 * A subscription (spec §7 `data-provider-mapping/{id}/subscriptions`) pulls the provider's feed
 * for an event mapping every `intervalSeconds` while the match is on (live, or from
 * `leadMinutes` before its start to its end, or `defaultHours` after its start without an end),
 * sends its `username`/`password` as HTTP basic authentication, parses the document with the
 * mapping's provider and turns new match events into markers. The credentials are stored sealed,
 * never answered (`hasCredentials`), never logged. The spec's GET and DELETE carry them in the
 * query: GET lists the mapping's subscriptions (narrowed to those with these credentials when
 * given), DELETE removes the one(s) with these credentials; `DELETE …/subscriptions/{id}` removes
 * one by its id.
 *
 * Beyond the spec, in our own API: `PATCH mappingPaths.subscriptionSettings` pauses or resumes a
 * subscription and changes its interval, its URL and credentials untouched (they are typed once).
 * Paused is `active: false`, the spec's field: the poller skips it; resuming makes it due at once.
 */

export const DATA_FEEDS_RULE: AccessRule = { authorizedRoles: ['sport_player_write'], requiredModules: ['IMPORTDATA'] };

export const DATA_PROVIDER_MAPPING_ENTITIES = ['competition', 'season', 'event'] as const;
export type DataProviderMappingEntity = (typeof DATA_PROVIDER_MAPPING_ENTITIES)[number];

/** ok: applied; unchanged: the same document as last time, nothing written; error: see lastError. */
export const SUBSCRIPTION_STATUSES = ['ok', 'unchanged', 'error'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const SUBSCRIPTION_LIMITS = {
  intervalMinSeconds: 5,
  intervalDefaultSeconds: 30,
  intervalMaxSeconds: 3_600,
  /** Polling starts this long before the event's start. */
  leadMinutes: 15,
  /** Without an end, polling stops this long after the start. */
  defaultHours: 3,
  urlMaxLength: 2_000,
  credentialMaxLength: 200,
  providerIdMaxLength: 200,
  labelMaxLength: 200,
  /** Records offered per kind (the newest events first). */
  recordsMax: 200,
  /** Subscriptions per mapping. */
  perMapping: 10,
  /** A feed document larger than this is refused. */
  documentMaxBytes: 20 * 1024 * 1024,
} as const;

export const mappingPaths = {
  /** GET → {data: mappings}; POST mappingBody → 201 mapping. */
  list: '/data-providers-service-api/mappings',
  /** GET ?entity= → {data: [{id, name}]}: the account's records of that kind a mapping may name. */
  records: '/data-providers-service-api/mappings/records',
  /** DELETE → 204 (its subscriptions go with it). */
  one: (id: number | string) => `/data-providers-service-api/mappings/${id}`,
  /** GET/POST/DELETE (spec §7); GET and DELETE take `username` and `password` in the query. */
  subscriptions: (mappingId: number | string) => `${MAIN_API}/data-provider-mapping/${mappingId}/subscriptions`,
  /** DELETE → 204: one subscription by its id. */
  subscription: (mappingId: number | string, subscriptionId: number | string) =>
    `${MAIN_API}/data-provider-mapping/${mappingId}/subscriptions/${subscriptionId}`,
  /** PATCH subscriptionPatchBody → 200 subscription: pause, resume, interval (our own call, not the spec's). */
  subscriptionSettings: (mappingId: number | string, subscriptionId: number | string) =>
    `/data-providers-service-api/mappings/${mappingId}/subscriptions/${subscriptionId}`,
} as const;

export const SUBSCRIPTION_MESSAGES = messageCatalog('SUBSCRIPTION_MESSAGES', {
  mappingNotFound: (id: number | string) => `Data provider mapping ${id} not found`,
  subscriptionNotFound: 'No subscription of this mapping has these credentials',
  subscriptionIdNotFound: (id: number | string) => `Subscription ${id} not found`,
  recordNotFound: (entity: string, id: number | string) => `No ${entity} ${id} in this account`,
  mappingExists: 'This record is already mapped for this provider',
  notAnEvent: 'Only an event mapping can have subscriptions: a feed follows one match',
  tooMany: `A mapping has at most ${SUBSCRIPTION_LIMITS.perMapping} subscriptions`,
  urlCredentials: 'Put the credentials in username and password, not in the URL',
  intervalMin: `Poll every ${SUBSCRIPTION_LIMITS.intervalMinSeconds} seconds at least`,
  intervalMax: `Poll every ${SUBSCRIPTION_LIMITS.intervalMaxSeconds} seconds at most`,
  intervalWhole: 'The interval is a whole number of seconds',
  nothingToChange: 'Give paused or intervalSeconds: nothing to change',
  credentialsPair: 'Give both username and password, or neither',
  csvNotPolled: 'A CSV feed needs its column mapping: subscribe to a StatsBomb or openfootball feed',
  keyChanged: 'The credentials cannot be read with this server’s key: enter them again',
  documentTooLarge: `The feed document is larger than ${SUBSCRIPTION_LIMITS.documentMaxBytes / 1024 / 1024} MB`,
});

const credential = z.string().max(SUBSCRIPTION_LIMITS.credentialMaxLength);
/** Seconds between two polls: the same limits at creation and when changed. */
const intervalSeconds = z
  .number()
  .int(schemaMessage(SUBSCRIPTION_MESSAGES.intervalWhole))
  .min(SUBSCRIPTION_LIMITS.intervalMinSeconds, schemaMessage(SUBSCRIPTION_MESSAGES.intervalMin))
  .max(SUBSCRIPTION_LIMITS.intervalMaxSeconds, schemaMessage(SUBSCRIPTION_MESSAGES.intervalMax));

export const mappingBody = z
  .object({
    provider: z.enum(FEED_PROVIDERS),
    entity: z.enum(DATA_PROVIDER_MAPPING_ENTITIES),
    recordId: z.number().int().positive(),
    providerId: z.string().trim().min(1).max(SUBSCRIPTION_LIMITS.providerIdMaxLength),
    label: z.string().trim().max(SUBSCRIPTION_LIMITS.labelMaxLength).optional(),
  })
  .strict();
export type MappingBody = z.infer<typeof mappingBody>;

export const subscriptionItem = z
  .object({
    id: z.number(),
    mappingId: z.number(),
    url: z.string(),
    /** The credentials themselves are never answered. */
    hasCredentials: z.boolean(),
    intervalSeconds: z.number(),
    active: z.boolean(),
    lastPolledAt: isoDateTime.nullable(),
    nextPollAt: isoDateTime,
    lastStatus: z.enum(SUBSCRIPTION_STATUSES).nullable(),
    lastError: z.string().nullable(),
    /** Markers the last applied document created. */
    lastCreated: z.number(),
    createdAt: isoDateTime,
  })
  .meta({ id: 'DataProviderSubscription' });
export type SubscriptionItem = z.infer<typeof subscriptionItem>;

export const mappingItem = z
  .object({
    id: z.number(),
    provider: z.enum(FEED_PROVIDERS),
    sportId: z.number().nullable(),
    entity: z.enum(DATA_PROVIDER_MAPPING_ENTITIES),
    recordId: z.number(),
    /** The record's name; null when it was deleted since. */
    recordName: z.string().nullable(),
    providerId: z.string(),
    label: z.string(),
    createdAt: isoDateTime,
    subscriptions: z.array(subscriptionItem),
  })
  .meta({ id: 'DataProviderMapping' });
export type MappingItem = z.infer<typeof mappingItem>;
export const mappingListResponse = z.object({ data: z.array(mappingItem) });
export type MappingList = z.infer<typeof mappingListResponse>;

export const subscriptionBody = z
  .object({
    url: z.url({ protocol: /^https?$/ }).max(SUBSCRIPTION_LIMITS.urlMaxLength),
    username: credential.optional(),
    password: credential.optional(),
    intervalSeconds: intervalSeconds.default(SUBSCRIPTION_LIMITS.intervalDefaultSeconds),
    active: z.boolean().default(true),
  })
  .strict();
export type SubscriptionBody = z.input<typeof subscriptionBody>;

/**
 * PATCH mappingPaths.subscriptionSettings: `paused` true stops the polls (the item's `active`
 * turns false), false resumes them with a poll at once; `intervalSeconds` as at creation, the next
 * poll no later than one new interval from now. The URL and the credentials are not changed here.
 */
export const subscriptionPatchBody = z
  .object({ paused: z.boolean(), intervalSeconds })
  .partial()
  .strict()
  .refine((body) => body.paused !== undefined || body.intervalSeconds !== undefined, {
    message: schemaMessage(SUBSCRIPTION_MESSAGES.nothingToChange),
  });
export type SubscriptionPatchBody = z.infer<typeof subscriptionPatchBody>;

/** Spec §7: GET and DELETE name a subscription by its credentials, in the query. */
export const credentialsQuery = z.object({ username: credential.optional(), password: credential.optional() });
export const subscriptionListResponse = z.object({ data: z.array(subscriptionItem) });
export const deletedResponse = z.object({ deleted: z.number() });

export const recordsQuery = z.object({ entity: z.enum(DATA_PROVIDER_MAPPING_ENTITIES) });
/** Events carry their start (ISO): two legs of a tie, or two seasons' same match, share a name. */
export const recordsResponse = z.object({
  data: z.array(z.object({ id: z.number(), name: z.string(), startsAt: isoDateTime.optional() })),
});
export type MappableRecords = z.infer<typeof recordsResponse>;
