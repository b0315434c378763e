import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.table.ts';
import { timestamps } from './columns.ts';
import { fans } from './fans.table.ts';

/** Payment offers of an account (contract resources/payment-offers.ts); prices in cents. */
export const paymentOffers = pgTable(
  'payment_offers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    price: integer('price').notNull(),
    currency: text('currency').notNull().default('EUR'),
    billingPeriod: text('billing_period').notNull().default('one_time'),
    stripePriceId: text('stripe_price_id'),
    active: boolean('active').notNull().default(true),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('payment_offers_account_name_unique').on(table.accountId, table.name),
    index('payment_offers_account_name_id_idx').on(table.accountId, table.name, table.id),
    check('payment_offers_price_not_negative', sql`${table.price} >= 0`),
  ],
);

/** Products of an account (contract resources/products.ts). */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    image: text('image'),
    active: boolean('active').notNull().default(true),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('products_account_name_unique').on(table.accountId, table.name),
    index('products_account_name_id_idx').on(table.accountId, table.name, table.id),
  ],
);

/**
 * The offers a product is sold through (/products/{id}/paymentOffers): they go with the product;
 * an offer a product is sold through cannot be deleted (409).
 */
export const productPaymentOffers = pgTable(
  'product_payment_offers',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    paymentOfferId: integer('payment_offer_id')
      .notNull()
      .references(() => paymentOffers.id, { onDelete: 'restrict' }),
    position: integer('position').notNull().default(0),
    highlighted: boolean('highlighted').notNull().default(false),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('product_payment_offers_product_offer_unique').on(table.productId, table.paymentOfferId),
    index('product_payment_offers_offer_id_idx').on(table.paymentOfferId),
    index('product_payment_offers_account_id_idx').on(table.accountId),
  ],
);

/**
 * What a product unlocks (/products/{id}/items, contract resources/item-links.ts): events and
 * videos, by type and id.
 */
export const productItems = pgTable(
  'product_items',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    itemType: text('item_type').notNull(),
    itemId: integer('item_id').notNull(),
    position: integer('position').notNull().default(0),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('product_items_product_item_unique').on(table.productId, table.itemType, table.itemId),
    index('product_items_product_position_id_idx').on(table.productId, table.position, table.id),
    index('product_items_item_idx').on(table.itemType, table.itemId),
  ],
);

/**
 * The fans who bought a product (/products/{id}/fans): recorded by the fans' purchases through
 * the local payment provider (fans/fans.public.ts `purchase`); gone with the fan.
 */
export const fanProducts = pgTable(
  'fan_products',
  {
    fanId: integer('fan_id')
      .notNull()
      .references(() => fans.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    purchasedAt: timestamp('purchased_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null: the purchase does not expire. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.fanId, table.productId] }),
    index('fan_products_product_purchased_idx').on(table.productId, table.purchasedAt),
  ],
);

/**
 * A fan's purchase on its way (contract viewer-access.ts): started from a page's paywall, paid at
 * the provider (Stripe Checkout, or the local provider's page), then granted once (`purchase`):
 * the page's return, Stripe's webhook and the local page may each complete it; the first does.
 */
export const fanCheckouts = pgTable(
  'fan_checkouts',
  {
    /** Random (uuid): it is in the return address the fan's browser holds. */
    id: text('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    fanId: integer('fan_id')
      .notNull()
      .references(() => fans.id, { onDelete: 'cascade' }),
    paymentOfferId: integer('payment_offer_id')
      .notNull()
      .references(() => paymentOffers.id, { onDelete: 'cascade' }),
    /** contract CHECKOUT_PROVIDERS. */
    provider: text('provider').notNull(),
    /** The provider's own id (Stripe's Checkout Session); null for the local provider. */
    providerRef: text('provider_ref'),
    /** contract CHECKOUT_STATES. */
    state: text('state').notNull().default('pending'),
    /** The page the fan comes back to (built by the server from the page's token, never given). */
    returnUrl: text('return_url').notNull(),
    /** What was charged, as the offer said then (cents). */
    price: integer('price').notNull(),
    currency: text('currency').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    ...timestamps(),
  },
  (table) => [
    index('fan_checkouts_fan_created_idx').on(table.fanId, table.createdAt),
    uniqueIndex('fan_checkouts_provider_ref_unique').on(table.providerRef),
  ],
);
