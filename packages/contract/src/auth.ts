import { z } from 'zod';
import { actingContext } from './acting.ts';
import { isoDateTime } from './datetime.ts';
import { DEFAULT_LANGUAGE, LANGUAGES } from './languages.ts';
import { type Message, messageCatalog } from './messages.ts';

/** Login limits and throttling (issue: at most 10 failures per username per 15 minutes). */
export const LOGIN_LIMITS = {
  usernameMax: 120,
  passwordMax: 256,
  failuresPerUsername: 10,
  failuresPerIp: 50,
  windowMs: 15 * 60 * 1000,
} as const;

/** How long an access token lives without use. */
export const TOKEN_TTL_MS = 12 * 60 * 60 * 1000;

/**
 * Messages of the authentication and authorisation errors. Every token message contains 'token',
 * in French too, so the web client recognises a dead session whatever the language (spec §8).
 */
export const AUTH_MESSAGES = messageCatalog('AUTH_MESSAGES', {
  invalidCredentials: 'Invalid username or password',
  missingToken: 'Missing access token: please sign in',
  invalidToken: 'Invalid or expired token',
  expiredToken: 'Session expired, please sign in again (expired token)',
  /** Spec §5: any failed restriction check. */
  notAuthorised: 'Action not authorised !',
  tooManyLoginAttempts: (minutes: number) =>
    `Too many failed sign-in attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
});

/** The AUTH_MESSAGES that tell of a missing, unknown, revoked or expired token. */
export const TOKEN_MESSAGE_KEYS = ['missingToken', 'invalidToken', 'expiredToken'] as const;

/**
 * Decision on spec §8 ("Admin payload failure with status 403 and a message containing 'token':
 * log out and go to /login?lastpath={path}"): GET admin-payload, the call every screen load
 * starts with, answers an unknown, revoked or expired token with this status and the token
 * message, as the spec's gateway does; a call with no token at all gets 401 like every other call
 * (an integrator's first mistake is said as such). Every other call keeps 401 for all these
 * cases. The web client ends the session on either (client.ts `isSessionError`).
 */
export const ADMIN_PAYLOAD_TOKEN_STATUS = 403;

/** The 429 message of the sign-in throttle. */
export function tooManyLoginAttemptsMessage(retryAfterSeconds: number): Message {
  return AUTH_MESSAGES.tooManyLoginAttempts(Math.max(1, Math.ceil(retryAfterSeconds / 60)));
}

export const loginBody = z
  .object({
    username: z.string().trim().min(1).max(LOGIN_LIMITS.usernameMax),
    password: z.string().min(1).max(LOGIN_LIMITS.passwordMax),
  })
  .strict();
export type LoginBody = z.infer<typeof loginBody>;

export const loginResponse = z.object({
  accessToken: z.string(),
  expiresAt: isoDateTime,
  id: z.number(),
  username: z.string(),
  AccountId: z.number(),
  accountKey: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponse>;

export const userMeta = z
  .object({
    language: z.enum(LANGUAGES).default(DEFAULT_LANGUAGE),
  })
  .catchall(z.unknown());
export type UserMeta = z.infer<typeof userMeta>;

/**
 * PUT /users-service-api/users/me: the meta keys to change, merged into the stored meta. No
 * defaults here, or a body without `language` would reset it to 'en'. Only the user's known
 * preferences (the language: all the web app saves), strict: any other key is refused (400
 * naming it), so a user's meta never keeps what a client slipped in (`accessLevel`, `roles`…).
 */
export const updateMeBody = z.object({ meta: z.object({ language: z.enum(LANGUAGES).optional() }).strict() }).strict();
export type UpdateMeBody = z.infer<typeof updateMeBody>;
/** The response of PUT users/me: the whole stored meta after the merge. */
export const updateMeResponse = z.object({ meta: userMeta });

export const moduleRef = z.object({ id: z.number(), code: z.string(), name: z.string() });
export type ModuleRef = z.infer<typeof moduleRef>;
export const roleRef = z.object({ id: z.number(), name: z.string() });
export const groupRef = z.object({ id: z.number(), name: z.string(), AccountId: z.number() });

/** GET /users-service-api/users/me */
export const meResponse = z.object({
  id: z.number(),
  username: z.string(),
  name: z.string(),
  AccountId: z.number(),
  accountId: z.number(),
  accountKey: z.string(),
  accountName: z.string(),
  accessLevel: z.number(),
  isAdmin: z.boolean(),
  meta: userMeta,
  Roles: z.array(roleRef),
  Modules: z.array(moduleRef),
  Groups: z.array(groupRef),
});
export type MeResponse = z.infer<typeof meResponse>;

export const languageRef = z.object({ id: z.number(), code: z.enum(LANGUAGES), name: z.string() });

/**
 * GET /users-service-api/users/me/context: what the account the request acts for allows
 * (for an admin simulating an account, that account's roles and modules).
 *
 * `Groups` are the signed-in user's own groups, the same as users/me gives, also while an admin
 * simulates an account: the session user is login, then me, then context merged over it (spec
 * §3), so the context must carry the user's groups rather than drop or replace them.
 */
/**
 * Spec §6: while an admin acts for an account, every query adds that account's AccountId and
 * SportId. An account's SportId is the sport it is about, set in its config (resources/accounts.ts
 * `accountConfig.sportId`; null when unset). The web client adds both to every GET; the server
 * refuses an AccountId other than the acting account's (403). They say what the account is
 * about and never hide its data (issue 24.1, server resources.context.ts): AccountId narrows no
 * further than acting for the account does, and SportId narrows only a resource declaring a
 * `sportId` field, only when it is the account's own sport, keeping the records without a sport.
 */
export const SIMULATION_QUERY_KEYS = ['AccountId', 'SportId'] as const;

export const meContextResponse = z.object({
  account: z.object({
    id: z.number(),
    name: z.string(),
    accountKey: z.string(),
    /** The account's SportId while simulated (see SIMULATION_QUERY_KEYS); null otherwise. */
    SportId: z.number().nullable(),
    /**
     * The sport the account is about (its config's sport, when it sees that sport), simulated or
     * not; null when none: a new record that has a sport starts at it (issue 40.2).
     */
    sportId: z.number().nullable(),
  }),
  simulated: z.boolean(),
  /** The acting session while simulated (issue 26: its reason and mode, for the banner); else null. */
  acting: actingContext,
  Groups: z.array(groupRef),
  roles: z.array(z.string()),
  modules: z.array(z.string()),
  languages: z.object({ available: z.array(languageRef), default: z.enum(LANGUAGES) }),
  homepage: z.string(),
});
export type MeContextResponse = z.infer<typeof meContextResponse>;

/** GET /users-service-api/users/me/oauth: the social links of the user's account. */
export const oauthResponse = z.object({
  facebook: z.object({ connected: z.boolean(), pageId: z.string().nullable() }),
  dailymotion: z.object({ connected: z.boolean() }),
  twitter: z.object({ connected: z.boolean() }),
  google: z.object({ connected: z.boolean() }),
});
export type OauthResponse = z.infer<typeof oauthResponse>;

/**
 * Groups of marker types a notification can be sent for (admin payload). Ids are stable; names
 * are i18n keys `markerNotificationGroup.<id>` on the web side, these English names are a fallback.
 */
export const MARKER_NOTIFICATION_GROUPS = [
  { id: 'goals', name: 'Goals' },
  { id: 'cards', name: 'Cards' },
  { id: 'substitutions', name: 'Substitutions' },
  { id: 'periods', name: 'Kick-off, half-time and full-time' },
  { id: 'highlights', name: 'Highlights' },
] as const;

/**
 * Whether the server finds ffmpeg and ffprobe (on its PATH): without them no video is encoded,
 * probed, clipped or aired, and the web app tells the people whose work needs them.
 */
export const mediaToolsSchema = z.object({ ffmpeg: z.boolean(), ffprobe: z.boolean() });
export type MediaTools = z.infer<typeof mediaToolsSchema>;

export const sportRef = z.object({ id: z.number(), name: z.string(), svgSpriteFilename: z.string().nullable() });

/** GET /main-api/common/admin-payload */
export const adminPayloadResponse = z.object({
  modules: z.array(moduleRef),
  sports: z.array(sportRef),
  assetsUrl: z.string(),
  imagesUrl: z.string(),
  aws: z.object({
    prefix: z.object({
      clips: z.object({ root: z.string(), skins: z.string(), skinPreRoll: z.string(), skinPostRoll: z.string() }),
    }),
    buckets: z.object({ assets: z.string() }),
  }),
  markerNotificationGroups: z.array(z.object({ id: z.string(), name: z.string() })),
  externalLinks: z.object({ cmsUrl: z.string().nullable(), pushNotificationsUrl: z.string().nullable() }),
  environment: z.enum(['development', 'staging', 'production']),
  mediaTools: mediaToolsSchema,
});
export type AdminPayloadResponse = z.infer<typeof adminPayloadResponse>;

export const googleAnalyticsResponse = z.object({ token: z.string().nullable() });

/** GET /main-api/search/accounts?name=… (admins only; limits in search.ts) */
export const accountSearchQuery = z.object({ name: z.string().max(120).optional() });
export const accountSearchResult = z.array(z.object({ id: z.number(), name: z.string(), accountKey: z.string() }));

/** The JSON body of every error response (the `ErrorBody` component of the OpenAPI document). */
export const errorBody = z
  .object({
    statusCode: z.number(),
    error: z.string(),
    message: z.string(),
    errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: 'ErrorBody' });
export type ErrorBody = z.infer<typeof errorBody>;
