import { z } from 'zod';
import { isoDateTime } from '../datetime.ts';
import { imageKey } from '../uploads.schemas.ts';
import { defineResource } from './define.ts';
import { PRODUCT_RULE, registeredWriteRule } from './registry.ts';
import { referenceId } from './shapes.ts';

export const PRODUCT_NAME_MAX = 80;
export const PRODUCT_DESCRIPTION_MAX = 1000;

/**
 * What fans buy (menu account/products, tabs infos, items, fans): sold through payment offers
 * (/main-api/products/{id}/paymentOffers), it unlocks items (events, videos:
 * /main-api/products/{id}/items) and lists the fans who bought it (/main-api/products/{id}/fans).
 */
export const productsResource = defineResource({
  name: 'products',
  gateway: 'main',
  labelKey: 'resource.products',
  fields: z.object({
    name: z.string().trim().min(1).max(PRODUCT_NAME_MAX),
    description: z.string().trim().max(PRODUCT_DESCRIPTION_MAX).default(''),
    /** An uploaded image key (kind 'picture'). */
    image: imageKey.nullable().default(null),
    active: z.boolean().default(true),
  }),
  ui: {
    name: { widget: 'limitedText', textLimit: PRODUCT_NAME_MAX, tab: 'infos' },
    description: { widget: 'textarea', tab: 'infos' },
    image: { widget: 'image', imageKind: 'picture', tab: 'infos' },
    active: { widget: 'switch', tab: 'infos' },
  },
  columns: ['name', 'image', 'active', 'updatedAt'],
  filters: ['active'],
  sortable: ['name', 'createdAt', 'updatedAt'],
  defaultSort: { field: 'name', direction: 'asc' },
  search: ['name', 'description'],
  translatable: ['name', 'description'],
  unique: [['name']],
  relations: { PaymentOffers: { resource: 'paymentOffers', kind: 'many', foreignKey: 'productId' } },
  access: { read: PRODUCT_RULE, write: registeredWriteRule('products') },
  tenancy: 'account',
});

export const PRODUCT_OFFER_POSITION_MAX = 1000;

/**
 * The payment offers a product is sold through (/main-api/products/{id}/paymentOffers, spec §7
 * POST/PUT/DELETE): one link per offer, in the order fans see them, one of them highlighted.
 */
export const productPaymentOffersResource = defineResource({
  name: 'paymentOffers',
  singular: 'Product offer',
  gateway: 'main',
  parent: { resource: 'products', field: 'productId' },
  labelKey: 'resource.productPaymentOffers',
  fields: z.object({
    paymentOfferId: referenceId,
    productId: referenceId,
    position: z.number().int().min(0).max(PRODUCT_OFFER_POSITION_MAX).default(0),
    /** Shown first and marked as the recommended choice. */
    highlighted: z.boolean().default(false),
  }),
  ui: {
    paymentOfferId: { widget: 'reference', reference: 'payment-offers' },
    productId: { widget: 'reference', reference: 'products', readOnly: true },
    position: { widget: 'number' },
    highlighted: { widget: 'switch' },
  },
  columns: ['position', 'paymentOfferId', 'highlighted'],
  filters: ['highlighted'],
  sortable: ['position', 'createdAt', 'updatedAt'],
  defaultSort: { field: 'position', direction: 'asc' },
  search: [],
  unique: [['paymentOfferId', 'productId']],
  relations: { PaymentOffer: { resource: 'payment-offers', kind: 'one', foreignKey: 'paymentOfferId' } },
  access: { read: PRODUCT_RULE, write: registeredWriteRule('paymentOffers') },
  tenancy: 'account',
});

/** GET /main-api/products/{id}/fans: one fan who bought the product (fans come with the CRM). */
export const productFan = z.object({
  fanId: z.number(),
  purchasedAt: isoDateTime,
  /** Null: the purchase does not expire. */
  expiresAt: isoDateTime.nullable(),
});
export type ProductFan = z.infer<typeof productFan>;
