import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config.ts';
import { createCredentialSeal } from '../data-providers/credentials.ts';
import type { Db } from '../db/database.ts';
import type { Guards } from '../tenancy/tenancy.guards.ts';
import {
  LOCAL_SOCIAL_CLIENT,
  type LocalSocialFaults,
  localSocialPlugin,
  type PublishFaults,
} from './local/local-social.ts';
import { LOCAL_SOCIAL_PREFIX } from './social.endpoints.ts';
import { createSocialPlatforms } from './social.platforms.ts';
import { socialRoutes } from './social.routes.ts';
import type { SocialDeps } from './social.service.ts';

/** Where this server answers itself (its local stand-ins), once it listens. */
function selfOrigin(app: FastifyInstance): string | null {
  const address = app.server.address();
  if (!address || typeof address === 'string') return null;
  const host = address.family === 'IPv6' ? `[${address.address === '::' ? '::1' : address.address}]` : address.address;
  return `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${address.port}`;
}

/** Linked social accounts (issue 41): the platforms of this server, their routes, their stand-ins. */
export async function registerSocial(
  app: FastifyInstance,
  options: {
    db: Db;
    guards: Guards;
    config: AppConfig;
    faults?: LocalSocialFaults | undefined;
    publishFaults?: PublishFaults | undefined;
  },
): Promise<SocialDeps> {
  const { config } = options;
  const secret = config.videos.mediaSecret ?? randomBytes(32);
  const deps: SocialDeps = {
    db: options.db,
    platforms: createSocialPlatforms(config.social, () => selfOrigin(app)),
    seal: createCredentialSeal(secret, 'social-tokens'),
    publicUrl: config.publicUrl,
  };
  await app.register(socialRoutes, { deps, guards: options.guards });
  if (config.social.local) {
    await app.register(localSocialPlugin, {
      prefix: LOCAL_SOCIAL_PREFIX,
      secret,
      clients: LOCAL_SOCIAL_CLIENT,
      ...(options.faults ? { faults: options.faults } : {}),
      ...(options.publishFaults ? { publishFaults: options.publishFaults } : {}),
    });
  }
  return deps;
}
