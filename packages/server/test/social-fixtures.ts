import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { type Publication, publicationsPaths } from '@regie/contract/publications';
import { type SocialPlatform, type SocialTarget, socialPaths } from '@regie/contract/social';
import { expect } from 'vitest';
import { loadConfig } from '../src/config.ts';
import type { PublicationProgress } from '../src/db/publications.table.ts';
import { runFfmpeg } from '../src/media/ffmpeg.runner.ts';
import { type LocalGrant, localGrant } from '../src/social/local/grants.ts';
import { createPublishFaults, type PublishFaults } from '../src/social/local/local-social.ts';
import { PUBLISHERS } from '../src/social/publish.job.ts';
import type { PostRef, PublishInput } from '../src/social/publish.types.ts';
import { createSocialPlatforms } from '../src/social/social.platforms.ts';
import type { TestContext } from './helpers.ts';
import { waitFor } from './jobs-fixtures.ts';
import { uploadVideo, type VideoTestContext, videoTestContext, waitForVideo } from './videos-fixtures.ts';

/**
 * Linking a platform's local stand-in as a browser would (issue 41): connect, the consent page's
 * form answered, the callback followed. The app must listen (the server calls the stand-in).
 * And publishing to the stand-ins: an app listening, a ready video, the platforms linked.
 */

const decode = (text: string) =>
  text
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');

export const pathOf = (url: string) => {
  const parsed = new URL(url, 'http://localhost');
  return `${parsed.pathname}${parsed.search}`;
};

/** The browser at the platform's consent page: it answers, and answers where it is sent back. */
export async function consent(ctx: Pick<TestContext, 'app'>, authorizeUrl: string, decision: 'allow' | 'deny') {
  const page = await ctx.app.inject({ method: 'GET', url: pathOf(authorizeUrl) });
  expect(page.statusCode, page.body).toBe(200);
  expect(page.body).toMatch(/<button[^>]*value="allow"[^>]*>Allow<\/button>/);
  const action = decode(page.body.match(/<form method="post" action="([^"]*)"/)?.[1] ?? '');
  const fields = [...page.body.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)].map(
    (match) => [decode(match[1] ?? ''), decode(match[2] ?? '')] as [string, string],
  );
  const answered = await ctx.app.inject({
    method: 'POST',
    url: pathOf(action || authorizeUrl),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams([...fields, ['decision', decision]]).toString(),
  });
  expect(answered.statusCode, answered.body).toBe(302);
  return String(answered.headers.location);
}

/** Connect, consent, callback: answers where the callback sent the browser back in the app. */
export async function linkPlatform(
  ctx: Pick<TestContext, 'app' | 'request'>,
  token: string,
  platform: SocialPlatform,
  decision: 'allow' | 'deny' = 'allow',
): Promise<URL> {
  const started = await ctx.request({
    method: 'POST',
    url: socialPaths.connect(platform),
    token,
    payload: { returnTo: '/account/settings/social-networks' },
  });
  expect(started.statusCode, started.body).toBe(200);
  const back = await consent(ctx, started.json<{ authorizeUrl: string }>().authorizeUrl, decision);
  expect(pathOf(back).startsWith(socialPaths.callback(platform))).toBe(true);
  const done = await ctx.app.inject({ method: 'GET', url: pathOf(back) });
  expect(done.statusCode, done.body).toBe(302);
  return new URL(String(done.headers.location), 'http://localhost');
}

/** A test app that publishes to the stand-ins: see publishingContext. */
export interface PublishingContext {
  ctx: VideoTestContext;
  /** The media secret: it seals the links' tokens and signs the URLs a platform fetches. */
  mediaSecret: string;
  /** The stand-ins' publishing faults and what they took (thumbnails). */
  publishFaults: PublishFaults;
  /** Where the app listens (http://127.0.0.1:<port>): the stand-ins and the media as a worker reaches them. */
  base: string;
  /** The test video's file (4 s, 320×180, H.264/AAC), and the ready video made of it. */
  clip: string;
  videoId: number;
  token(name: string): string;
  call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    as: string,
    payload?: unknown,
  ): ReturnType<VideoTestContext['request']>;
  /** The video's publications, as writerA lists them. */
  publicationsOf(videoId: number): Promise<Publication[]>;
  /** Runs the workers until every publication of the video has ended (published, failed or cancelled). */
  settled(videoId: number, timeoutMs?: number): Promise<Publication[]>;
  /** Chooses writerA's page, channel or account on the platform: the one of that name, else the first. */
  chooseTarget(platform: SocialPlatform, name?: string): Promise<void>;
}

/**
 * An app listening on a port, its workers configured with the stand-ins at that port, a 4 s
 * lavfi test video uploaded and encoded (ready), and writerA's `platforms` linked.
 */
export async function publishingContext(platforms: readonly SocialPlatform[]): Promise<PublishingContext> {
  const mediaSecret = randomBytes(24).toString('hex');
  const publishFaults = createPublishFaults();
  const ctx = await videoTestContext({ mediaSecret }, { socialPublishFaults: publishFaults });
  const base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const workerConfig = { config: { ...ctx.config, social: { ...loadConfig({}).social, localUrl: base } } };
  const token = (name: string) => ctx.tokens[name] ?? '';
  const call: PublishingContext['call'] = (method, url, as, payload) =>
    ctx.request({ method, url, token: token(as), ...(payload === undefined ? {} : { payload }) });
  const publicationsOf = async (id: number) => {
    const listed = await call('GET', publicationsPaths.ofVideo(id), 'writerA');
    expect(listed.statusCode, listed.body).toBe(200);
    return listed.json<{ data: Publication[] }>().data;
  };

  const clip = join(ctx.dir, 'goal.mp4');
  await runFfmpeg([
    ...['-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25:duration=4', '-f', 'lavfi', '-i', 'sine=duration=4'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', clip],
  ]);
  const videoId = (await uploadVideo(ctx, token('writerA'), clip, 'goal.mp4')).completed.video.id;
  ctx.workers();
  await waitForVideo(ctx, videoId, ['ready']);
  await ctx.stopWorkers();
  for (const platform of platforms) {
    const back = await linkPlatform(ctx, token('writerA'), platform);
    expect(back.searchParams.get('linked')).toBe(platform);
  }

  return {
    ctx,
    mediaSecret,
    publishFaults,
    base,
    clip,
    videoId,
    token,
    call,
    publicationsOf,
    async settled(id, timeoutMs = 120_000) {
      ctx.workers(workerConfig);
      try {
        return await waitFor(
          async () => {
            const found = await publicationsOf(id);
            const ended = found.every((item) => ['published', 'failed', 'cancelled'].includes(item.state));
            return ended ? found : undefined;
          },
          { timeoutMs, intervalMs: 200, what: 'the publications to settle' },
        );
      } finally {
        await ctx.stopWorkers();
      }
    },
    async chooseTarget(platform, name) {
      const listed = await call('GET', socialPaths.targets(platform), 'writerA');
      const targets = listed.json<{ data: SocialTarget[] }>().data;
      const target = name === undefined ? targets[0] : targets.find((item) => item.name === name);
      expect(target, JSON.stringify(targets)).toBeDefined();
      const chosen = await call('PUT', socialPaths.target(platform), 'writerA', { id: target?.id });
      expect(chosen.statusCode, chosen.body).toBe(200);
    },
  };
}

/** A platform's publisher called directly, as the job would: see directPublisher. */
export interface DirectPublisher {
  /** The local grant whose link it publishes with. */
  grant: LocalGrant;
  /** The progress it saved last. */
  saved(): PublicationProgress;
  /** Publishes; with `crash`, the worker dies as the post is saved (the post exists, the progress does not say so). */
  publish(
    fields: Pick<PublishInput, 'file' | 'title' | 'caption' | 'thumbnail' | 'progress'>,
    crash?: boolean,
  ): Promise<PostRef>;
}

/** `platform`'s publisher against the stand-ins of `publishing`, with the link of a local grant. */
export function directPublisher(publishing: PublishingContext, platform: SocialPlatform): DirectPublisher {
  const { base, mediaSecret } = publishing;
  const setup = createSocialPlatforms({ ...loadConfig({}).social, localUrl: base }, () => base).setup(platform, '');
  if (!setup) throw new Error(`${platform} has no setup`);
  const publisher = PUBLISHERS[platform](setup);
  const grant = localGrant(mediaSecret, platform);
  let saved: PublicationProgress = {};
  return {
    grant,
    saved: () => saved,
    publish(fields, crash = false) {
      return publisher.publish({
        ...fields,
        link: {
          tokens: grant.tokens,
          externalId: grant.externalId,
          accountName: grant.accountName,
          targetId: grant.target?.id ?? null,
        },
        idempotencyKey: `direct-${platform}-${fields.title}`,
        save: async (next) => {
          if (crash && next.postId) throw new Error('worker killed');
          saved = next;
        },
        onBytes: () => undefined,
        signal: new AbortController().signal,
      });
    },
  };
}
