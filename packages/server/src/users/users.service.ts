import {
  type MeContextResponse,
  type MeResponse,
  type OauthResponse,
  type UpdateMeBody,
  type UserMeta,
  userMeta,
} from '@regie/contract/auth';
import { HTTP_MESSAGES } from '@regie/contract/errors';
import { DEFAULT_LANGUAGE, LANGUAGE_NAMES, LANGUAGES } from '@regie/contract/languages';
import { landingRoute } from '@regie/contract/routes';
import { eq } from 'drizzle-orm';
import { groupsOfUser, modulesByCode, rolesOfUser } from '../accounts/accounts.service.ts';
import { diffFields } from '../audit/audit.rows.ts';
import { type AuditSource, writeAudit } from '../audit/audit.service.ts';
import type { Db } from '../db/database.ts';
import { transaction } from '../db/transactions.ts';
import { type StoredOauth, users } from '../db/users.table.ts';
import { badRequest, notFound } from '../http/http.errors.ts';
import { issueMessage } from '../http/localize.ts';
import { oauthPresence } from '../social/social.service.ts';
import type { RequestContext } from '../tenancy/tenancy.service.ts';

async function findUser(db: Db, userId: number) {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw notFound(HTTP_MESSAGES.userNotFound(userId));
  return user;
}

/** Stored meta with the contract defaults (language 'en'); an unreadable value falls back. */
export function presentMeta(stored: Record<string, unknown>): UserMeta {
  const parsed = userMeta.safeParse(stored);
  return parsed.success ? parsed.data : { ...stored, language: DEFAULT_LANGUAGE };
}

/** GET users/me: the user's own profile, roles, groups and own account's modules. */
export async function getMe(db: Db, context: RequestContext): Promise<MeResponse> {
  const user = await findUser(db, context.user.id);
  const own = context.ownAccount;
  const [roles, modules, groups] = await Promise.all([
    rolesOfUser(db, user.id),
    modulesByCode(db, own.modules),
    groupsOfUser(db, user.id),
  ]);
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    AccountId: own.id,
    accountId: own.id,
    accountKey: own.accountKey,
    accountName: own.name,
    accessLevel: user.accessLevel,
    isAdmin: context.user.isAdmin,
    meta: presentMeta(user.meta),
    Roles: roles,
    Modules: modules,
    Groups: groups,
  };
}

/** The languages table mirrors the contract at boot (reference.seed.ts): read the contract. */
const AVAILABLE_LANGUAGES = LANGUAGES.map((code, index) => ({ id: index + 1, code, name: LANGUAGE_NAMES[code] }));

/** GET users/me/context: what the account the request acts for allows, and where to land. */
export function getContext(context: RequestContext, groups: MeContextResponse['Groups']): MeContextResponse {
  const { user, account, ownAccount, simulated } = context;
  const roles = simulated ? account.roles : user.roles;
  return {
    // The SportId an admin acting for the account adds to every query (contract SIMULATION_QUERY_KEYS).
    account: {
      id: account.id,
      name: account.name,
      accountKey: account.accountKey,
      SportId: simulated ? account.sportId : null,
      sportId: account.sportId,
    },
    simulated,
    acting: context.acting
      ? {
          reason: context.acting.reason,
          readOnly: context.acting.readOnly,
          startedAt: context.acting.startedAt.toISOString(),
        }
      : null,
    Groups: groups,
    roles,
    modules: account.modules,
    languages: {
      available: AVAILABLE_LANGUAGES,
      default: DEFAULT_LANGUAGE,
    },
    homepage: landingRoute({
      roles: user.roles,
      modules: ownAccount.modules,
      accessLevel: user.accessLevel,
      simulatedAccount: simulated ? { roles: account.roles, modules: account.modules } : null,
    }),
  };
}

/** GET users/me/oauth: which social accounts are linked; tokens never leave the server. */
export function presentOauth(oauth: StoredOauth): OauthResponse {
  return {
    facebook: { connected: Boolean(oauth.facebook?.accessToken), pageId: oauth.facebook?.pageId ?? null },
    dailymotion: { connected: Boolean(oauth.dailymotion?.accessToken) },
    twitter: { connected: Boolean(oauth.twitter?.accessToken && oauth.twitter.tokenSecret) },
    google: { connected: Boolean(oauth.google?.accessToken && oauth.google.refreshToken) },
  };
}

/** The links made in Settings › Social networks (social_links) and any the spec's users.oauth holds. */
export async function getOauth(db: Db, userId: number): Promise<OauthResponse> {
  const stored = presentOauth((await findUser(db, userId)).oauth);
  const linked = await oauthPresence(db, userId);
  return {
    facebook: {
      connected: stored.facebook.connected || linked.facebook.connected,
      pageId: linked.facebook.pageId ?? stored.facebook.pageId,
    },
    dailymotion: { connected: stored.dailymotion.connected || linked.dailymotion.connected },
    twitter: { connected: stored.twitter.connected || linked.twitter.connected },
    google: { connected: stored.google.connected || linked.google.connected },
  };
}

/**
 * PUT users/me: merges the given meta keys into the stored meta and returns the result. The user's
 * entry (an update of `users`, each key as `meta.<key>`) only when a value changes.
 */
export async function updateMeta(
  db: Db,
  source: AuditSource,
  userId: number,
  patch: UpdateMeBody['meta'],
): Promise<{ meta: UserMeta }> {
  const user = await findUser(db, userId);
  const merged = { ...user.meta, ...patch };
  const checked = userMeta.safeParse(merged);
  if (!checked.success) {
    throw badRequest(
      HTTP_MESSAGES.validationFailed,
      checked.error.issues.map((issue) => ({ path: ['meta', ...issue.path].join('.'), message: issueMessage(issue) })),
    );
  }
  const prefixed = (meta: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(meta).map(([key, value]) => [`meta.${key}`, value]));
  const before = prefixed(user.meta);
  const after = prefixed(checked.data);
  const changes = diffFields(before, after, [...new Set([...Object.keys(before), ...Object.keys(after)])]);
  await transaction(db, async (tx) => {
    await tx.update(users).set({ meta: checked.data }).where(eq(users.id, userId));
    if (Object.keys(changes).length > 0) {
      await writeAudit(tx, source, {
        accountId: user.accountId,
        resource: 'users',
        resourceId: userId,
        action: 'update',
        changes,
      });
    }
  });
  return { meta: checked.data };
}

/** The account of a user, for scope checks. */
export async function findUserAccountId(db: Db, userId: number): Promise<number> {
  return (await findUser(db, userId)).accountId;
}
