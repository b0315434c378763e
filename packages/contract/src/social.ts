import { z } from 'zod';
import type { AccessRule } from './access.ts';
import { MAIN_API, USERS_API } from './api.ts';
import { isoDateTime } from './datetime.ts';
import { messageCatalog } from './messages.ts';
import type { ModuleCode } from './modules.ts';

/**
 * Linked social accounts (issue 41, spec §3 "OAuth links"): a user links a platform account once
 * (OAuth in the browser), then publishes through it. A link belongs to the user who made it; the
 * account's administrators see every link of the account (never a token) and can disable one.
 *
 * The flow: POST …/oauth/{platform}/connect answers the platform's authorisation URL (a `state`
 * against CSRF, PKCE where the platform has it, OAuth 1.0a's request token for X); the browser
 * goes there, the platform sends it back to GET /oauth/callback/{platform}, which trades the code
 * for tokens, seals them, and sends the browser to Settings › Social networks with the outcome.
 * Facebook (and Instagram, through the Facebook page behind it) and YouTube then need their page
 * or channel chosen: the link says `needsTarget` until then.
 */

/** The platforms a user can link. `twitter` is X (the spec's name for it). */
export const SOCIAL_PLATFORMS = ['youtube', 'facebook', 'instagram', 'twitter', 'dailymotion', 'tiktok'] as const;
export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];

/** Brand names, written the same in every language. */
export const SOCIAL_PLATFORM_NAMES: Readonly<Record<SocialPlatform, string>> = {
  youtube: 'YouTube',
  facebook: 'Facebook',
  instagram: 'Instagram',
  twitter: 'X',
  dailymotion: 'Dailymotion',
  tiktok: 'TikTok',
};

/** What a link publishes to once made: a page (Facebook), a channel (YouTube), a business account (Instagram). */
export const SOCIAL_TARGET_KINDS: Readonly<Record<SocialPlatform, 'page' | 'channel' | 'business' | null>> = {
  youtube: 'channel',
  facebook: 'page',
  instagram: 'business',
  twitter: null,
  dailymotion: null,
  tiktok: null,
};

/** The module linking and publishing need (spec module 49). */
export const SOCIAL_MODULE: ModuleCode = 'SOCIAL_SHARING';

/** Who sees every link of the account and can disable one: its user administrators. */
export const SOCIAL_ADMIN_ACCESS: AccessRule = {
  authorizedRoles: ['manage_users'],
  rolesOrPlatformAdmin: true,
  requiredModules: [SOCIAL_MODULE],
};

/**
 * A link's life: `active` (publishes), `expired` (its tokens no longer refresh: reconnect),
 * `refused` (the platform refused the link or revoked the app: reconnect, its reason said),
 * `disabled` (an administrator of the account turned it off).
 */
export const LINK_STATES = ['active', 'expired', 'refused', 'disabled'] as const;
export type LinkState = (typeof LINK_STATES)[number];

/** How long a connect request may take in the browser before its `state` is refused. */
export const LINK_REQUEST_TTL_MS = 15 * 60 * 1000;
/** An access token is refreshed when it has less than this left. */
export const TOKEN_REFRESH_MARGIN_MS = 10 * 60 * 1000;

const platformParam = (platform?: SocialPlatform) => platform ?? ':platform';
const idParam = (id?: number) => (id === undefined ? ':id' : String(id));

export const socialPaths = {
  /** GET: every platform, whether it can be linked here, and the user's link to it. */
  links: `${USERS_API}/users/me/oauth/links`,
  /** POST { returnTo? }: starts linking; answers { authorizeUrl } to send the browser to. */
  connect: (platform?: SocialPlatform) => `${USERS_API}/users/me/oauth/${platformParam(platform)}/connect`,
  /** GET: where the platform sends the browser back (not an API call: it redirects to the app). */
  callback: (platform?: SocialPlatform) => `/oauth/callback/${platformParam(platform)}`,
  /** GET: the pages, channels or business accounts the link can publish to. */
  targets: (platform?: SocialPlatform) => `${USERS_API}/users/me/oauth/${platformParam(platform)}/targets`,
  /** PUT { id }: the one it publishes to. */
  target: (platform?: SocialPlatform) => `${USERS_API}/users/me/oauth/${platformParam(platform)}/target`,
  /** DELETE: disconnects (the platform is asked to revoke the tokens, then they are forgotten). */
  link: (platform?: SocialPlatform) => `${USERS_API}/users/me/oauth/${platformParam(platform)}`,
  /** GET (administrators): every link of the account. */
  accountLinks: `${MAIN_API}/social-links`,
  /** PUT { disabled } (administrators): turns a link of the account off or on again. */
  accountLink: (id?: number) => `${MAIN_API}/social-links/${idParam(id)}`,
} as const;

/** Where the callback sends the browser: the app's social networks screen, with the outcome. */
export const SOCIAL_SETTINGS_ROUTE = '/account/settings/social-networks';

export const connectBody = z.object({
  /** An app path to come back to after linking (checked: a path of this app only). */
  returnTo: z
    .string()
    .max(500)
    .regex(/^\/(?!\/)[^\s]*$/)
    .optional(),
});
export type ConnectBody = z.infer<typeof connectBody>;

export const connectResponse = z.object({ authorizeUrl: z.string() });
export type ConnectResponse = z.infer<typeof connectResponse>;

/** A link as anyone sees it: who made it, what it publishes to, never a token. */
export const socialLinkResponse = z.object({
  id: z.number().int(),
  platform: z.enum(SOCIAL_PLATFORMS),
  state: z.enum(LINK_STATES),
  /** Why it is not active (the platform's words where it gave them), in the caller's language. */
  reason: z.string().nullable(),
  /** The platform account: its id there, its name and picture. */
  externalId: z.string(),
  accountName: z.string(),
  pictureUrl: z.string().nullable(),
  /** The page, channel or business account it publishes to; null until chosen (or none needed). */
  targetId: z.string().nullable(),
  targetName: z.string().nullable(),
  /** A page, channel or business account must be chosen before it publishes. */
  needsTarget: z.boolean(),
  /** Made through this server's local stand-in for the platform (no app credentials here). */
  local: z.boolean(),
  userId: z.number().int(),
  userName: z.string(),
  /** When the access token ends (it is refreshed before), if the platform says. */
  expiresAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type SocialLink = z.infer<typeof socialLinkResponse>;

/** One platform on the user's social networks screen. */
export const socialPlatformStatus = z.object({
  platform: z.enum(SOCIAL_PLATFORMS),
  /**
   * `real`: the server has the platform's app credentials; `local`: it links to this server's
   * stand-in that follows the platform's API (tests, demos); `off`: neither (linking impossible).
   */
  mode: z.enum(['real', 'local', 'off']),
  link: socialLinkResponse.nullable(),
});
export type SocialPlatformStatus = z.infer<typeof socialPlatformStatus>;

export const socialLinksResponse = z.object({ data: z.array(socialPlatformStatus) });
export type SocialLinksResponse = z.infer<typeof socialLinksResponse>;

export const socialTarget = z.object({
  id: z.string(),
  name: z.string(),
  pictureUrl: z.string().nullable(),
});
export type SocialTarget = z.infer<typeof socialTarget>;
export const socialTargetsResponse = z.object({ data: z.array(socialTarget) });
export const chooseTargetBody = z.object({ id: z.string().min(1).max(200) });

export const accountLinksResponse = z.object({ data: z.array(socialLinkResponse) });
export const accountLinkBody = z.object({ disabled: z.boolean() });

/** The outcome the callback puts in the app's URL (?linked=… or ?linkError=…). */
export const LINK_OUTCOME_PARAMS = { linked: 'linked', error: 'linkError' } as const;

export const SOCIAL_MESSAGES = messageCatalog('SOCIAL_MESSAGES', {
  moduleInactive: 'Social networks need the Social sharing module: ask your administrator to activate it',
  unknownPlatform: (platform: string) =>
    `Unknown platform ${platform}: use youtube, facebook, instagram, twitter, dailymotion or tiktok`,
  notConfigured: (platform: string) => `${platform} is not configured on this server: its app credentials are missing`,
  notLinked: (platform: string) => `You have no ${platform} account linked`,
  requestExpired: 'This link request expired or was already used: connect again',
  refusedByUser: (platform: string) => `You did not allow Regie on ${platform}: nothing was linked`,
  refused: (platform: string, reason: string) => `${platform} refused the link: ${reason}`,
  postRefused: (platform: string, reason: string) => `${platform} refused the video: ${reason}`,
  unreachable: (platform: string, reason: string) => `${platform} could not be reached: ${reason}`,
  expired: (platform: string) => `${platform} no longer accepts this link: reconnect it`,
  revoked: (platform: string) => `Regie's access was removed on ${platform}: reconnect it`,
  disabled: 'An administrator of your account disabled this link',
  noTargets: (platform: string, kind: string) => `This ${platform} account has no ${kind} to publish to`,
  unknownTarget: (id: string) => `No page, channel or account ${id} on this link: choose one from the list`,
  noTargetNeeded: (platform: string) => `${platform} publishes to the linked account itself: nothing to choose`,
  linkNotFound: (id: number) => `No social link ${id} in this account`,
  noSeal: 'Tokens cannot be kept: this server has no media secret to seal them with',
});
