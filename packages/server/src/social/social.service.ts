import {
  LINK_REQUEST_TTL_MS,
  SOCIAL_MESSAGES,
  SOCIAL_MODULE,
  SOCIAL_PLATFORM_NAMES,
  SOCIAL_PLATFORMS,
  SOCIAL_TARGET_KINDS,
  type SocialLink,
  type SocialPlatform,
  type SocialPlatformStatus,
  type SocialTarget,
  socialPaths,
  TOKEN_REFRESH_MARGIN_MS,
} from '@regie/contract/social';
import { generateState } from 'arctic';
import { and, eq, lt, or } from 'drizzle-orm';
import { type AuditSource, writeAudit } from '../audit/audit.service.ts';
import type { CredentialSeal } from '../data-providers/credentials.ts';
import type { Db } from '../db/database.ts';
import { type SocialLinkRow, socialLinkRequests, socialLinks } from '../db/social-links.table.ts';
import { transaction } from '../db/transactions.ts';
import { users } from '../db/users.table.ts';
import { forbidden, HttpError, notFound } from '../http/http.errors.ts';
import { localize, type MessageLanguage } from '../http/localize.ts';
import type { SocialPlatforms } from './social.platforms.ts';
import {
  type PlatformClient,
  type PlatformTarget,
  SocialError,
  type SocialTokens,
  type TokenGrant,
} from './social.types.ts';

/**
 * Linking social accounts (contract social.ts): connect requests kept until their callback, links
 * with sealed tokens refreshed before they expire, their targets, their removal. Tokens are only
 * ever opened here, for a platform call, and never logged nor answered.
 */

/** Linking and publishing need the account's SOCIAL_SHARING module (issue 41 point 5): a 403 saying so. */
export function requireSocialModule(modules: readonly string[]): void {
  if (!modules.includes(SOCIAL_MODULE)) throw forbidden(SOCIAL_MESSAGES.moduleInactive);
}

export interface SocialDeps {
  db: Db;
  platforms: SocialPlatforms;
  /** Seals the tokens at rest (purpose 'social-tokens'); null: this server cannot keep tokens. */
  seal: CredentialSeal | null;
  /** REGIE_PUBLIC_URL, or '' to use the browser's origin for the callback. */
  publicUrl: string;
}

/** Whose link: the signed-in user of an account. */
export interface LinkOwner {
  userId: number;
  accountId: number;
}

const RESOURCE = 'social-links';

function sealOf(deps: SocialDeps): CredentialSeal {
  if (!deps.seal) throw new HttpError(503, SOCIAL_MESSAGES.noSeal);
  return deps.seal;
}

const sealTokens = (deps: SocialDeps, tokens: SocialTokens) => sealOf(deps).seal(JSON.stringify(tokens));

/** The link's tokens; a link sealed under another key is an expired link. */
export function openTokens(deps: SocialDeps, row: Pick<SocialLinkRow, 'sealedTokens'>): SocialTokens | null {
  const plain = deps.seal?.open(row.sealedTokens);
  if (!plain) return null;
  try {
    return JSON.parse(plain) as SocialTokens;
  } catch {
    return null;
  }
}

function clientOf(deps: SocialDeps, platform: SocialPlatform, browserOrigin: string): PlatformClient {
  const client = deps.platforms.client(platform, browserOrigin);
  if (!client) throw new HttpError(503, SOCIAL_MESSAGES.notConfigured(SOCIAL_PLATFORM_NAMES[platform]));
  return client;
}

/** Where the platform sends the browser back: the configured public URL, else the browser's origin. */
export function callbackUrl(deps: Pick<SocialDeps, 'publicUrl'>, platform: SocialPlatform, browserOrigin: string) {
  return `${deps.publicUrl || browserOrigin}${socialPaths.callback(platform)}`;
}

/** POST …/connect: a request kept for its callback, and the platform's consent URL. */
export async function startConnect(
  deps: SocialDeps,
  owner: LinkOwner,
  platform: SocialPlatform,
  input: { browserOrigin: string; returnTo: string | null },
): Promise<string> {
  const client = clientOf(deps, platform, input.browserOrigin);
  const seal = sealOf(deps);
  const state = generateState();
  const redirectUri = callbackUrl(deps, platform, input.browserOrigin);
  const begun = await client.begin({ state, redirectUri });
  const { db } = deps;
  // Requests never finished are dropped as new ones come.
  await db
    .delete(socialLinkRequests)
    .where(lt(socialLinkRequests.createdAt, new Date(Date.now() - LINK_REQUEST_TTL_MS)));
  await db.insert(socialLinkRequests).values({
    state,
    accountId: owner.accountId,
    userId: owner.userId,
    platform,
    sealedSecret: seal.seal(begun.secret),
    requestToken: begun.requestToken ?? null,
    redirectUri,
    returnTo: input.returnTo,
  });
  return begun.url;
}

export interface FinishedConnect {
  platform: SocialPlatform;
  returnTo: string | null;
  link: SocialLinkRow;
}

/**
 * GET /oauth/callback/{platform}: the request the platform names (by `state`, X by its request
 * token) is used up, its code traded for tokens, the account read, the link made or renewed.
 * Throws SocialError (the user's refusal, the platform's) or an HttpError for a stale request.
 */
export async function finishConnect(
  deps: SocialDeps,
  platform: SocialPlatform,
  query: Readonly<Record<string, string | undefined>>,
  browserOrigin: string,
  audit: (owner: LinkOwner) => AuditSource,
): Promise<FinishedConnect> {
  const { db } = deps;
  const key =
    platform === 'twitter'
      ? eq(socialLinkRequests.requestToken, query.oauth_token ?? query.denied ?? '')
      : eq(socialLinkRequests.state, query.state ?? '');
  const [request] = await db
    .delete(socialLinkRequests)
    .where(and(key, eq(socialLinkRequests.platform, platform)))
    .returning();
  const secret = request ? deps.seal?.open(request.sealedSecret) : null;
  if (!request || !secret || request.createdAt.getTime() < Date.now() - LINK_REQUEST_TTL_MS) {
    throw new HttpError(400, SOCIAL_MESSAGES.requestExpired);
  }
  const client = clientOf(deps, platform, browserOrigin);
  const grant = await client.finish({
    query,
    secret,
    redirectUri: request.redirectUri,
    requestToken: request.requestToken,
  });
  const profile = await client.profile(grant.tokens);
  const owner = { userId: request.userId, accountId: request.accountId };
  const link = await transaction(db, async (tx) => {
    const [before] = await tx
      .select()
      .from(socialLinks)
      .where(and(eq(socialLinks.userId, owner.userId), eq(socialLinks.platform, platform)));
    // The same platform account linked again keeps its chosen page or channel.
    const sameAccount = before?.externalId === profile.externalId;
    const previous = sameAccount && before ? openTokens(deps, before) : null;
    const tokens: SocialTokens = { ...grant.tokens, targetToken: previous?.targetToken ?? null };
    const values = {
      accountId: owner.accountId,
      userId: owner.userId,
      platform,
      state: 'active' as const,
      reason: null,
      externalId: profile.externalId,
      accountName: profile.name,
      pictureUrl: profile.pictureUrl,
      targetId: sameAccount ? (before?.targetId ?? null) : null,
      targetName: sameAccount ? (before?.targetName ?? null) : null,
      sealedTokens: sealTokens(deps, tokens),
      expiresAt: grant.expiresAt,
      local: client.mode === 'local',
      disabledBy: null,
    };
    const [saved] = await tx
      .insert(socialLinks)
      .values(values)
      .onConflictDoUpdate({
        target: [socialLinks.userId, socialLinks.platform],
        set: { ...values, updatedAt: new Date() },
      })
      .returning();
    if (!saved) throw new Error('social link not saved');
    await writeAudit(tx, audit(owner), {
      accountId: owner.accountId,
      resource: RESOURCE,
      resourceId: saved.id,
      action: 'link',
      changes: {
        platform: { before: null, after: platform },
        accountName: { before: before?.accountName ?? null, after: profile.name },
      },
    });
    return saved;
  });
  return { platform, returnTo: request.returnTo, link };
}

/** The link's state after a platform refused its tokens. */
async function markBroken(db: Db, row: SocialLinkRow, error: SocialError): Promise<void> {
  const state = error.failure === 'expired' ? 'expired' : 'refused';
  await db
    .update(socialLinks)
    .set({ state, reason: error.reason, updatedAt: new Date() })
    .where(eq(socialLinks.id, row.id));
}

/**
 * The link's tokens, refreshed first when the access token ends within TOKEN_REFRESH_MARGIN_MS
 * (saved at once: a refresh token may be single use). A refused refresh marks the link expired
 * (or refused) with the platform's reason and throws it.
 */
export async function freshTokens(
  deps: SocialDeps,
  row: SocialLinkRow,
  client: PlatformClient,
  now = Date.now(),
): Promise<SocialTokens> {
  const name = SOCIAL_PLATFORM_NAMES[row.platform];
  if (row.state === 'disabled') throw new SocialError(SOCIAL_MESSAGES.disabled, 'refused');
  if (row.state !== 'active') throw new SocialError(row.reason ?? SOCIAL_MESSAGES.expired(name), 'expired');
  const tokens = openTokens(deps, row);
  if (!tokens) {
    const error = new SocialError(SOCIAL_MESSAGES.expired(name), 'expired');
    await markBroken(deps.db, row, error);
    throw error;
  }
  if (!row.expiresAt || row.expiresAt.getTime() - now > TOKEN_REFRESH_MARGIN_MS) return tokens;
  let grant: TokenGrant | null;
  try {
    grant = await client.refresh(tokens);
  } catch (error) {
    if (error instanceof SocialError && error.failure !== 'unreachable') await markBroken(deps.db, row, error);
    throw error;
  }
  if (!grant) return tokens;
  const renewed: SocialTokens = {
    ...tokens,
    ...grant.tokens,
    targetToken: grant.tokens.targetToken ?? tokens.targetToken ?? null,
  };
  await deps.db
    .update(socialLinks)
    .set({ sealedTokens: sealTokens(deps, renewed), expiresAt: grant.expiresAt, updatedAt: new Date() })
    .where(eq(socialLinks.id, row.id));
  return renewed;
}

/** A platform call with the link's tokens: a refusal of them marks the link, whatever the call. */
export async function withLink<T>(
  deps: SocialDeps,
  row: SocialLinkRow,
  client: PlatformClient,
  call: (tokens: SocialTokens) => Promise<T>,
): Promise<T> {
  const tokens = await freshTokens(deps, row, client);
  try {
    return await call(tokens);
  } catch (error) {
    if (error instanceof SocialError && (error.failure === 'expired' || error.failure === 'revoked')) {
      await markBroken(deps.db, row, error);
    }
    throw error;
  }
}

export async function findOwnLink(db: Db, owner: LinkOwner, platform: SocialPlatform): Promise<SocialLinkRow> {
  const [row] = await db
    .select()
    .from(socialLinks)
    .where(and(eq(socialLinks.userId, owner.userId), eq(socialLinks.platform, platform)));
  if (!row) throw notFound(SOCIAL_MESSAGES.notLinked(SOCIAL_PLATFORM_NAMES[platform]));
  return row;
}

/** The pages, channels or business accounts the user's link can publish to (with their tokens). */
export async function platformTargets(
  deps: SocialDeps,
  owner: LinkOwner,
  platform: SocialPlatform,
  browserOrigin: string,
): Promise<{ row: SocialLinkRow; targets: PlatformTarget[] }> {
  const name = SOCIAL_PLATFORM_NAMES[platform];
  if (!SOCIAL_TARGET_KINDS[platform]) throw new HttpError(400, SOCIAL_MESSAGES.noTargetNeeded(name));
  const row = await findOwnLink(deps.db, owner, platform);
  const client = clientOf(deps, platform, browserOrigin);
  const targets = await withLink(deps, row, client, (tokens) => client.targets?.(tokens) ?? Promise.resolve([]));
  return { row, targets };
}

export const presentTarget = (target: PlatformTarget): SocialTarget => ({
  id: target.id,
  name: target.name,
  pictureUrl: target.pictureUrl,
});

/** PUT …/target: the page, channel or business account the link publishes to (its token kept). */
export async function chooseTarget(
  deps: SocialDeps,
  owner: LinkOwner,
  platform: SocialPlatform,
  id: string,
  browserOrigin: string,
  audit: AuditSource,
): Promise<SocialLinkRow> {
  const { row, targets } = await platformTargets(deps, owner, platform, browserOrigin);
  const target = targets.find((candidate) => candidate.id === id);
  if (!target)
    throw new HttpError(400, SOCIAL_MESSAGES.unknownTarget(id), {
      errors: [{ path: 'id', message: SOCIAL_MESSAGES.unknownTarget(id) }],
    });
  const tokens = openTokens(deps, row) ?? { accessToken: '' };
  return transaction(deps.db, async (tx) => {
    const [saved] = await tx
      .update(socialLinks)
      .set({
        targetId: target.id,
        targetName: target.name,
        sealedTokens: sealTokens(deps, { ...tokens, targetToken: target.token ?? null }),
        updatedAt: new Date(),
      })
      .where(eq(socialLinks.id, row.id))
      .returning();
    await writeAudit(tx, audit, {
      accountId: row.accountId,
      resource: RESOURCE,
      resourceId: row.id,
      action: 'update',
      changes: { target: { before: row.targetName, after: target.name } },
    });
    return saved ?? row;
  });
}

/**
 * DELETE …/oauth/{platform}: the platform is asked to revoke the tokens (an answer other than
 * success does not keep the link: the user asked to be disconnected), then the link is forgotten.
 * Answers whether the platform confirmed the revocation.
 */
export async function disconnect(
  deps: SocialDeps,
  owner: LinkOwner,
  platform: SocialPlatform,
  browserOrigin: string,
  audit: AuditSource,
): Promise<boolean> {
  const row = await findOwnLink(deps.db, owner, platform);
  const tokens = openTokens(deps, row);
  const client = deps.platforms.client(platform, browserOrigin);
  let revoked = false;
  if (tokens && client) {
    try {
      await client.revoke(tokens);
      revoked = true;
    } catch {
      revoked = false;
    }
  }
  await transaction(deps.db, async (tx) => {
    await tx.delete(socialLinks).where(eq(socialLinks.id, row.id));
    await writeAudit(tx, audit, {
      accountId: row.accountId,
      resource: RESOURCE,
      resourceId: row.id,
      action: 'unlink',
      changes: { platform: { before: platform, after: null }, accountName: { before: row.accountName, after: null } },
    });
  });
  return revoked;
}

type LinkWithUser = SocialLinkRow & { userName: string };

export function presentLink(row: LinkWithUser, language: MessageLanguage): SocialLink {
  return {
    id: row.id,
    platform: row.platform,
    state: row.state,
    reason: row.reason
      ? localize(row.reason, language)
      : row.state === 'disabled'
        ? localize(SOCIAL_MESSAGES.disabled, language)
        : null,
    externalId: row.externalId,
    accountName: row.accountName,
    pictureUrl: row.pictureUrl,
    targetId: row.targetId,
    targetName: row.targetName,
    needsTarget: SOCIAL_TARGET_KINDS[row.platform] !== null && row.targetId === null,
    local: row.local,
    userId: row.userId,
    userName: row.userName,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const withUser = { link: socialLinks, userName: users.name };

async function linksWhere(db: Db, where: ReturnType<typeof eq>): Promise<LinkWithUser[]> {
  const rows = await db
    .select(withUser)
    .from(socialLinks)
    .innerJoin(users, eq(users.id, socialLinks.userId))
    .where(where);
  return rows.map((row) => ({ ...row.link, userName: row.userName }));
}

/** GET users/me/oauth/links: every platform, its mode here, and the user's link to it. */
export async function myLinks(
  deps: SocialDeps,
  owner: LinkOwner,
  language: MessageLanguage,
): Promise<SocialPlatformStatus[]> {
  const rows = await linksWhere(deps.db, eq(socialLinks.userId, owner.userId));
  return SOCIAL_PLATFORMS.map((platform) => {
    const row = rows.find((candidate) => candidate.platform === platform);
    return { platform, mode: deps.platforms.mode(platform), link: row ? presentLink(row, language) : null };
  });
}

/** GET social-links: every link of the account (its administrators). */
export async function accountLinks(db: Db, accountId: number, language: MessageLanguage): Promise<SocialLink[]> {
  const rows = await linksWhere(db, eq(socialLinks.accountId, accountId));
  return rows
    .sort(
      (a, b) =>
        a.userName.localeCompare(b.userName) ||
        SOCIAL_PLATFORMS.indexOf(a.platform) - SOCIAL_PLATFORMS.indexOf(b.platform),
    )
    .map((row) => presentLink(row, language));
}

/** PUT social-links/{id}: an administrator turns a link of the account off (or on again). */
export async function setLinkDisabled(
  db: Db,
  accountId: number,
  id: number,
  disabled: boolean,
  byUserId: number,
  audit: AuditSource,
): Promise<SocialLinkRow | null> {
  return transaction(db, async (tx) => {
    const [row] = await tx
      .select()
      .from(socialLinks)
      .where(and(eq(socialLinks.id, id), eq(socialLinks.accountId, accountId)));
    if (!row) throw notFound(SOCIAL_MESSAGES.linkNotFound(id));
    const isDisabled = row.state === 'disabled';
    if (isDisabled === disabled) return null;
    // Turned on again: active; if its tokens no longer work, the next call says so.
    const [saved] = await tx
      .update(socialLinks)
      .set({
        state: disabled ? 'disabled' : 'active',
        reason: null,
        disabledBy: disabled ? byUserId : null,
        updatedAt: new Date(),
      })
      .where(eq(socialLinks.id, id))
      .returning();
    await writeAudit(tx, audit, {
      accountId,
      resource: RESOURCE,
      resourceId: id,
      action: 'update',
      changes: { disabled: { before: isDisabled, after: disabled } },
    });
    return saved ?? null;
  });
}

/** The user's links as the spec's users/me/oauth has them (booleans; a Facebook page id). */
export async function oauthPresence(db: Db, userId: number) {
  const rows = await db
    .select({ platform: socialLinks.platform, state: socialLinks.state, targetId: socialLinks.targetId })
    .from(socialLinks)
    .where(and(eq(socialLinks.userId, userId), or(eq(socialLinks.state, 'active'))));
  const active = (platform: SocialPlatform) => rows.find((row) => row.platform === platform);
  return {
    facebook: { connected: Boolean(active('facebook')), pageId: active('facebook')?.targetId ?? null },
    dailymotion: { connected: Boolean(active('dailymotion')) },
    twitter: { connected: Boolean(active('twitter')) },
    google: { connected: Boolean(active('youtube')) },
  };
}
