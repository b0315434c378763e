import { z } from 'zod';
import { messageCatalog } from './messages.ts';

/**
 * Server-side caches an admin can purge with DELETE /main-api/utils/cache/{key} (spec §7 "Utils",
 * the customer's 'cache' tab). Entries also expire on their own after a short time.
 *
 * Keys:
 * - `admin-payload:<accountId>`: the start-up payload of one account (its sports list);
 * - `admin-payload`: that payload for every account;
 * - `all`: everything.
 */
export const CACHE_KEYS = {
  all: 'all',
  adminPayloads: 'admin-payload',
  adminPayload: (accountId: number) => `admin-payload:${accountId}`,
} as const;

export const CACHE_KEY_PATTERN = /^(all|admin-payload(:[1-9][0-9]{0,9})?)$/;

export const CACHE_MESSAGES = messageCatalog('CACHE_MESSAGES', {
  unknownKey: (key: string) => `Unknown cache key ${key}: use all, admin-payload or admin-payload:<accountId>`,
});

/** DELETE /main-api/utils/cache/{key} answer: how many entries were dropped. */
export const cachePurgeResponse = z.object({ key: z.string(), purged: z.number() });
export type CachePurgeResponse = z.infer<typeof cachePurgeResponse>;
