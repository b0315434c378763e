import { SOCIAL_MESSAGES, SOCIAL_PLATFORM_NAMES } from '@regie/contract/social';
import { SHARE_TARGETS, videoPaths } from '@regie/contract/videos';
import {
  shareParams,
  shareResponse,
  sharesResponse,
  shareTargetsResponse,
  videoIdParams,
} from '@regie/contract/videos.schemas';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditSourceOf } from '../audit/audit.service.ts';
import type { AppConfig } from '../config.ts';
import { publications } from '../db/publications.table.ts';
import { socialLinks } from '../db/social-links.table.ts';
import { HttpError } from '../http/http.errors.ts';
import { requestLanguage } from '../http/localize.ts';
import { BEARER, errorResponses } from '../http/responses.schema.ts';
import { readGuards, writeGuards } from '../resources/resources.http.ts';
import { findVisible } from '../resources/resources.service.ts';
import type { Engine } from '../resources/resources.types.ts';
import { presentPublication, publicationsWithNames } from '../social/publications.presenter.ts';
import { createSocialPlatforms, type SocialPlatforms } from '../social/social.platforms.ts';
import { requireSocialModule } from '../social/social.service.ts';
import { authOf, type Guards } from '../tenancy/tenancy.guards.ts';
import { shareUnderWay, shareVideo } from './share.publications.ts';
import type { VideosEntry } from './videos.resource.ts';

export interface ShareRoutesOptions {
  engine: Engine;
  entry: VideosEntry;
  guards: Guards;
  config: Pick<AppConfig, 'social'>;
}

type App = Parameters<FastifyPluginAsyncZod<ShareRoutesOptions>>[0];

const common = { tags: ['videos'], security: BEARER };

function shareTargetsRoute(app: App, { engine, entry, guards }: ShareRoutesOptions, platforms: SocialPlatforms): void {
  app.get(
    videoPaths.shareTargets,
    {
      onRequest: readGuards(guards, entry),
      schema: {
        ...common,
        summary: 'The share targets: linkable on this server, and actively linked by the current user',
        response: { 200: shareTargetsResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const links = await engine.db
        .select({ platform: socialLinks.platform })
        .from(socialLinks)
        .where(and(eq(socialLinks.userId, authOf(request).user.id), eq(socialLinks.state, 'active')));
      return SHARE_TARGETS.map((target) => ({
        target,
        name: SOCIAL_PLATFORM_NAMES[target],
        configured: platforms.mode(target) !== 'off',
        linked: links.some((link) => link.platform === target),
      }));
    },
  );
}

function shareRoute(app: App, { engine, entry, guards }: ShareRoutesOptions, platforms: SocialPlatforms): void {
  app.post(
    videoPaths.share(':id', ':target'),
    {
      onRequest: writeGuards(guards, entry),
      // While a publication to that target is under way the call answers it and records nothing.
      config: { audit: 'entry-if-changed' },
      schema: {
        ...common,
        summary:
          'Publishes a ready video to the user’s linked account on a platform (youtube, facebook, twitter, dailymotion)',
        description:
          'Makes a publication (as POST videos/{id}/publications with this one target): titled with the video’s title, ' +
          'its description as the caption, in the platform’s default shape with the VERTICAL_VIDEO module, else the ' +
          'video’s own. 400: no active link to the target, or a limit of the platform (the message says which); ' +
          '403: the account has no SOCIAL_SHARING module; 409: the video is not ready; 503: the platform cannot be ' +
          'linked on this server. While a publication of the video to that target by the same user is under way, ' +
          'that one is the answer. Follow it on GET videos/{id}/shares until published, with its URL.',
        params: shareParams,
        response: { 202: shareResponse, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const { target } = request.params;
      requireSocialModule(auth.account.modules);
      const video = await findVisible(engine, entry, auth, request.params.id);
      if (platforms.mode(target) === 'off') {
        throw new HttpError(503, SOCIAL_MESSAGES.notConfigured(SOCIAL_PLATFORM_NAMES[target]));
      }
      const language = requestLanguage(request);
      const running = await shareUnderWay(engine.db, video, target, auth.user.id);
      if (running) return reply.code(202).send(presentPublication(running, language));
      const made = await shareVideo(engine.db, {
        userId: auth.user.id,
        modules: auth.account.modules,
        video,
        target,
        audit: auditSourceOf(request),
        requestId: request.id,
      });
      return reply
        .code(202)
        .send(
          presentPublication({ ...made, videoTitle: video.title, userName: auth.user.name, ruleName: null }, language),
        );
    },
  );
}

function sharesRoute(app: App, { engine, entry, guards }: ShareRoutesOptions): void {
  app.get(
    videoPaths.shares(':id'),
    {
      onRequest: readGuards(guards, entry),
      schema: {
        ...common,
        summary: 'The video’s publications, newest first: state, progress, URL once published, reason of a failure',
        params: videoIdParams,
        response: { 200: sharesResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const video = await findVisible(engine, entry, authOf(request), request.params.id);
      const rows = await publicationsWithNames(
        engine.db,
        and(eq(publications.accountId, video.accountId), eq(publications.videoId, video.id)),
      );
      const language = requestLanguage(request);
      return { data: rows.map((row) => presentPublication(row, language)), total: rows.length };
    },
  );
}

/**
 * Sharing a video (spec §7 "POST videos/{id}/share/{target}"): which targets the user can use,
 * the share itself — a publication through the user's social link (share.publications.ts) — and
 * the video's publications.
 */
export const shareRoutes: FastifyPluginAsyncZod<ShareRoutesOptions> = async (app, options) => {
  // Only whether a platform can be linked is asked here: no call leaves for the platform.
  const platforms = createSocialPlatforms(options.config.social, () => null);
  shareTargetsRoute(app, options, platforms);
  shareRoute(app, options, platforms);
  sharesRoute(app, options);
};
