import { z } from 'zod';
import { recordId } from './accounts.ts';
import { isoDateTime } from './datetime.ts';
import { FAN_ACTIVITY_TYPES, FAN_LIMITS, FAN_PLAYS_PER_BATCH, FAN_STATUSES, FANS_MESSAGES } from './fans.ts';
import { schemaMessage } from './messages.ts';
import { listResponse } from './resources/shapes.ts';
import { CHECKOUT_PROVIDERS, CHECKOUT_STATES } from './viewer-access.ts';

/** Request and response schemas of the fan calls (contract fans.ts). */

const email = z
  .email()
  .max(FAN_LIMITS.emailMax)
  .transform((value) => value.trim().toLowerCase());
const password = z.string().min(FAN_LIMITS.passwordMin).max(FAN_LIMITS.passwordMax);
const name = z.string().trim().max(FAN_LIMITS.nameMax);
const nickname = z.string().trim().min(2).max(FAN_LIMITS.nicknameMax);
/** ISO 3166-1 alpha-2, upper case. */
const country = z
  .string()
  .regex(/^[A-Za-z]{2}$/)
  .transform((value) => value.toUpperCase());
const language = z.enum(['en', 'fr']);
const isoDate = z.iso.datetime({ offset: true });

// ---- public fan API ----

export const fanSignupBody = z
  .object({
    email,
    password,
    nickname,
    firstName: name.default(''),
    lastName: name.default(''),
    country: country.nullable().default(null),
    language: language.default('en'),
  })
  .strict();
export type FanSignupBody = z.infer<typeof fanSignupBody>;

/**
 * What every sign-up gets (202), whether the email was new, pending or already a fan's: the
 * answer never tells which (the mail does).
 */
export const fanSignupResponse = z.object({ email: z.string(), confirmationSent: z.literal(true) });
export type FanSignupResponse = z.infer<typeof fanSignupResponse>;

/** The code of the confirmation mail. */
export const fanConfirmBody = z.object({ token: z.string().trim().min(1).max(FAN_LIMITS.confirmTokenMax) }).strict();
export type FanConfirmBody = z.infer<typeof fanConfirmBody>;

export const fanSigninBody = z.object({ email, password: z.string().min(1).max(FAN_LIMITS.passwordMax) }).strict();
export type FanSigninBody = z.infer<typeof fanSigninBody>;

/** The signed-in fan as they see themselves. */
export const fanSelf = z.object({
  id: z.number(),
  email: z.string(),
  nickname: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  country: z.string().nullable(),
  language: z.string(),
  createdAt: isoDateTime,
});
export type FanSelf = z.infer<typeof fanSelf>;

export const fanSessionResponse = z.object({ token: z.string(), expiresAt: isoDateTime, fan: fanSelf });
export type FanSessionResponse = z.infer<typeof fanSessionResponse>;

export const fanSelfUpdateBody = z
  .object({ nickname, firstName: name, lastName: name, country: country.nullable(), language })
  .partial()
  .strict();
export type FanSelfUpdateBody = z.infer<typeof fanSelfUpdateBody>;

/** A play: of a video, or of an event's replay or live (the event is then the fan's event). */
export const fanPlayBody = z
  .object({ videoId: recordId.optional(), eventId: recordId.optional() })
  .strict()
  .refine((body) => body.videoId !== undefined || body.eventId !== undefined, { path: ['videoId'] });
export type FanPlayBody = z.infer<typeof fanPlayBody>;

/** Plays reported together: recorded all, or none when one is refused. */
export const fanPlaysBody = z.object({ plays: z.array(fanPlayBody).min(1).max(FAN_PLAYS_PER_BATCH) }).strict();
export type FanPlaysBody = z.infer<typeof fanPlaysBody>;
export const fanPlaysAccepted = z.object({ recorded: z.number().int() });

export const fanPurchaseBody = z.object({ paymentOfferId: recordId }).strict();
export type FanPurchaseBody = z.infer<typeof fanPurchaseBody>;

export const fanProduct = z.object({
  productId: z.number(),
  name: z.string(),
  purchasedAt: isoDateTime,
  /** Null: it does not expire. */
  expiresAt: isoDateTime.nullable(),
});
export type FanProduct = z.infer<typeof fanProduct>;
export const fanPurchaseResponse = z.object({ paymentOfferId: z.number(), products: z.array(fanProduct) });

export const fanAccepted = z.object({ recorded: z.literal(true) });

/**
 * POST checkouts: buy an offer a page sells (contract viewer-access.ts), from that page: its
 * token names the page the fan comes back to (the server builds the address: no open redirect).
 */
export const fanCheckoutBody = z
  .object({
    paymentOfferId: recordId,
    pageToken: z
      .string()
      .min(1)
      .max(200)
      .regex(/^[A-Za-z0-9_.-]+$/),
  })
  .strict();
export type FanCheckoutBody = z.infer<typeof fanCheckoutBody>;
/** Where to send the fan to pay: Stripe Checkout or the local provider's page. */
export const fanCheckoutResponse = z.object({
  id: z.uuid(),
  provider: z.enum(CHECKOUT_PROVIDERS),
  url: z.string(),
});
export type FanCheckoutResponse = z.infer<typeof fanCheckoutResponse>;
export const fanCheckoutParams = z.object({ id: z.uuid() });
/** POST checkouts/{id}/confirm: the checkout as the provider says (once paid, the products it granted). */
export const fanCheckoutState = z.object({
  id: z.uuid(),
  state: z.enum(CHECKOUT_STATES),
  paymentOfferId: z.number(),
  products: z.array(fanProduct),
});
export type FanCheckoutState = z.infer<typeof fanCheckoutState>;

// ---- staff CRM ----

export const fanParams = z.object({ id: recordId });
export const fanTagParams = z.object({ id: recordId, tagId: recordId });
export const fanProfileParams = z.object({ id: recordId, profileId: recordId });

/** The list's filters, shared by the list, the export and the bulk actions. */
export const fanFilter = z
  .object({
    search: z.string().trim().min(1).max(FAN_LIMITS.searchMax).optional(),
    profileId: recordId.optional(),
    tagId: recordId.optional(),
    productId: recordId.optional(),
    blocked: z.enum(['true', 'false']).optional(),
    /**
     * What the CRM shows of a fan: `blocked`; `pending`, a sign-up not confirmed yet (and not
     * blocked); `active`, confirmed and not blocked. The web app's Status filter.
     */
    status: z.enum(FAN_STATUSES).optional(),
    /** Last active at or after / before. */
    activeFrom: isoDate.optional(),
    activeTo: isoDate.optional(),
  })
  .strict();
export type FanFilter = z.infer<typeof fanFilter>;
export const FAN_FILTER_KEYS = [
  'search',
  'profileId',
  'tagId',
  'productId',
  'blocked',
  'status',
  'activeFrom',
  'activeTo',
] as const;

export const fansQuery = fanFilter.extend({
  /** Keyset cursor: the nextCursor of the previous page. */
  after: z.string().regex(/^\d+$/).max(12).optional(),
  limit: z.coerce.number().int().min(1).max(FAN_LIMITS.pageMax).default(FAN_LIMITS.pageDefault),
  /** 'true': count every match (else at most FAN_LIMITS.listCountMax, `totalCapped` past it). */
  exactTotal: z.enum(['true', 'false']).optional(),
});
export type FansQuery = z.infer<typeof fansQuery>;

export const fanRow = z.object({
  id: z.number(),
  email: z.string(),
  nickname: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  country: z.string().nullable(),
  language: z.string(),
  /** FAN_CONSENTS: the club's news and offers by email, its partners' offers. */
  marketingConsent: z.boolean(),
  partnersConsent: z.boolean(),
  isBlocked: z.boolean(),
  /** False while the fan has not confirmed their sign-up's mail (no sign-in until then). */
  confirmed: z.boolean(),
  createdAt: isoDateTime,
  lastActiveAt: isoDateTime.nullable(),
});
export type FanRow = z.infer<typeof fanRow>;
export const fansResponse = listResponse(fanRow).extend({
  /** True when there are more than `total` (FAN_LIMITS.listCountMax) matches. */
  totalCapped: z.boolean(),
});
export type FansResponse = z.infer<typeof fansResponse>;

export const profileRef = z.object({ id: z.number(), name: z.string() });
export const fanQuery = z.object({ expand: z.union([z.string(), z.array(z.string())]).optional() }).strict();
export const fanDetail = fanRow.extend({
  /** With expand=[Profile]: the profiles the fan is in (by hand or by their rules). */
  profiles: z.array(profileRef).optional(),
});
export type FanDetail = z.infer<typeof fanDetail>;

export const subListQuery = z
  .object({
    after: z.string().regex(/^\d+$/).max(16).optional(),
    limit: z.coerce.number().int().min(1).max(FAN_LIMITS.pageMax).default(FAN_LIMITS.pageDefault),
  })
  .strict();

export const fanSession = z.object({
  id: z.number(),
  createdAt: isoDateTime,
  lastSeenAt: isoDateTime,
  expiresAt: isoDateTime,
  endedAt: isoDateTime.nullable(),
  ip: z.string(),
  userAgent: z.string(),
});
export const fanSessionsResponse = listResponse(fanSession);

export const fanActivity = z.object({
  id: z.number(),
  type: z.enum(FAN_ACTIVITY_TYPES),
  at: isoDateTime,
  eventId: z.number().nullable(),
  payload: z.record(z.string(), z.unknown()),
});
export type FanActivity = z.infer<typeof fanActivity>;
export const fanActivitiesResponse = listResponse(fanActivity);

export const fanTag = z.object({ id: z.number(), name: z.string(), tagType: z.string() });
export const fanTagsResponse = z.object({ data: z.array(fanTag) });
export const fanOptionsResponse = z.object({
  tags: z.array(fanTag),
  products: z.array(z.object({ id: z.number(), name: z.string() })),
  profiles: z.array(profileRef),
});
export type FanOptions = z.infer<typeof fanOptionsResponse>;
export const fanProductsResponse = z.object({ data: z.array(fanProduct) });
export const fanEvent = z.object({
  eventId: z.number(),
  name: z.string(),
  activities: z.number(),
  lastAt: isoDateTime,
});
export const fanEventsResponse = z.object({ data: z.array(fanEvent) });

/** Figures over a period (default: the last FAN_LIMITS.activeDaysDefault days). */
export const fanCountQuery = z.object({ from: isoDate.optional(), to: isoDate.optional() }).strict();
export const fanCountResponse = z.object({ count: z.number(), from: isoDateTime, to: isoDateTime });

export const extendedFanBody = z.object({ isBlocked: z.boolean() }).strict();

/** The CRM's email field: its refusal said in the CRM user's language, on the field. */
const crmEmail = z
  .email({ message: schemaMessage(FANS_MESSAGES.emailInvalid) })
  .max(FAN_LIMITS.emailMax)
  .transform((value) => value.toLowerCase());

/** What the CRM may set of a fan (contract fans.ts: rectification). */
const fanCrmFields = {
  email: crmEmail,
  nickname,
  firstName: name,
  lastName: name,
  country: country.nullable(),
  language,
  marketingConsent: z.boolean(),
  partnersConsent: z.boolean(),
};

/**
 * A fan added by hand: pending until they confirm the mail sent to `email`. Without a nickname,
 * the email's part before the @ (cut to FAN_LIMITS.nicknameMax).
 */
export const fanCreateBody = z
  .object({
    ...fanCrmFields,
    nickname: nickname.optional(),
    firstName: name.default(''),
    lastName: name.default(''),
    country: country.nullable().default(null),
    language: language.default('en'),
    marketingConsent: z.boolean().default(false),
    partnersConsent: z.boolean().default(false),
    /** The account's tags to put on the fan at once (their own calls change them afterwards). */
    tagIds: z.array(recordId).max(FAN_LIMITS.createTagsMax).default([]),
  })
  .strict();
export type FanCreateBody = z.infer<typeof fanCreateBody>;
/** What a client sends (the defaults filled in by the server). */
export type FanCreateInput = z.input<typeof fanCreateBody>;

/** A correction: only the fields sent change (tags have their own calls, fans/{id}/tags/{tagId}). */
export const fanUpdateBody = z.object(fanCrmFields).partial().strict();
export type FanUpdateBody = z.infer<typeof fanUpdateBody>;
export type FanUpdateInput = z.input<typeof fanUpdateBody>;

/** The fan as saved, and whether this call mailed them a confirmation code. */
export const fanSaved = fanRow.extend({
  /**
   * True when a confirmation code went to the fan's email (a fan added, a pending fan's email
   * corrected); false when none was due or the mail could not be sent (the server logs why).
   */
  confirmationSent: z.boolean(),
});
export type FanSaved = z.infer<typeof fanSaved>;

/** Across pages: every fan the filter holds gets the tag added or removed, or is blocked/unblocked. */
export const fanBulkBody = z
  .object({
    filter: fanFilter,
    addTagId: recordId.optional(),
    removeTagId: recordId.optional(),
    isBlocked: z.boolean().optional(),
  })
  .strict();
export type FanBulkBody = z.infer<typeof fanBulkBody>;
export const fanBulkResponse = z.object({ changed: z.number(), matched: z.number() });

// ---- profiles (segments) ----

export const profileRules = z
  .object({
    tagIds: z.array(recordId).max(FAN_LIMITS.profileRuleTagsMax).default([]),
    /** Active in the last N days; null: any. */
    activeWithinDays: z.number().int().min(1).max(3650).nullable().default(null),
    /** Bought at least one of these products. */
    productIds: z.array(recordId).max(FAN_LIMITS.profileRuleProductsMax).default([]),
  })
  .strict();
export type ProfileRules = z.infer<typeof profileRules>;

export const profileBody = z
  .object({
    name: z.string().trim().min(1).max(FAN_LIMITS.profileNameMax),
    description: z.string().trim().max(500).default(''),
    rules: profileRules.default({ tagIds: [], activeWithinDays: null, productIds: [] }),
  })
  .strict();
export type ProfileBody = z.infer<typeof profileBody>;

export const profile = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  rules: z.object({
    tagIds: z.array(z.number()),
    activeWithinDays: z.number().nullable(),
    productIds: z.array(z.number()),
  }),
  memberCount: z.number(),
  createdAt: isoDateTime,
});
export type Profile = z.infer<typeof profile>;
export const profilesResponse = z.object({ data: z.array(profile) });
export const profileCountBody = z.object({ rules: profileRules }).strict();
export const profileCountResponse = z.object({ count: z.number() });
