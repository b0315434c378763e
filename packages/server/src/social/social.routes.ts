import { recordId } from '@regie/contract/accounts';
import {
  accountLinkBody,
  accountLinksResponse,
  chooseTargetBody,
  connectBody,
  connectResponse,
  LINK_OUTCOME_PARAMS,
  SOCIAL_ADMIN_ACCESS,
  SOCIAL_MESSAGES,
  SOCIAL_PLATFORMS,
  SOCIAL_SETTINGS_ROUTE,
  type SocialPlatform,
  socialLinkResponse,
  socialLinksResponse,
  socialPaths,
  socialTargetsResponse,
} from '@regie/contract/social';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUDIT_EXEMPTIONS } from '../audit/audit.declared.ts';
import { auditSourceOf } from '../audit/audit.service.ts';
import { MessageError } from '../common/message.error.ts';
import { badRequest, HttpError } from '../http/http.errors.ts';
import { localize, requestLanguage } from '../http/localize.ts';
import { BEARER, errorResponses } from '../http/responses.schema.ts';
import { authOf, type Guards } from '../tenancy/tenancy.guards.ts';
import {
  accountLinks,
  chooseTarget,
  disconnect,
  finishConnect,
  type LinkOwner,
  myLinks,
  platformTargets,
  presentLink,
  presentTarget,
  requireSocialModule,
  type SocialDeps,
  setLinkDisabled,
  startConnect,
} from './social.service.ts';
import { SocialError } from './social.types.ts';

interface SocialRoutesOptions {
  deps: SocialDeps;
  guards: Guards;
}

type App = Parameters<FastifyPluginAsyncZod<SocialRoutesOptions>>[0];

const common = { tags: ['social'], security: BEARER };
const platformParams = z.object({ platform: z.string().max(40) });

/** The platform of a path, or a 400 naming the platforms. */
function platformOf(value: string): SocialPlatform {
  const platform = SOCIAL_PLATFORMS.find((candidate) => candidate === value);
  if (!platform) throw badRequest(SOCIAL_MESSAGES.unknownPlatform(value));
  return platform;
}

/** Where the user's browser reaches this server (the callback and the local consent pages). */
const browserOrigin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** The signed-in user, whose links these are, in an account with the Social sharing module. */
function ownerOf(request: FastifyRequest): LinkOwner {
  const auth = authOf(request);
  requireSocialModule(auth.account.modules);
  return { userId: auth.user.id, accountId: auth.user.accountId };
}

/** A platform's refusal answered as an HTTP error: 502 (it refused) or 503 (unreachable). */
async function platformCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof SocialError)) throw error;
    const retry = error.retryAfterSeconds;
    const status = error.failure === 'unreachable' ? 503 : 502;
    throw new HttpError(status, error.reason, {
      ...(retry !== null ? { headers: { 'retry-after': String(retry) } } : {}),
    });
  }
}

function userRoutes(app: App, { deps, guards }: SocialRoutesOptions): void {
  app.get(
    socialPaths.links,
    {
      onRequest: guards.requireAuth,
      schema: {
        ...common,
        summary: 'The social platforms, whether they can be linked here, and the user’s links (never a token)',
        response: { 200: socialLinksResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ data: await myLinks(deps, ownerOf(request), requestLanguage(request)) }),
  );

  app.post(
    socialPaths.connect(),
    {
      onRequest: guards.requireAuth,
      // Nothing is linked yet: the callback's link is the audited change.
      config: { audit: { exempt: AUDIT_EXEMPTIONS.noChange } },
      schema: {
        ...common,
        summary: 'Starts linking a platform account: answers the platform’s consent URL for the browser',
        params: platformParams,
        body: connectBody,
        response: { 200: connectResponse, ...errorResponses(400, 401, 403, 502, 503) },
      },
    },
    async (request) => {
      const owner = ownerOf(request);
      const platform = platformOf(request.params.platform);
      const authorizeUrl = await platformCall(() =>
        startConnect(deps, owner, platform, {
          browserOrigin: browserOrigin(request),
          returnTo: request.body?.returnTo ?? null,
        }),
      );
      return { authorizeUrl };
    },
  );

  app.get(
    socialPaths.targets(),
    {
      onRequest: guards.requireAuth,
      schema: {
        ...common,
        summary: 'The pages, channels or business accounts the user’s link can publish to',
        params: platformParams,
        response: { 200: socialTargetsResponse, ...errorResponses(400, 401, 403, 404, 502, 503) },
      },
    },
    async (request) => {
      const owner = ownerOf(request);
      const platform = platformOf(request.params.platform);
      const { targets } = await platformCall(() => platformTargets(deps, owner, platform, browserOrigin(request)));
      return { data: targets.map(presentTarget) };
    },
  );

  app.put(
    socialPaths.target(),
    {
      onRequest: guards.requireAuth,
      config: { audit: 'entry' },
      schema: {
        ...common,
        summary: 'Chooses the page, channel or business account the link publishes to',
        params: platformParams,
        body: chooseTargetBody,
        response: { 200: socialLinkResponse, ...errorResponses(400, 401, 403, 404, 502, 503) },
      },
    },
    async (request) => {
      const owner = ownerOf(request);
      const platform = platformOf(request.params.platform);
      const saved = await platformCall(() =>
        chooseTarget(deps, owner, platform, request.body.id, browserOrigin(request), auditSourceOf(request)),
      );
      return presentLink({ ...saved, userName: authOf(request).user.name }, requestLanguage(request));
    },
  );

  app.delete(
    socialPaths.link(),
    {
      onRequest: guards.requireAuth,
      config: { audit: 'entry' },
      schema: {
        ...common,
        summary: 'Disconnects: the platform is asked to revoke the tokens, then the link is forgotten',
        params: platformParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const owner = ownerOf(request);
      const platform = platformOf(request.params.platform);
      await disconnect(deps, owner, platform, browserOrigin(request), auditSourceOf(request));
      return reply.code(204).send(null);
    },
  );
}

function adminRoutes(app: App, { deps, guards }: SocialRoutesOptions): void {
  app.get(
    socialPaths.accountLinks,
    {
      onRequest: guards.requireRule(SOCIAL_ADMIN_ACCESS),
      schema: {
        ...common,
        summary: 'Every social link of the account (its user administrators; never a token)',
        response: { 200: accountLinksResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ data: await accountLinks(deps.db, authOf(request).account.id, requestLanguage(request)) }),
  );

  app.put(
    socialPaths.accountLink(),
    {
      onRequest: guards.requireRule(SOCIAL_ADMIN_ACCESS),
      config: { audit: 'entry-if-changed' },
      schema: {
        ...common,
        summary: 'Turns a social link of the account off, or on again',
        params: z.object({ id: recordId }),
        body: accountLinkBody,
        response: { 200: socialLinkResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      await setLinkDisabled(
        deps.db,
        auth.account.id,
        request.params.id,
        request.body.disabled,
        auth.user.id,
        auditSourceOf(request),
      );
      const links = await accountLinks(deps.db, auth.account.id, requestLanguage(request));
      const link = links.find((candidate) => candidate.id === request.params.id);
      if (!link) throw badRequest(SOCIAL_MESSAGES.linkNotFound(request.params.id));
      return link;
    },
  );
}

/** The app path the callback returns to, with the outcome in its query. */
function outcomeUrl(returnTo: string | null, param: string, value: string): string {
  const target = new URL(returnTo ?? SOCIAL_SETTINGS_ROUTE, 'http://app.invalid');
  target.searchParams.set(param, value);
  return `${target.pathname}${target.search}`;
}

function callbackRoute(app: App, { deps }: SocialRoutesOptions): void {
  app.get(
    socialPaths.callback(),
    {
      schema: {
        tags: ['social'],
        summary: 'Where a platform sends the browser back after its consent page: links, then returns to the app',
        params: platformParams,
        querystring: z.record(z.string(), z.string()),
        hide: true,
      },
    },
    async (request, reply) => {
      const language = requestLanguage(request);
      const fail = (error: unknown) => {
        const message =
          error instanceof MessageError
            ? localize(error.reason, language)
            : localize(SOCIAL_MESSAGES.requestExpired, language);
        if (!(error instanceof MessageError)) request.log.error({ err: error }, 'social link callback failed');
        return reply.redirect(outcomeUrl(null, LINK_OUTCOME_PARAMS.error, message));
      };
      let platform: SocialPlatform;
      try {
        platform = platformOf(request.params.platform);
      } catch (error) {
        return fail(error);
      }
      try {
        const finished = await finishConnect(deps, platform, request.query, browserOrigin(request), (owner) => ({
          ...auditSourceOf(request, null),
          userId: owner.userId,
          ownAccountId: owner.accountId,
        }));
        return reply.redirect(outcomeUrl(finished.returnTo, LINK_OUTCOME_PARAMS.linked, platform));
      } catch (error) {
        return fail(error);
      }
    },
  );
}

/**
 * Linking social accounts (issue 41 point 1): the user's links, connect and its callback, the
 * page or channel chosen, disconnect; the account's links for its administrators.
 */
export const socialRoutes: FastifyPluginAsyncZod<SocialRoutesOptions> = async (app, options) => {
  userRoutes(app, options);
  adminRoutes(app, options);
  callbackRoute(app, options);
};
