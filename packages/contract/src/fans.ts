// Kept free of zod: the web's list screen and the embed page import these values. The request
// and response schemas are in fans.schemas.ts.
import type { AccessRule } from './access.ts';
import { MAIN_API, pathParam } from './api.ts';
import { messageCatalog } from './messages.ts';

/**
 * Fans and the CRM (issue 13, spec §7 "Fans", "Payments … fans"). DECISIONS:
 * - A fan belongs to ONE account (the club whose embed page or app they signed up on); the same
 *   email may sign up on two accounts and is then two fans. Emails are kept lower-cased.
 * - Fans sign in with email + password (argon2id, the staff's hashing) on the public fan API
 *   (`FAN_API`), naming the account by its key in `x-account-key`.
 * - Sign-up never tells whether the email is already a fan (issue 28.6): it always answers 202
 *   `{ email, confirmationSent: true }` after one password hash; the reason goes by email. A new
 *   email gets a fan pending confirmation and a confirmation code (`FAN_LIMITS.confirmTtlMs`); a
 *   fan's email gets "someone tried to sign up with your address". Signing up again while pending
 *   replaces the pending password and code (the last sign-up wins, older codes die). `POST confirm
 *   {token}` activates the fan and opens a session; a code only works on its own club's key.
 * - An unconfirmed fan cannot sign in: with the right password they get 403 `notConfirmed`. The
 *   CRM shows them as pending (`confirmed: false`); the workers delete those whose code expired
 *   more than `FAN_LIMITS.pendingKeptMs` ago.
 * - Sign-in failures are throttled per (address, email), per email and per address
 *   (`FAN_AUTH_LIMITS`): a stadium's fans behind one NAT address share only the address's high
 *   ceiling, and successful sign-ins count toward nothing. Sign-ups are counted per email (a
 *   mailbox is not flooded) and per address. The auth calls are not counted by `FAN_RATE_LIMIT`.
 * - A fan token is random, only its SHA-256 is stored (`fan_sessions`), and it is only ever looked
 *   up in fan sessions: presented to a staff call it is an unknown token (401).
 * - Every fan call writes what it did as a typed activity (`FAN_ACTIVITY_TYPES`, payload by type)
 *   and bumps the fan's `lastActiveAt`; the games (trivia, predictor, MOTM) and the chat add their
 *   activities through the same service (`recordActivity`).
 * - A blocked fan cannot sign in (403) and every call made with an open token gets 403.
 * - Tags are the account's tags (resource `tags`); profiles are segments: a fan belongs to a
 *   profile when added by hand (`POST fans/{id}/profiles/{profileId}`) or when they match all of
 *   the profile's rules (tags, activity period, purchases); a profile without rules holds only
 *   the fans added by hand.
 * - Purchases go through the local payment provider: a purchase of a payment offer grants the
 *   products the offer is sold through (`fan_products`), one-time offers forever, monthly/yearly
 *   ones for their period. No money moves: the platform's payment service is not part of Regie.
 * - The list is paged by keyset on the fan's id, newest first (`after` = the last id seen); the
 *   export streams the same filters as CSV, read in keyset batches (flat memory).
 * - The CRM adds a fan by hand (`POST fans`, issue 40.5) and corrects their email, names, language
 *   and consents (`PUT fans/{id}`, the fan's right to rectification), each audited. A fan added by
 *   hand is pending and gets the sign-up's confirmation mail; nobody knows their password (the
 *   fan chooses one by signing up in the club's app with that address while pending: the last
 *   sign-up wins). Another fan of the account with the email is a 409 on `email`. A pending fan's
 *   corrected email gets a new code (the old one went to the wrong address and stops working); a
 *   confirmed fan stays confirmed: there is no email change by the fan to follow, the CRM's is
 *   recorded in the audit trail. The trail names the fan's identity fields as changed, without
 *   their values (an erasure must not leave copies there); consents and language with theirs.
 * - Consents (`FAN_CONSENTS`) are false until given: the CRM records those a fan gave it.
 */

export const FAN_ACTIVITY_TYPES = [
  'signup',
  'signin',
  'play',
  'chat',
  'trivia_answer',
  'prediction',
  'motm_vote',
  'purchase',
] as const;
export type FanActivityType = (typeof FAN_ACTIVITY_TYPES)[number];

/** What the CRM says of a fan: blocked first, then a sign-up not confirmed yet, else active. */
export const FAN_STATUSES = ['active', 'pending', 'blocked'] as const;
export type FanStatus = (typeof FAN_STATUSES)[number];

/** A fan's status from their row (one rule for the list's badge, the fan's page and the filter). */
export function fanStatus(fan: { isBlocked: boolean; confirmed: boolean }): FanStatus {
  if (fan.isBlocked) return 'blocked';
  return fan.confirmed ? 'active' : 'pending';
}

/**
 * What a fan agreed to be sent (each false until given): the club's news and offers by email,
 * and its partners' offers. The CRM records and corrects them (PUT fans/{id}).
 */
export const FAN_CONSENTS = ['marketingConsent', 'partnersConsent'] as const;

/** The CRM's staff: use_crm in an account with FANS_CRM (menu.ts 'crm'). */
export const FANS_RULE: AccessRule = { authorizedRoles: ['use_crm'], requiredModules: ['FANS_CRM'] };

export const FAN_LIMITS = {
  passwordMin: 8,
  passwordMax: 200,
  emailMax: 254,
  nameMax: 80,
  nicknameMax: 30,
  searchMax: 100,
  pageDefault: 50,
  pageMax: 200,
  /** Fans read per statement by the export. */
  exportBatch: 10_000,
  /**
   * The list counts its matches exactly up to this many (`totalCapped` beyond: counting a million
   * rows cost 200–700 ms a page); `exactTotal=true` counts them all (the bulk actions' confirm).
   */
  listCountMax: 10_000,
  /** Bulk actions change at most this many fans per call (the UI repeats with the same filter). */
  bulkMax: 100_000,
  profileNameMax: 80,
  /** Tags a fan added by hand may get at once (POST fans). */
  createTagsMax: 50,
  profileRuleTagsMax: 50,
  profileRuleProductsMax: 50,
  /** Tags, products and profiles offered by GET fans/options, at most (each). */
  optionsMax: 500,
  /** A fan session lasts 30 days. */
  sessionTtlMs: 30 * 24 * 3600 * 1000,
  /** "Active" figures: fans seen in the last N days. */
  activeDaysDefault: 30,
  /** A sign-up's confirmation code works for 48 hours. */
  confirmTtlMs: 48 * 3600 * 1000,
  /**
   * A sign-up never confirmed is deleted this long after its code expired (the workers' pending
   * fans sweep): addresses typed by mistake or by a robot do not pile up in the CRM.
   */
  pendingKeptMs: 7 * 24 * 3600 * 1000,
  confirmTokenMax: 100,
} as const;

/**
 * The fans' sign-in and sign-up throttle (issue 28.6), shared by every API process (database).
 * Only failures count for sign-in: wrong password, unknown email, bad confirmation code. A whole
 * club's crowd behind one NAT address shares `failuresPerAddress` only; one email is locked after
 * `failuresPerAddressAndEmail` failures from one address, or `failuresPerEmail` from anywhere.
 * Every attempt on a locked key gets 429 with Retry-After, a right password included, until
 * enough of its failures leave the window.
 */
export const FAN_AUTH_LIMITS = {
  windowMs: 15 * 60 * 1000,
  failuresPerAddressAndEmail: 10,
  failuresPerEmail: 30,
  failuresPerAddress: 500,
  /** Sign-ups (so mails) per email and per address in the window. */
  signupsPerEmail: 3,
  signupsPerAddress: 1000,
  /**
   * Calls to signup, signin and confirm per address and minute, in each process: a CPU guard (a
   * sign-in costs ~20 ms of a core), 20 a second, so one address cannot take a whole process.
   */
  callsPerAddress: 1200,
  callsWindowMs: 60_000,
} as const;

/**
 * Signed-in fan calls (games, plays, profile) one fan session may make per window (429 beyond),
 * and calls with a token that opens no session one address may make: a stadium's crowd behind
 * one NAT address is counted fan by fan, a forger of tokens by its address. Sign-up, confirm and
 * sign-in: FAN_AUTH_LIMITS.
 */
export const FAN_RATE_LIMIT = { max: 60, windowMs: 60_000 } as const;

/**
 * Plays one batch may report: a player sends what it played since its last report (a playlist's
 * clips, a multicam page's cameras) in one call, which counts once against FAN_RATE_LIMIT.
 */
export const FAN_PLAYS_PER_BATCH = 20;

/** The public fan API's prefix (under /api, so an unknown path is a JSON 404). */
export const FAN_API = '/api/fan';

export const fanPublicPaths = {
  signup: `${FAN_API}/signup`,
  signin: `${FAN_API}/signin`,
  /** POST {token}: the code of the sign-up's mail → the fan is confirmed and signed in. */
  confirm: `${FAN_API}/confirm`,
  signout: `${FAN_API}/signout`,
  me: `${FAN_API}/me`,
  plays: `${FAN_API}/plays`,
  /** POST {plays: [...]}: what a player played since its last report, at most FAN_PLAYS_PER_BATCH. */
  playsBatch: `${FAN_API}/plays/batch`,
  purchases: `${FAN_API}/purchases`,
  /** POST {paymentOfferId, pageToken}: a checkout (Stripe or the local provider) coming back to the page. */
  checkouts: `${FAN_API}/checkouts`,
  /** POST: the checkout's state once the fan is back; grants the products once paid. */
  checkoutConfirm: (id?: string) => `${FAN_API}/checkouts/${pathParam('id', id)}/confirm`,
} as const;

const fan = (id?: number | string) => `${MAIN_API}/fans/${pathParam('id', id)}`;

export const fanPaths = {
  list: `${MAIN_API}/fans`,
  fan,
  sessions: (id?: number | string) => `${fan(id)}/sessions`,
  tags: (id?: number | string) => `${fan(id)}/tags`,
  tag: (id?: number | string, tagId?: number | string) => `${fan(id)}/tags/${pathParam('tagId', tagId)}`,
  activities: (id?: number | string) => `${fan(id)}/activities`,
  products: (id?: number | string) => `${fan(id)}/products`,
  events: (id?: number | string) => `${fan(id)}/events`,
  profile: (id?: number | string, profileId?: number | string) =>
    `${fan(id)}/profiles/${pathParam('profileId', profileId)}`,
  export: `${MAIN_API}/fans/export`,
  /** What the CRM's filters and forms offer: the account's tags, products and profiles. */
  options: `${MAIN_API}/fans/options`,
  bulk: `${MAIN_API}/fans/bulk`,
  countActives: `${MAIN_API}/fans/count/actives`,
  countNew: `${MAIN_API}/fans/count/new`,
  subscriptionsCount: `${MAIN_API}/fans/subscriptions/count`,
  subscriptionsCountNew: `${MAIN_API}/fans/subscriptions/count/new`,
  extended: (id?: number | string) => `${MAIN_API}/extended-fans/${pathParam('id', id)}`,
  profiles: `${MAIN_API}/profiles`,
  profileById: (id?: number | string) => `${MAIN_API}/profiles/${pathParam('id', id)}`,
  /** POST rules → how many fans they hold now (the profile form's live count). */
  profilesCount: `${MAIN_API}/profiles/count`,
} as const;

/** The export's columns, in order (the CSV header). */
export const FAN_EXPORT_COLUMNS = [
  'id',
  'email',
  'nickname',
  'firstName',
  'lastName',
  'country',
  'language',
  'isBlocked',
  'createdAt',
  'lastActiveAt',
] as const;

export const FANS_MESSAGES = messageCatalog('FANS_MESSAGES', {
  notFound: (id: number) => `Fan ${id} not found`,
  profileNotFound: (id: number) => `Fan profile ${id} not found`,
  tagNotFound: (id: number) => `Tag ${id} not found`,
  videoNotFound: (id: number) => `Video ${id} not found`,
  eventNotFound: (id: number) => `Event ${id} not found`,
  offerNotFound: (id: number) => `Payment offer ${id} not found`,
  accountUnknown: 'Unknown account: send the club’s key in x-account-key',
  otherAccount: 'This fan is signed in at another club than the one x-account-key names',
  badCredentials: 'Wrong email or password',
  notConfirmed: 'Confirm your email first: follow the code in the mail we sent you (sign up again for a new one)',
  confirmationInvalid: 'This confirmation code is unknown, used or expired: sign up again to get a new one',
  tooManySignins: (minutes: number) =>
    `Too many failed sign-ins: try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`,
  tooManySignups: (minutes: number) =>
    `Too many sign-ups: try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`,
  blocked: 'This fan account is blocked',
  signedOut: 'Sign in again: this fan session has ended',
  missingToken: 'Sign in first: this call needs a fan token',
  tooManyCalls: `Too many calls from this address: try again in ${FAN_RATE_LIMIT.windowMs / 1000} s`,
  profileNameTaken: 'A fan profile with this name already exists',
  offerInactive: 'This payment offer is not on sale',
  offerSellsNothing: 'This payment offer is not tied to any product',
  tooManyForBulk: (max: number) => `At most ${max} fans per bulk action: narrow the filter`,
  tagOrBlock: 'Say what to do: a tag to add or remove, or block or unblock',
  emailTaken: 'Another fan of this account already has this email address',
  emailInvalid: 'Enter a valid email address',
});
