import { fanPublicPaths } from '@regie/contract/fans';
import {
  fanCheckoutBody,
  fanCheckoutParams,
  fanCheckoutResponse,
  fanCheckoutState,
} from '@regie/contract/fans.schemas';
import type { Message } from '@regie/contract/messages';
import type { BillingPeriod } from '@regie/contract/resources/payment-offers';
import {
  LOCAL_CHECKOUT_PATH,
  LOCAL_PAY_MESSAGES,
  LOCAL_TEST_CARDS,
  STRIPE_WEBHOOK_PATH,
  VIEWER_ACCESS_MESSAGES,
} from '@regie/contract/viewer-access';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUDIT_EXEMPTIONS } from '../audit/audit.declared.ts';
import type { AppConfig } from '../config.ts';
import { paymentOffers } from '../db/payments.table.ts';
import { escapeHtml } from '../embed/embed.service.ts';
import { fanOf, type RequireFan } from '../fans/fans.auth.ts';
import { HttpError } from '../http/http.errors.ts';
import { localize, type MessageLanguage, requestLanguage } from '../http/localize.ts';
import { BEARER_ONLY, errorResponses, PUBLIC } from '../http/responses.schema.ts';
import { FORM, registerFormParser } from '../social/local/http.ts';
import { formPairs } from '../social/local/oauth1.ts';
import {
  type CheckoutDeps,
  type CheckoutRow,
  cancelCheckout,
  checkoutOpen,
  completeCheckout,
  confirmCheckout,
  findCheckout,
  startCheckout,
} from './checkout.ts';

const common = { tags: ['fan'] };

/** This server as the fan's browser reaches it. */
function originOf(config: Pick<AppConfig, 'publicUrl'>, request: FastifyRequest): string {
  return config.publicUrl || `${request.protocol}://${request.host}`;
}

/** The fan API's checkout calls: start one from a paywall, confirm it on the way back. */
const fanCheckoutRoutes: FastifyPluginAsyncZod<CheckoutRoutesOptions> = async (app, options) => {
  const { requireFan, config } = options;
  app.post(
    fanPublicPaths.checkouts,
    {
      config: { audit: { exempt: AUDIT_EXEMPTIONS.fanActivity } },
      onRequest: requireFan,
      schema: {
        ...common,
        security: BEARER_ONLY,
        summary: 'Starts buying an offer a paid page sells: where to send the fan to pay',
        description:
          'The offer must be one the page (its token) shows on its paywall, of the fan’s club. The fan pays at ' +
          'Stripe Checkout where the platform has a Stripe key, else on the local payment provider’s page, and ' +
          'comes back to the page with `?checkout={id}`.',
        body: fanCheckoutBody,
        response: { 201: fanCheckoutResponse, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const started = await startCheckout(options, fanOf(request), {
        ...request.body,
        origin: originOf(config, request),
        language: requestLanguage(request),
      });
      return reply.code(201).send(started);
    },
  );
  app.post(
    fanPublicPaths.checkoutConfirm(),
    {
      config: { audit: { exempt: AUDIT_EXEMPTIONS.fanActivity } },
      onRequest: requireFan,
      schema: {
        ...common,
        security: BEARER_ONLY,
        summary: 'The checkout once the fan is back: paid (with what it granted), pending or cancelled',
        params: fanCheckoutParams,
        response: { 200: fanCheckoutState, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => confirmCheckout(options, fanOf(request), request.params.id),
  );
};

const STYLE = [
  'body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1a1a1a;background:#f4f5f7}',
  'main{max-width:28rem;margin:3rem auto;padding:2rem;background:#fff;border-radius:12px;box-shadow:0 1px 4px #0002}',
  'h1{font-size:1.4rem;margin:0 0 .25rem}.provider{color:#4b5563;margin:0 0 1.5rem}',
  '.offer{font-size:1.1rem;font-weight:600}.hint{color:#4b5563;font-size:.9rem}',
  'label{display:block;margin:1rem 0 .25rem;font-weight:600}',
  'input{font:inherit;width:100%;box-sizing:border-box;padding:.5rem;border:1px solid #5f6368;border-radius:6px}',
  '.actions{display:flex;justify-content:space-between;align-items:center;gap:.75rem;margin-top:1.5rem}',
  'button{font:inherit;padding:.5rem 1.25rem;border-radius:6px;border:1px solid #1a56db;background:#1a56db;color:#fff;cursor:pointer}',
  'button.secondary{background:#fff;color:#1a1a1a;border-color:#5f6368}',
  '[role=alert]{color:#b91c1c;font-weight:600}',
  'button:focus-visible,input:focus-visible,a:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}',
].join('');

/** Headers of the local provider's page: not cached, not framed (a payment page in a frame invites clickjacking). */
const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'x-frame-options': 'DENY',
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
} as const;

/** The amount as the fan reads it (cents → 9,99 € / €9.99). */
export function amountText(cents: number, currency: string, language: MessageLanguage): string {
  return new Intl.NumberFormat(language === 'fr' ? 'fr-FR' : 'en-GB', { style: 'currency', currency }).format(
    cents / 100,
  );
}

const PERIOD_WORDS: Readonly<Record<BillingPeriod, (amount: string) => Message>> = {
  one_time: LOCAL_PAY_MESSAGES.oneTime,
  monthly: LOCAL_PAY_MESSAGES.monthly,
  yearly: LOCAL_PAY_MESSAGES.yearly,
};

interface PageView {
  row: CheckoutRow;
  offerName: string;
  billingPeriod: BillingPeriod;
  language: MessageLanguage;
  error?: Message;
}

/** The local provider's checkout page: the offer, its price, the card field, pay or cancel. */
export function localCheckoutPage({ row, offerName, billingPeriod, language, error }: PageView): string {
  const say = (message: Message) => escapeHtml(localize(message, language));
  const amount = amountText(row.price, row.currency, language);
  const action = `${LOCAL_CHECKOUT_PATH}/${row.id}`;
  const body = checkoutOpen(row)
    ? [
        `<p class="offer" id="offer">${escapeHtml(offerName)}</p>`,
        `<p>${say(PERIOD_WORDS[billingPeriod](amount))}</p>`,
        `<form method="post" action="${escapeHtml(action)}" aria-labelledby="title" aria-describedby="offer">`,
        error ? `<p role="alert">${say(error)}</p>` : '',
        `<label for="card">${say(LOCAL_PAY_MESSAGES.card)}</label>`,
        '<input id="card" name="card" inputmode="numeric" autocomplete="cc-number" required aria-describedby="cards">',
        `<p class="hint" id="cards">${say(LOCAL_PAY_MESSAGES.testCards)}</p>`,
        '<div class="actions">',
        `<button type="submit" name="action" value="cancel" class="secondary" formnovalidate>${say(LOCAL_PAY_MESSAGES.cancel)}</button>`,
        `<button type="submit" name="action" value="pay">${say(LOCAL_PAY_MESSAGES.pay(amount))}</button>`,
        '</div></form>',
      ]
    : [
        `<p role="status">${say(row.state === 'paid' ? LOCAL_PAY_MESSAGES.done : LOCAL_PAY_MESSAGES.closed)}</p>`,
        `<p><a href="${escapeHtml(row.returnUrl)}">${say(LOCAL_PAY_MESSAGES.back)}</a></p>`,
      ];
  return [
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${say(LOCAL_PAY_MESSAGES.title)}</title><style>${STYLE}</style></head><body><main>`,
    `<h1 id="title">${say(LOCAL_PAY_MESSAGES.title)}</h1>`,
    `<p class="provider">${say(LOCAL_PAY_MESSAGES.provider)}</p>`,
    ...body,
    '</main></body></html>',
  ].join('');
}

/** What the local provider does with a card number: pays, declines (Stripe's test cards) or refuses it. */
export function cardOutcome(card: string): 'paid' | 'declined' | 'invalid' {
  const digits = card.replace(/[\s-]/g, '');
  if (digits === LOCAL_TEST_CARDS.paid) return 'paid';
  if (digits === LOCAL_TEST_CARDS.declined) return 'declined';
  return 'invalid';
}

/**
 * The local payment provider's checkout page (contract viewer-access.ts): plain HTML that works
 * without script, in the fan's language; paying completes the checkout here (the products are the
 * fan's before they are back) and sends the fan back to the page.
 */
const localCheckoutRoutes: FastifyPluginAsyncZod<CheckoutRoutesOptions> = async (app, options) => {
  const { db } = options;
  registerFormParser(app);
  const params = z.object({ id: z.uuid() });
  const view = async (request: FastifyRequest, id: string) => {
    const row = await findCheckout(db, id);
    if (!row || row.provider !== 'local') return null;
    const [offer] = await db
      .select({ name: paymentOffers.name, billingPeriod: paymentOffers.billingPeriod })
      .from(paymentOffers)
      .where(eq(paymentOffers.id, row.paymentOfferId))
      .limit(1);
    return {
      row,
      offerName: offer?.name ?? '',
      billingPeriod: (offer?.billingPeriod ?? 'one_time') as BillingPeriod,
      language: requestLanguage(request),
    };
  };
  const notFoundPage = (reply: FastifyReply, request: FastifyRequest) =>
    reply
      .code(404)
      .headers(PAGE_HEADERS)
      .send(
        `<!doctype html><html><body><main><p role="alert">${escapeHtml(localize(VIEWER_ACCESS_MESSAGES.checkoutNotFound, requestLanguage(request)))}</p></main></body></html>`,
      );

  app.get(`${LOCAL_CHECKOUT_PATH}/:id`, { schema: { hide: true, params } }, async (request, reply) => {
    const page = await view(request, request.params.id);
    if (!page) return notFoundPage(reply, request);
    return reply.headers(PAGE_HEADERS).send(localCheckoutPage(page));
  });
  app.post(
    `${LOCAL_CHECKOUT_PATH}/:id`,
    // The payment is the fan's own action; what it grants is the fan's (a purchase activity).
    { config: { audit: { exempt: AUDIT_EXEMPTIONS.fanActivity } }, schema: { hide: true, params } },
    async (request, reply) => {
      const page = await view(request, request.params.id);
      if (!page) return notFoundPage(reply, request);
      const type = request.headers['content-type'] ?? '';
      const form = new Map(
        type.startsWith(FORM) && typeof request.body === 'string' ? (formPairs(request.body) ?? []) : [],
      );
      if (!checkoutOpen(page.row)) return reply.code(409).headers(PAGE_HEADERS).send(localCheckoutPage(page));
      if (form.get('action') === 'cancel') {
        await cancelCheckout(db, page.row.id);
        return reply.redirect(page.row.returnUrl, 303);
      }
      const outcome = cardOutcome(form.get('card') ?? '');
      if (outcome !== 'paid') {
        const error = outcome === 'declined' ? VIEWER_ACCESS_MESSAGES.cardDeclined : VIEWER_ACCESS_MESSAGES.cardInvalid;
        return reply
          .code(outcome === 'declined' ? 402 : 400)
          .headers(PAGE_HEADERS)
          .send(localCheckoutPage({ ...page, error }));
      }
      await completeCheckout(db, page.row.id);
      return reply.redirect(page.row.returnUrl, 303);
    },
  );
};

export interface CheckoutRoutesOptions extends CheckoutDeps {
  requireFan: RequireFan;
  config: Pick<AppConfig, 'publicUrl'>;
}

/**
 * Stripe's webhook: a paid checkout is completed even when the fan never comes back to the page
 * (a closed tab). The body is read raw (the signature covers its bytes); a bad signature is a 400.
 */
const stripeWebhookRoutes: FastifyPluginAsyncZod<CheckoutRoutesOptions> = async (app, { db, payments }) => {
  const paidNotice = payments.paidNotice;
  if (!paidNotice) return;
  if (app.hasContentTypeParser('application/json')) app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) =>
    done(null, body),
  );
  app.post(
    STRIPE_WEBHOOK_PATH,
    {
      // Stripe's machine call; the purchase it completes is the fan's (a purchase activity).
      config: { audit: { exempt: AUDIT_EXEMPTIONS.machine } },
      schema: {
        tags: ['payments'],
        security: PUBLIC,
        summary: "Stripe's notice of a paid checkout (signed with the webhook's secret)",
        response: { 200: z.object({ received: z.literal(true) }), ...errorResponses(400) },
      },
    },
    async (request) => {
      const signature = request.headers['stripe-signature'];
      let notice: ReturnType<typeof paidNotice>;
      try {
        if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) throw new Error('unsigned');
        notice = paidNotice(request.body, signature);
      } catch {
        throw new HttpError(400, VIEWER_ACCESS_MESSAGES.webhookUnsigned);
      }
      if (notice) {
        const row = await findCheckout(db, notice.checkoutId);
        // Only the checkout this Stripe session was made for.
        if (row?.providerRef === notice.providerRef) await completeCheckout(db, row.id);
      }
      return { received: true as const };
    },
  );
};

/** Buying a pass from a paid page: the fan API's calls, and the local provider's page when it is the one. */
export const checkoutRoutes: FastifyPluginAsyncZod<CheckoutRoutesOptions> = async (app, options) => {
  await app.register(fanCheckoutRoutes, options);
  if (options.payments.provider === 'local') await app.register(localCheckoutRoutes, options);
  await app.register(stripeWebhookRoutes, options);
};
