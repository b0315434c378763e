import { setTimeout as sleep } from 'node:timers/promises';
import { SOCIAL_MESSAGES } from '@regie/contract/social';
import { pageBearer } from './publish.facebook.ts';
import type { PostStatus, Publisher, PublisherFactory, PublishInput } from './publish.types.ts';
import { PUBLISH_ENDPOINTS } from './social.endpoints.ts';
import { platformCall } from './social.http.ts';
import { endpointUrl } from './social.oauth2.ts';
import { type PlatformSetup, SocialError } from './social.types.ts';

const paths = PUBLISH_ENDPOINTS.instagram;
/** How often a container's processing is asked, and for how long in one attempt (then retried). */
const POLL_MS = 1_000;
const POLL_LIMIT_MS = 5 * 60 * 1000;
/** A published container's media is looked for among the account's latest ones. */
const RECENT_MEDIA = 25;

const refused = (reason: string) => new SocialError(SOCIAL_MESSAGES.postRefused('Instagram', reason), 'refused');

interface Container {
  status_code?: string;
  status?: string;
}

const graphCall = (url: URL, init: RequestInit, input: Pick<PublishInput, 'link'>) =>
  platformCall(
    'instagram',
    url,
    { ...init, headers: { ...pageBearer(input.link), ...(init.headers as Record<string, string>) } },
    'post',
  ) as Promise<Record<string, unknown>>;

const form = (values: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(values),
});

/** The container's status_code once it is no longer IN_PROGRESS (at most POLL_LIMIT_MS). */
async function settled(setup: PlatformSetup, input: PublishInput, containerId: string): Promise<Container> {
  const url = endpointUrl(setup, 'api', paths.container.replace('{containerId}', encodeURIComponent(containerId)));
  url.searchParams.set('fields', 'status_code,status');
  const until = Date.now() + POLL_LIMIT_MS;
  for (;;) {
    const container = (await graphCall(url, { signal: input.signal }, input)) as Container;
    if (container.status_code !== 'IN_PROGRESS' && container.status_code !== undefined) return container;
    if (Date.now() >= until) {
      throw new SocialError(
        SOCIAL_MESSAGES.unreachable('Instagram', 'the video was still being processed after 5 minutes'),
        'unreachable',
      );
    }
    await sleep(POLL_MS, undefined, { signal: input.signal });
  }
}

/** The media a published container became: the account's latest with this caption. */
async function publishedMedia(setup: PlatformSetup, input: PublishInput, igUserId: string): Promise<string | null> {
  const url = endpointUrl(setup, 'api', paths.media.replace('{igUserId}', encodeURIComponent(igUserId)));
  url.searchParams.set('fields', 'id,caption,timestamp');
  url.searchParams.set('limit', String(RECENT_MEDIA));
  const listed = (await graphCall(url, { signal: input.signal }, input)) as {
    data?: { id?: string; caption?: string }[];
  };
  const found = listed.data?.find((media) => (media.caption ?? '') === input.caption && media.id);
  return found?.id ?? null;
}

/**
 * Instagram: a Reels container the platform fetches from the file's signed URL, its processing
 * followed (every second, up to 5 minutes in one attempt), then media_publish. The container id
 * is saved as soon as it exists and the media id before it is answered: a later attempt follows
 * the same container, and one already published is found among the account's media instead of
 * being published again. A container that failed or expired before is replaced by a new one.
 * The thumbnail is the container's `thumb_offset`, a frame Instagram takes from the video itself.
 */
export const instagramPublisher: PublisherFactory = (setup): Publisher => ({
  platform: 'instagram',
  sendsThumbnailImage: false,
  async publish(input) {
    const { link, file, signal } = input;
    if (input.progress.postId) return { postId: input.progress.postId, url: null };
    const igUserId = link.targetId;
    if (!igUserId) throw refused('no business account was chosen for this link');
    const account = (path: string) =>
      endpointUrl(setup, 'api', path.replace('{igUserId}', encodeURIComponent(igUserId)));
    const saved = input.progress.uploadUrl ?? null;
    let container = saved ? await settled(setup, input, saved) : null;
    let containerId = saved;
    // A container that failed or expired cannot be published: a new one is made (no post exists).
    if (!containerId || !container || container.status_code === 'ERROR' || container.status_code === 'EXPIRED') {
      if (!file.url) throw refused('no URL to fetch the video from');
      // The cover: the frame at thumb_offset (milliseconds into the video); Instagram's own without it.
      const cover: Record<string, string> = input.thumbnail
        ? { thumb_offset: String(Math.round(input.thumbnail.seconds * 1000)) }
        : {};
      const made = await graphCall(
        account(paths.media),
        { ...form({ media_type: 'REELS', video_url: file.url, caption: input.caption, ...cover }), signal },
        input,
      );
      containerId = typeof made.id === 'string' ? made.id : null;
      if (!containerId) throw refused('no container id in the answer');
      await input.save({ ...input.progress, uploadUrl: containerId, totalBytes: file.size, sentBytes: 0 });
      container = await settled(setup, input, containerId);
    }
    input.onBytes(file.size);
    let postId: string | null = null;
    if (container.status_code === 'PUBLISHED') {
      postId = await publishedMedia(setup, input, igUserId);
      if (!postId) throw refused('the video was published but is not among the account’s media');
    } else if (container.status_code === 'FINISHED') {
      const published = await graphCall(
        account(paths.publish),
        { ...form({ creation_id: containerId }), signal },
        input,
      );
      postId = typeof published.id === 'string' ? published.id : null;
      if (!postId) throw refused('no media id in the answer');
    } else {
      throw refused(container.status ?? container.status_code ?? 'the video could not be processed');
    }
    await input.save({
      ...input.progress,
      uploadUrl: containerId,
      totalBytes: file.size,
      sentBytes: file.size,
      postId,
    });
    return { postId, url: null };
  },
  async status(link, post): Promise<PostStatus> {
    const url = endpointUrl(setup, 'api', paths.item.replace('{mediaId}', encodeURIComponent(post.postId)));
    url.searchParams.set('fields', 'permalink');
    const media = (await graphCall(url, {}, { link })) as { permalink?: string };
    return media.permalink ? { state: 'published', url: media.permalink } : { state: 'processing', url: null };
  },
});
