import { productItems } from '../db/payments.table.ts';
import type { ItemLinkTable } from '../resources/item-links.ts';

/** product_items as the item-links routes read it. */
export const PRODUCT_ITEM_LINKS: ItemLinkTable = {
  table: productItems,
  id: productItems.id,
  owner: productItems.productId,
  itemType: productItems.itemType,
  itemId: productItems.itemId,
  position: productItems.position,
  createdAt: productItems.createdAt,
};
