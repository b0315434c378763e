import { SOCIAL_PLATFORMS, type SocialPlatform } from '@regie/contract/social';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { PLATFORM_ENDPOINTS } from '../social.endpoints.ts';
import { registerApiRoutes } from './apis.routes.ts';
import { faultAnswer } from './errors.ts';
import { avatarSvg, pictureName } from './fixtures.ts';
import { paramsOf, queryPairs, registerFormParser, send } from './http.ts';
import { registerOAuth2Routes } from './oauth2.routes.ts';
import {
  createPublishFaults,
  createPublishStore,
  type PublishFaults,
  type PublishStore,
  registerPublishRoutes,
} from './publish.routes.ts';
import { createLocalSocialFaults, createState, type LocalSocialFaults, type LocalState, takeFault } from './state.ts';
import { registerTwitterRoutes } from './twitter.routes.ts';

/**
 * The local stand-ins of the six platforms' OAuth and account APIs, so the same client code that
 * links YouTube, Facebook, Instagram, X, Dailymotion and TikTok accounts in production runs without
 * app credentials (tests, demos, `npm start`). Platform P answers the paths of
 * PLATFORM_ENDPOINTS[P] under `/<P>` of wherever the app mounts this plugin (LOCAL_SOCIAL_PREFIX),
 * with P's documented parameters, answers and errors, and serves its pictures at `/<P>/avatar.svg`.
 *
 * Codes and tokens are signed and self-contained, so any process checks them. Used codes, revoked
 * tokens and injected faults live in this instance's memory only: a token revoked on one process is
 * unknown to another. Good enough for what this is for; never a place for real accounts.
 */

export type { PublishFaults } from './publish.routes.ts';
export { createPublishFaults } from './publish.routes.ts';
export type { LocalSocialFaults } from './state.ts';
export { createLocalSocialFaults } from './state.ts';

export interface LocalSocialOptions {
  /** Signs codes and tokens (the server's secret; a purpose-bound key is derived from it). */
  secret: string | Buffer;
  /** App credentials the stand-ins accept (LOCAL_SOCIAL_CLIENT by default). */
  clients?: { clientId: string; clientSecret: string };
  /** Milliseconds since the epoch (tests move time to expire codes and tokens). */
  now?: () => number;
  /** Faults a test injects and changes while the app runs (createLocalSocialFaults()). */
  faults?: LocalSocialFaults;
  /** Faults of the publishing calls (createPublishFaults()): uploads failing midway. */
  publishFaults?: PublishFaults;
}

/** The default app credentials, the same for every platform. */
export const LOCAL_SOCIAL_CLIENT = { clientId: 'regie-local', clientSecret: 'regie-local-secret' } as const;

export const localSocialPlugin: FastifyPluginAsync<LocalSocialOptions> = async (app, options) => {
  const state = createState(
    options.secret,
    options.clients ?? LOCAL_SOCIAL_CLIENT,
    options.now ?? Date.now,
    options.faults ?? createLocalSocialFaults(),
  );
  registerFormParser(app);
  // Uploads in progress and published posts, their bytes in a temp folder removed on close.
  const publish = createPublishStore(options.publishFaults ?? createPublishFaults());
  app.addHook('onClose', () => publish.close());
  for (const platform of SOCIAL_PLATFORMS) {
    await app.register(async (scope) => registerPlatform(scope, state, platform, publish), { prefix: `/${platform}` });
  }
};

function registerPlatform(
  scope: FastifyInstance,
  state: LocalState,
  platform: SocialPlatform,
  publish: PublishStore,
): void {
  registerFaults(scope, state, platform);
  // Before the account routes: Graph's GET /v21.0/{id} also answers the objects published.
  registerPublishRoutes(scope, state, platform, publish);
  scope.get('/avatar.svg', (request, reply) => {
    const id = paramsOf(queryPairs(request)).get('id');
    return reply
      .header('content-type', 'image/svg+xml')
      .header('cache-control', 'public, max-age=86400')
      .send(avatarSvg(platform, pictureName(platform, id)));
  });
  if (platform === 'twitter') {
    registerTwitterRoutes(scope, state);
    return;
  }
  registerOAuth2Routes(scope, state, platform);
  registerApiRoutes(scope, state, platform);
}

/**
 * Injected faults answer the platform's server-to-server calls (token, revoke, API), not the
 * browser's consent page or pictures: a platform under load still shows its pages.
 */
function registerFaults(scope: FastifyInstance, state: LocalState, platform: SocialPlatform): void {
  const browserPaths = new Set([
    `${scope.prefix}${PLATFORM_ENDPOINTS[platform].authorize}`,
    `${scope.prefix}/avatar.svg`,
  ]);
  scope.addHook('onRequest', async (request, reply) => {
    if (browserPaths.has(request.routeOptions.url ?? '')) return;
    const fault = takeFault(state.faults, platform);
    if (fault) return send(reply, faultAnswer(platform, fault, state.now()));
  });
}
