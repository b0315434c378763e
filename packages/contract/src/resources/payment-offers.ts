import { z } from 'zod';
import type { AccessRule } from '../access.ts';
import { defineResource } from './define.ts';
import { registeredWriteRule } from './registry.ts';

export const PAYMENT_OFFER_NAME_MAX = 80;
export const PAYMENT_OFFER_DESCRIPTION_MAX = 500;
/** Largest price, in cents (one million in the currency). */
export const PRICE_MAX_CENTS = 100_000_000;
export const CURRENCIES = ['EUR', 'USD', 'GBP'] as const;
export const BILLING_PERIODS = ['one_time', 'monthly', 'yearly'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];
/** A Stripe price id: price_… */
export const STRIPE_PRICE_ID_MAX = 255;

/** Spec §6: payment offers and products need manage_payments (also seen as payment_offer_write). */
/** Read and written by the same people. */
const PAYMENT_OFFER_RULE: AccessRule = registeredWriteRule('payment-offers');

/**
 * What a fan pays (menu account/payment-offers): a price in cents of a currency, once or per
 * period. `stripePriceId` ties the offer to a price of the account's Stripe catalogue (listed by
 * GET /main-api/paymentOffers/stripe, contract payments.ts).
 */
export const paymentOffersResource = defineResource({
  name: 'payment-offers',
  gateway: 'main',
  labelKey: 'resource.paymentOffers',
  fields: z.object({
    name: z.string().trim().min(1).max(PAYMENT_OFFER_NAME_MAX),
    description: z.string().trim().max(PAYMENT_OFFER_DESCRIPTION_MAX).default(''),
    /** In cents of `currency`: 1999 is 19.99. */
    price: z.number().int().min(0).max(PRICE_MAX_CENTS),
    currency: z.enum(CURRENCIES).default('EUR'),
    billingPeriod: z.enum(BILLING_PERIODS).default('one_time'),
    stripePriceId: z.string().trim().max(STRIPE_PRICE_ID_MAX).nullable().default(null),
    active: z.boolean().default(true),
  }),
  ui: {
    name: { widget: 'limitedText', textLimit: PAYMENT_OFFER_NAME_MAX },
    description: { widget: 'limitedText', textLimit: PAYMENT_OFFER_DESCRIPTION_MAX },
    price: { widget: 'number' },
    currency: { widget: 'select', options: CURRENCIES },
    billingPeriod: { widget: 'select', options: BILLING_PERIODS },
    stripePriceId: { widget: 'text' },
    active: { widget: 'switch' },
  },
  columns: ['name', 'price', 'currency', 'billingPeriod', 'active', 'updatedAt'],
  filters: ['currency', 'billingPeriod', 'active'],
  sortable: ['name', 'price', 'createdAt', 'updatedAt'],
  defaultSort: { field: 'name', direction: 'asc' },
  search: ['name', 'description'],
  translatable: ['name', 'description'],
  unique: [['name']],
  access: { read: PAYMENT_OFFER_RULE, write: PAYMENT_OFFER_RULE },
  tenancy: 'account',
});
