import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Engine } from '../resources/resources.types.ts';
import type { Guards } from '../tenancy/tenancy.guards.ts';
import type { VideosEntry } from '../videos/videos.resource.ts';
import type { ConferencesEntry } from './conferences.find.ts';

export interface ConferenceRoutesOptions {
  engine: Engine;
  guards: Guards;
}

export type ConferencesApp = Parameters<FastifyPluginAsyncZod<ConferenceRoutesOptions>>[0];

/** What every conference call needs: the engine, the conferences' and videos' entries, the guards. */
export interface ConferenceRouteContext {
  engine: Engine;
  entry: ConferencesEntry;
  videosEntry: VideosEntry;
  guards: Guards;
}
