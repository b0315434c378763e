import type { Message } from '@regie/contract/messages';
import type { SocialPlatform } from '@regie/contract/social';
import { MessageError } from '../common/message.error.ts';

/**
 * What every platform file (social.<platform>.ts) is and speaks; social.platforms.ts picks them.
 * A platform links in two steps: `begin` gives the browser's consent URL (and the flow's secret
 * the server keeps), `finish` trades what the platform sent back for tokens. The tokens are
 * sealed by the caller; nothing here stores or logs them.
 */

/** The tokens of a link (sealed at rest as JSON). */
export interface SocialTokens {
  accessToken: string;
  /** OAuth 2.0 platforms that refresh (YouTube, Dailymotion, TikTok). */
  refreshToken?: string | null;
  /** X (OAuth 1.0a): the access token's secret. */
  tokenSecret?: string | null;
  /** The chosen page's own token (Facebook, Instagram): what publishes. */
  targetToken?: string | null;
}

export interface TokenGrant {
  tokens: SocialTokens;
  /** When the access token ends; null when the platform does not say (or it never ends). */
  expiresAt: Date | null;
}

export interface LinkedProfile {
  externalId: string;
  name: string;
  pictureUrl: string | null;
}

/** A page, channel or business account a link can publish to; `token` publishes to it (pages). */
export interface PlatformTarget {
  id: string;
  name: string;
  pictureUrl: string | null;
  token?: string;
}

export interface BeginInput {
  state: string;
  /** Where the platform sends the browser back (our callback, absolute). */
  redirectUri: string;
}

export interface Begun {
  url: string;
  /** Kept sealed until the callback: the PKCE code verifier, or X's request token secret. */
  secret: string;
  /** X: the request token the callback names instead of a state. */
  requestToken?: string;
}

export interface FinishInput {
  /** The callback's query parameters. */
  query: Readonly<Record<string, string | undefined>>;
  secret: string;
  redirectUri: string;
  requestToken?: string | null;
}

export interface PlatformClient {
  readonly platform: SocialPlatform;
  /** `real`: the platform itself (app credentials configured); `local`: this server's stand-in. */
  readonly mode: 'real' | 'local';
  begin(input: BeginInput): Promise<Begun>;
  finish(input: FinishInput): Promise<TokenGrant>;
  /** A fresh access token; null when the platform's tokens do not refresh (X, Facebook pages). */
  refresh(tokens: SocialTokens): Promise<TokenGrant> | null;
  /** Asks the platform to revoke the tokens (best effort: the link is forgotten anyway). */
  revoke(tokens: SocialTokens): Promise<void>;
  profile(tokens: SocialTokens): Promise<LinkedProfile>;
  /** The pages, channels or business accounts; absent where the account itself publishes. */
  targets?(tokens: SocialTokens): Promise<PlatformTarget[]>;
}

/**
 * Why a platform call failed, in words a user understands: `denied` (the user said no),
 * `expired` (the tokens no longer work: reconnect), `revoked` (the app's access was removed),
 * `refused` (any other refusal), `unreachable` (try again later; `retryAfterSeconds` when the
 * platform said when).
 */
export type SocialFailure = 'denied' | 'expired' | 'revoked' | 'refused' | 'unreachable';

export class SocialError extends MessageError {
  constructor(
    message: Message,
    readonly failure: SocialFailure,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'SocialError';
  }
}

/** App credentials and where the platform is (its real origins, or the local stand-in's). */
export interface PlatformSetup {
  platform: SocialPlatform;
  mode: 'real' | 'local';
  clientId: string;
  clientSecret: string;
  /** The consent page's origin, as the browser reaches it. */
  authorizeBase: string;
  /** The token and API calls' origins, as this server reaches them. */
  tokenBase: string;
  apiBase: string;
}
