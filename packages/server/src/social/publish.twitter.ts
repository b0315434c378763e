import { open } from 'node:fs/promises';
import { Agent } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { SOCIAL_MESSAGES } from '@regie/contract/social';
import { ApiRequestError, ApiResponseError, TwitterApi } from 'twitter-api-v2';
import type { PostStatus, Publisher, PublisherFactory, PublishInput } from './publish.types.ts';
import { PUBLISH_ENDPOINTS } from './social.endpoints.ts';
import { failureOf, PLATFORM_TIMEOUT_MS } from './social.http.ts';
import { endpointUrl } from './social.oauth2.ts';
import { SocialError, type SocialTokens } from './social.types.ts';

const paths = PUBLISH_ENDPOINTS.twitter;
const MB = 1024 * 1024;
/** Each APPEND carries one segment of this size (the last takes the rest). */
export const X_SEGMENT_BYTES = 4 * MB;
/** A segment's longest wait. */
const SEGMENT_TIMEOUT_MS = 10 * 60 * 1000;
/** How long one attempt follows the media's processing (then it is retried, resuming). */
const PROCESSING_LIMIT_MS = 5 * 60 * 1000;
/** A post on the timeline with the same text, made this recently, is the one a crash left unsaved. */
const RECENT_MS = 60 * 60 * 1000;

/** The SocialError a twitter-api-v2 failure means, a refusal said as the video's. */
function failure(error: unknown): unknown {
  if (error instanceof SocialError) return error;
  if (error instanceof ApiResponseError) {
    const retryAfter = error.headers?.['retry-after'];
    return failureOf('twitter', error.code, error.data, typeof retryAfter === 'string' ? retryAfter : null, 'post');
  }
  if (error instanceof Error && error.name === 'AbortError') return error;
  const reason = error instanceof ApiRequestError ? error.requestError.message : String(error);
  return new SocialError(SOCIAL_MESSAGES.unreachable('X', reason), 'unreachable');
}

const refused = (reason: string) => new SocialError(SOCIAL_MESSAGES.postRefused('X', reason), 'refused');

interface MediaAnswer {
  media_id_string?: string;
  processing_info?: {
    state?: 'pending' | 'in_progress' | 'succeeded' | 'failed';
    check_after_secs?: number;
    error?: { message?: string; name?: string };
  };
}

interface Timeline {
  data?: { id?: string; text?: string; created_at?: string; attachments?: { media_keys?: string[] } }[];
}

/** Bytes [start, end) of the file. */
async function readSegment(path: string, start: number, end: number): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const segment = Buffer.alloc(end - start);
    const { bytesRead } = await handle.read(segment, 0, segment.length, start);
    return segment.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** What the post says: the caption, or the title when there is no caption. */
const postText = (input: Pick<PublishInput, 'title' | 'caption'>) => input.caption.trim() || input.title.trim();

const postUrl = (id: string) => `https://x.com/i/status/${encodeURIComponent(id)}`;

/**
 * X: the chunked media upload of API v1.1 (INIT, APPEND by 4 MiB segments, FINALIZE, STATUS until
 * processed), then the post of API v2 with the media; every call OAuth 1.0a-signed by
 * twitter-api-v2 with the user's token. The media id is saved before any byte is sent and the
 * bytes after each segment; a later attempt sends the segments that were not saved, or asks the
 * media's status when all were; before posting again it looks on the user's timeline for the post
 * a crash may have left unsaved: a video is never posted twice. No thumbnail is sent: X's API has
 * no custom thumbnail for a video (X shows a frame of its own choosing).
 */
export const twitterPublisher: PublisherFactory = (setup): Publisher => {
  // The library calls https.request; a plain-HTTP base (the local stand-in) needs an http agent.
  const settings = setup.apiBase.startsWith('http:') ? { httpAgent: new Agent() } : {};
  const client = (tokens: SocialTokens) =>
    new TwitterApi(
      {
        appKey: setup.clientId,
        appSecret: setup.clientSecret,
        accessToken: tokens.accessToken,
        accessSecret: tokens.tokenSecret ?? '',
      },
      settings,
    );
  const media = endpointUrl(setup, 'api', paths.media).toString();
  const json = { forceParseMode: 'json' as const, timeout: PLATFORM_TIMEOUT_MS };

  return {
    platform: 'twitter',
    sendsThumbnailImage: false,
    async publish(input) {
      const { link, file, signal } = input;
      if (input.progress.postId) return { postId: input.progress.postId, url: postUrl(input.progress.postId) };
      const user = client(link.tokens);
      const text = postText(input);
      const call = async <T>(work: () => Promise<T>): Promise<T> => {
        signal.throwIfAborted();
        try {
          return await work();
        } catch (error) {
          throw failure(error);
        }
      };
      const status = (mediaId: string) =>
        call(() => user.get(media, { command: 'STATUS', media_id: mediaId }, json) as Promise<MediaAnswer>);

      const resumed = Boolean(input.progress.session);
      let mediaId = input.progress.session ?? null;
      let sent = mediaId ? (input.progress.sentBytes ?? 0) : 0;
      if (!mediaId) {
        const started = await call(
          () =>
            user.post(
              media,
              { command: 'INIT', total_bytes: file.size, media_type: 'video/mp4', media_category: 'tweet_video' },
              json,
            ) as Promise<MediaAnswer>,
        );
        mediaId = started.media_id_string ?? null;
        if (!mediaId) throw refused('no media id in the answer');
        await input.save({ ...input.progress, session: mediaId, totalBytes: file.size, sentBytes: 0 });
      }
      const id = mediaId;

      let answer: MediaAnswer | null = null;
      if (resumed && sent >= file.size) {
        // Every segment was sent: the media may be finalized already (a crash after FINALIZE); X
        // refuses the STATUS of one that is not, which is then finalized below.
        answer = await status(id).catch((error: unknown) => {
          if (error instanceof SocialError && error.failure === 'refused') return null;
          throw error;
        });
      }
      if (!answer) {
        input.onBytes(sent);
        for (let index = Math.floor(sent / X_SEGMENT_BYTES); index * X_SEGMENT_BYTES < file.size; index += 1) {
          const start = index * X_SEGMENT_BYTES;
          const end = Math.min(start + X_SEGMENT_BYTES, file.size);
          const segment = await readSegment(file.path, start, end);
          // Multipart: only the query and the oauth_* parameters are signed.
          await call(() =>
            user.post(
              media,
              { media: segment },
              {
                forceBodyMode: 'form-data',
                query: { command: 'APPEND', media_id: id, segment_index: index },
                forceParseMode: 'json',
                timeout: SEGMENT_TIMEOUT_MS,
              },
            ),
          );
          sent = end;
          input.onBytes(sent);
          await input.save({ ...input.progress, session: id, totalBytes: file.size, sentBytes: sent });
        }
        answer = await call(
          () => user.post(media, { command: 'FINALIZE', media_id: id }, json) as Promise<MediaAnswer>,
        );
      }
      input.onBytes(file.size);

      const until = Date.now() + PROCESSING_LIMIT_MS;
      for (;;) {
        const info = answer?.processing_info;
        if (!info || info.state === 'succeeded') break;
        if (info.state === 'failed') throw refused(info.error?.message ?? info.error?.name ?? 'the video failed');
        if (Date.now() >= until) {
          throw new SocialError(
            SOCIAL_MESSAGES.unreachable('X', 'the video was still being processed after 5 minutes'),
            'unreachable',
          );
        }
        await sleep(Math.max(1, info.check_after_secs ?? 1) * 1000, undefined, { signal });
        answer = await status(id);
      }

      let postId: string | null = null;
      if (resumed) {
        // A post a crash left unsaved: one with this media, or this text made in the last hour.
        const timeline = endpointUrl(
          setup,
          'api',
          paths.timeline.replace('{userId}', encodeURIComponent(link.externalId)),
        );
        const recent = await call(
          () =>
            user.get(
              timeline.toString(),
              { max_results: 10, 'tweet.fields': 'created_at,attachments' },
              json,
            ) as Promise<Timeline>,
        );
        const since = Date.now() - RECENT_MS;
        const ours = recent.data?.find((post) => {
          const keys = post.attachments?.media_keys ?? [];
          if (keys.some((key) => key.endsWith(`_${id}`))) return true;
          return keys.length === 0 && post.text === text && Date.parse(post.created_at ?? '') >= since;
        });
        postId = ours?.id ?? null;
      }
      if (!postId) {
        const posted = await call(
          () =>
            user.post(
              endpointUrl(setup, 'api', paths.tweets).toString(),
              { ...(text ? { text } : {}), media: { media_ids: [id] } },
              { ...json, forceBodyMode: 'json' },
            ) as Promise<{ data?: { id?: string } }>,
        );
        postId = posted.data?.id ?? null;
        if (!postId) throw refused('no post id in the answer');
      }
      await input.save({ ...input.progress, session: id, totalBytes: file.size, sentBytes: file.size, postId });
      return { postId, url: postUrl(postId) };
    },
    async status(_link, post): Promise<PostStatus> {
      return { state: 'published', url: postUrl(post.postId) };
    },
  };
};
