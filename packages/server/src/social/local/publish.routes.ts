import type { SocialPlatform } from '@regie/contract/social';
import type { FastifyInstance } from 'fastify';
import { registerDailymotionPublishing } from './publish.dailymotion.ts';
import { facebookNode, registerFacebookPublishing } from './publish.facebook.ts';
import { interceptGraphNodes } from './publish.graph.ts';
import { acceptMultipart, acceptRawBodies } from './publish.http.ts';
import { instagramNode, registerInstagramPublishing } from './publish.instagram.ts';
import type { PublishStore } from './publish.store.ts';
import { registerTiktokPublishing } from './publish.tiktok.ts';
import { registerTwitterPublishing } from './publish.twitter.ts';
import { registerYoutubePublishing } from './publish.youtube.ts';
import type { LocalState } from './state.ts';

/**
 * The publishing calls of a platform's stand-in (PUBLISH_ENDPOINTS, under the platform's prefix),
 * in a scope of their own that reads raw bodies (YouTube, TikTok) or multipart forms (Facebook,
 * X, Dailymotion). Called on the platform's scope before its account routes: Facebook's and
 * Instagram's `GET /v21.0/{id}` then also answers the videos, containers and media made here.
 */
export function registerPublishRoutes(
  scope: FastifyInstance,
  state: LocalState,
  platform: SocialPlatform,
  store: PublishStore,
): void {
  const context = { state, store, prefix: scope.prefix };
  if (platform === 'facebook') interceptGraphNodes(scope, (request, id) => facebookNode(context, request, id));
  if (platform === 'instagram') interceptGraphNodes(scope, (request, id) => instagramNode(context, request, id));
  scope.register(async (publishing) => {
    switch (platform) {
      case 'youtube':
        acceptRawBodies(publishing);
        registerYoutubePublishing(publishing, context);
        return;
      case 'facebook':
        await acceptMultipart(publishing);
        registerFacebookPublishing(publishing, context);
        return;
      case 'instagram':
        registerInstagramPublishing(publishing, context);
        return;
      case 'twitter':
        await acceptMultipart(publishing);
        registerTwitterPublishing(publishing, context);
        return;
      case 'dailymotion':
        await acceptMultipart(publishing);
        registerDailymotionPublishing(publishing, context);
        return;
      case 'tiktok':
        acceptRawBodies(publishing);
        registerTiktokPublishing(publishing, context);
        return;
    }
  });
}

export type { PublishFaults, PublishStore } from './publish.store.ts';
export { createPublishFaults, createPublishStore, PUBLISH_MAX_BYTES } from './publish.store.ts';
