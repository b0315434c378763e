import { z } from 'zod';
import { isoDateTime } from '../datetime.ts';
import { messageCatalog } from '../messages.ts';
import { listResponse, referenceId } from './shapes.ts';

/**
 * What a category shows (videos, playlists) and what a product unlocks (events, videos): links to
 * records of other resources, kept in one join table per owner (category_items, product_items)
 * and served under the owner: GET/POST {owner}/{id}/items, DELETE {owner}/{id}/items/{linkId}.
 */

/** The resource each item type's ids point at. */
export const ITEM_TYPE_RESOURCES = { video: 'videos', playlist: 'playlists', event: 'events' } as const;
export type ItemType = keyof typeof ITEM_TYPE_RESOURCES;

export const CATEGORY_ITEM_TYPES = ['video', 'playlist'] as const satisfies readonly ItemType[];
export const PRODUCT_ITEM_TYPES = ['event', 'video'] as const satisfies readonly ItemType[];
export const ITEM_POSITION_MAX = 100_000;

/** POST {owner}/{id}/items: the item must exist in the account (400 otherwise), once per owner (409). */
export function itemLinkBody<const Types extends readonly [ItemType, ...ItemType[]]>(types: Types) {
  return z
    .object({
      itemType: z.enum(types),
      itemId: referenceId,
      /** Order among the owner's items, smallest first; default: after the last one. */
      position: z.number().int().min(0).max(ITEM_POSITION_MAX).optional(),
    })
    .strict();
}

/** One link; `item` is the linked record as its own resource presents it (null if gone). */
export const itemLink = z.object({
  id: z.number(),
  itemType: z.string(),
  itemId: z.number(),
  position: z.number(),
  createdAt: isoDateTime,
  item: z.looseObject({ id: z.number() }).nullable(),
});
export type ItemLink = z.infer<typeof itemLink>;

export const itemLinkList = listResponse(itemLink);

export const ITEM_LINK_MESSAGES = messageCatalog('ITEM_LINK_MESSAGES', {
  notServed: (itemType: string) =>
    `Items of type ${itemType} cannot be linked yet: that part of the platform is not available`,
  unknownItem: (itemType: string, id: number) => `No ${itemType} ${id} in this account`,
  duplicate: 'This item is already linked',
  linkNotFound: (id: number) => `Linked item ${id} not found`,
});
