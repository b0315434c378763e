// Kept free of zod: the public embed page imports these values. The schemas are in embed.schemas.ts
// (what a page needs) and fans.schemas.ts (the checkout).
import { messageCatalog } from './messages.ts';

/**
 * Who may watch beyond their country (issue 47.2–3): the club's fans only, or the fans who paid.
 *
 * DECISION:
 * - RESTRAINED_ACCESS: an event, a conference or a video can be for the club's signed-in fans
 *   (its `fansOnly` switch). A page's content asks its own switch; its replay, the video's too.
 * - PAYMENT_RESTRICTION: an event or a video that an active product of the account unlocks
 *   (products/{id}/items) plays only for a fan holding one of those products (bought through one
 *   of its offers, not expired): a match pass is a one-time offer of a product listing the event;
 *   a season ticket is a yearly offer of a product listing the season's events. A paid content
 *   needs a signed-in fan too (a purchase is a fan's).
 * - The page's data (one answer for every viewer, kept in front) says what is needed: `access`
 *   (sign in; the offers on sale). The media are then signed for each viewer by GET
 *   embed/{token}/playback, which checks the fan's session (401) and purchase (402), and bound to
 *   the fan's session as well as the country: a playlist or segment URL passed on stops playing
 *   once the session ends, and expires like every signed URL.
 * - Buying: Stripe Checkout where the platform has a Stripe key (the offer's Stripe price), the
 *   local payment provider otherwise (its own checkout page, Stripe's test cards). Either way the
 *   fan comes back to the page, which confirms the checkout and plays.
 */
export const RESTRAINED_ACCESS_MODULE = 'RESTRAINED_ACCESS';
export const PAYMENT_RESTRICTION_MODULE = 'PAYMENT_RESTRICTION';

/** The playback of a fans-only or paid page without a fan session (or with another club's). */
export const SIGN_IN_REQUIRED_STATUS = 401;
/** The playback of a paid page for a signed-in fan who holds none of its products. */
export const PAYMENT_REQUIRED_STATUS = 402;

/** The query parameter a checkout's return adds to the page's address (its id). */
export const CHECKOUT_RETURN_PARAM = 'checkout';

/** A checkout's life: started, paid (the products granted), or given up. */
export const CHECKOUT_STATES = ['pending', 'paid', 'cancelled'] as const;
export type CheckoutState = (typeof CHECKOUT_STATES)[number];

/** Who takes the money. */
export const CHECKOUT_PROVIDERS = ['stripe', 'local'] as const;
export type CheckoutProvider = (typeof CHECKOUT_PROVIDERS)[number];

/** How long a started checkout may be paid (Stripe's own limit is 24 h). */
export const CHECKOUT_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * The local payment provider's test cards (Stripe's own numbers, so a tester types the same
 * everywhere): one that pays, one that is declined; any other number is refused as invalid.
 */
export const LOCAL_TEST_CARDS = { paid: '4242424242424242', declined: '4000000000000002' } as const;

/** The local provider's checkout page (served by the server, not part of the fan API). */
export const LOCAL_CHECKOUT_PATH = '/local-pay/checkout';

/** Where Stripe sends its notices of paid checkouts (REGIE_STRIPE_WEBHOOK_SECRET verifies them). */
export const STRIPE_WEBHOOK_PATH = '/api/payments/stripe/webhook';

export const VIEWER_ACCESS_MESSAGES = messageCatalog('VIEWER_ACCESS_MESSAGES', {
  signInToWatch: 'This video is for the club’s fans: sign in to watch',
  otherClub: 'This page belongs to another club: sign in with your account there',
  passRequired: 'This video is part of a pass: buy it to watch',
  checkoutNotFound: 'This payment does not exist (or is another fan’s)',
  checkoutNotPaid: 'This payment is not complete yet',
  checkoutExpired: 'This payment expired: start again',
  checkoutOffersOnly: 'Only an offer of this page can be bought here',
  cardDeclined: 'Your card was declined: no money was taken',
  cardInvalid: 'This card number is not valid',
  stripeNoPrice: (offer: string) => `The offer ${offer} has no Stripe price: ask the club`,
  webhookUnsigned: 'This notice is not signed by Stripe',
});

/** The local payment provider's checkout page (payments/checkout.routes.ts), in the fan's language. */
export const LOCAL_PAY_MESSAGES = messageCatalog('LOCAL_PAY_MESSAGES', {
  title: 'Payment',
  provider: 'Local payment provider (test mode)',
  testCards: 'No money moves here. Card 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined.',
  card: 'Card number',
  pay: (amount: string) => `Pay ${amount}`,
  cancel: 'Cancel and go back',
  oneTime: (amount: string) => `${amount}, once`,
  monthly: (amount: string) => `${amount} a month`,
  yearly: (amount: string) => `${amount} a year`,
  done: 'This payment is complete.',
  closed: 'This payment can no longer be made.',
  back: 'Back to the video',
});
