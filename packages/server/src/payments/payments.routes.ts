import { recordId } from '@regie/contract/accounts';
import { paths } from '@regie/contract/api';
import { STRIPE_MESSAGES, STRIPE_PRICES_PATH, stripePricesQuery, stripePricesResponse } from '@regie/contract/payments';
import { LIST_LIMITS } from '@regie/contract/resources/define';
import { PRODUCT_ITEM_TYPES } from '@regie/contract/resources/item-links';
import { productFan } from '@regie/contract/resources/products';
import { listResponse } from '@regie/contract/resources/shapes';
import { asc, count, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fanProducts } from '../db/payments.table.ts';
import { HttpError } from '../http/http.errors.ts';
import { BEARER, errorResponses } from '../http/responses.schema.ts';
import { registerItemLinks } from '../resources/item-links.ts';
import { assertMayRead } from '../resources/resources.access.ts';
import { plainJson } from '../resources/resources.http.ts';
import { findVisible } from '../resources/resources.service.ts';
import type { Engine } from '../resources/resources.types.ts';
import { authOf, type Guards } from '../tenancy/tenancy.guards.ts';
import { PRODUCT_ITEM_LINKS } from './product-items.ts';
import type { StripePrices } from './stripe.prices.ts';

const fansQuery = z
  .object({
    offset: z.coerce.number().int().min(0).max(1_000_000_000).default(0),
    limit: z.coerce.number().int().min(1).max(LIST_LIMITS.maxLimit).default(LIST_LIMITS.defaultLimit),
  })
  .strict();

/**
 * Payments beyond the generic engine (spec §7 "Payments"): what a product unlocks
 * (/products/{id}/items), the fans who bought it (/products/{id}/fans) and the Stripe catalogue
 * (/paymentOffers/stripe). `stripe` is null when REGIE_STRIPE_SECRET_KEY is unset: 503, never
 * made-up prices.
 */
export const paymentsRoutes: FastifyPluginAsyncZod<{
  engine: Engine;
  guards: Guards;
  stripe: StripePrices | null;
}> = async (app, { engine, guards, stripe }) => {
  const products = engine.byName('products');
  const offers = engine.byName('payment-offers');
  if (!products || !offers) throw new Error('Payments: products and payment-offers must be declared');

  registerItemLinks(app, engine, guards, {
    owner: 'products',
    links: PRODUCT_ITEM_LINKS,
    types: PRODUCT_ITEM_TYPES,
  });

  app.get(
    paths.productFans(),
    {
      onRequest: guards.requireAuth,
      serializerCompiler: plainJson,
      schema: {
        tags: ['products'],
        security: BEARER,
        summary: 'The fans who bought a product, the latest purchase first',
        params: z.object({ id: recordId }),
        querystring: fansQuery,
        response: { 200: listResponse(productFan), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      assertMayRead(products.definition, auth);
      await findVisible(engine, products, auth, request.params.id);
      const { offset, limit } = request.query;
      const where = eq(fanProducts.productId, request.params.id);
      const [rows, totals] = await Promise.all([
        engine.db
          .select()
          .from(fanProducts)
          .where(where)
          .orderBy(desc(fanProducts.purchasedAt), asc(fanProducts.fanId))
          .limit(limit)
          .offset(offset),
        engine.db.select({ total: count() }).from(fanProducts).where(where),
      ]);
      const data = rows.map((row) => ({
        fanId: row.fanId,
        purchasedAt: row.purchasedAt.toISOString(),
        expiresAt: row.expiresAt?.toISOString() ?? null,
      }));
      return { data, total: totals[0]?.total ?? 0, offset, limit, nextCursor: null };
    },
  );

  app.get(
    STRIPE_PRICES_PATH,
    {
      onRequest: guards.requireAuth,
      schema: {
        tags: ['payment-offers'],
        security: BEARER,
        summary:
          'The prices of the Stripe catalogue, to tie a payment offer to one (503 when Stripe is not configured)',
        querystring: stripePricesQuery,
        response: { 200: stripePricesResponse, ...errorResponses(400, 401, 403, 502, 503) },
      },
    },
    async (request) => {
      assertMayRead(offers.definition, authOf(request));
      if (!stripe) throw new HttpError(503, STRIPE_MESSAGES.notConfigured);
      const { active, limit } = request.query;
      try {
        return await stripe.list({ limit, ...(active === undefined ? {} : { active: active === 'true' }) });
      } catch (error) {
        request.log.warn({ err: error }, 'Stripe prices not listed');
        throw new HttpError(502, STRIPE_MESSAGES.failed(error instanceof Error ? error.message : String(error)));
      }
    },
  );
};
