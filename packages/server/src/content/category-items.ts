import { CATEGORY_ITEM_TYPES } from '@regie/contract/resources/item-links';
import { categoryItems } from '../db/categories.table.ts';
import type { ItemLinkTable } from '../resources/item-links.ts';

/** category_items as the item-links routes read it. */
export const CATEGORY_ITEM_LINKS: ItemLinkTable = {
  table: categoryItems,
  id: categoryItems.id,
  owner: categoryItems.categoryId,
  itemType: categoryItems.itemType,
  itemId: categoryItems.itemId,
  position: categoryItems.position,
  createdAt: categoryItems.createdAt,
};

export const CATEGORY_ITEMS = { owner: 'categories', links: CATEGORY_ITEM_LINKS, types: CATEGORY_ITEM_TYPES } as const;
