import { readFile } from 'node:fs/promises';
import { SOCIAL_MESSAGES } from '@regie/contract/social';
import { fileSlice, jsonOf, rawCall, streamed } from './publish.http.ts';
import type { PostStatus, Publisher, PublisherFactory, PublishInput, PublishLink } from './publish.types.ts';
import { PUBLISH_ENDPOINTS } from './social.endpoints.ts';
import { platformCall } from './social.http.ts';
import { bearer, endpointUrl } from './social.oauth2.ts';
import { SocialError } from './social.types.ts';

const paths = PUBLISH_ENDPOINTS.youtube;

/** The last byte YouTube has, from a 308's `Range: bytes=0-N` (none: -1). */
function lastByte(response: Response): number {
  const range = response.headers.get('range');
  const match = range?.match(/bytes=0-(\d+)/);
  return match ? Number(match[1]) : -1;
}

/**
 * thumbnails.set: the frame's JPEG as the video's custom thumbnail (setting it again replaces it, so
 * a retry may send it twice). A refusal (an unverified channel may not set custom thumbnails)
 * leaves the video as it is, with YouTube's own thumbnail: its words are answered, not thrown.
 */
async function setThumbnail(
  setup: Parameters<PublisherFactory>[0],
  link: PublishLink,
  videoId: string,
  input: PublishInput,
): Promise<string | undefined> {
  const path = input.thumbnail?.path;
  if (!path) return undefined;
  const url = endpointUrl(setup, 'api', paths.thumbnails);
  url.searchParams.set('videoId', videoId);
  const image = await readFile(path);
  try {
    await rawCall('youtube', url, {
      method: 'POST',
      signal: input.signal,
      headers: { ...bearer(link.tokens), 'content-type': 'image/jpeg', 'content-length': String(image.length) },
      body: image,
    });
    return undefined;
  } catch (error) {
    if (error instanceof SocialError && error.failure === 'refused') return error.message;
    throw error;
  }
}

/**
 * YouTube: the Data API's resumable upload. The session URL is saved before any byte is sent;
 * a later attempt asks the session how far it got (`Content-Range: bytes *\/N`) and sends the
 * rest, or gets the video resource if the upload had finished: a video is never uploaded twice.
 * Published public, in the link's channel (the OAuth grant is the channel's). The thumbnail is
 * set after the upload (thumbnails.set) and the post saved only then: an attempt cut between the
 * two finds the video through its session and sets the thumbnail again.
 */
export const youtubePublisher: PublisherFactory = (setup): Publisher => ({
  platform: 'youtube',
  sendsThumbnailImage: true,
  async publish(input) {
    const { link, file, signal } = input;
    if (input.progress.postId) return { postId: input.progress.postId, url: watchUrl(input.progress.postId) };
    let session = input.progress.session ?? null;
    if (!session) {
      const url = endpointUrl(setup, 'api', paths.upload);
      url.searchParams.set('uploadType', 'resumable');
      url.searchParams.set('part', 'snippet,status');
      const started = await rawCall('youtube', url, {
        method: 'POST',
        signal,
        headers: {
          ...bearer(link.tokens),
          'content-type': 'application/json; charset=UTF-8',
          'x-upload-content-length': String(file.size),
          'x-upload-content-type': 'video/mp4',
        },
        body: JSON.stringify({
          snippet: { title: input.title, description: input.caption, categoryId: '17' },
          status: { privacyStatus: 'public', selfDeclaredMadeForKids: false },
        }),
      });
      session = started.headers.get('location');
      if (!session)
        throw new SocialError(SOCIAL_MESSAGES.refused('YouTube', 'no upload session in the answer'), 'refused');
      await input.save({ ...input.progress, session, totalBytes: file.size, sentBytes: 0 });
    }
    // Where the session stands (a first attempt: nothing yet).
    const asked = await rawCall('youtube', session, {
      method: 'PUT',
      signal,
      headers: { ...bearer(link.tokens), 'content-range': `bytes */${file.size}`, 'content-length': '0' },
    });
    let answer = asked;
    if (asked.status === 308) {
      const from = lastByte(asked) + 1;
      input.onBytes(from);
      answer = await rawCall('youtube', session, {
        method: 'PUT',
        signal,
        ...streamed,
        headers: {
          ...bearer(link.tokens),
          'content-type': 'video/mp4',
          'content-length': String(file.size - from),
          'content-range': `bytes ${from}-${file.size - 1}/${file.size}`,
        },
        body: fileSlice(file.path, from, file.size - 1, input.onBytes),
      });
      if (answer.status === 308) {
        throw new SocialError(
          SOCIAL_MESSAGES.unreachable('YouTube', 'the upload stopped before its end'),
          'unreachable',
        );
      }
    }
    const video = await jsonOf(answer);
    const postId = typeof video.id === 'string' ? video.id : null;
    if (!postId) throw new SocialError(SOCIAL_MESSAGES.refused('YouTube', 'no video id in the answer'), 'refused');
    const uploaded = { ...input.progress, session, sentBytes: file.size, totalBytes: file.size };
    await input.save(uploaded);
    const thumbnailRefused = await setThumbnail(setup, link, postId, input);
    await input.save({ ...uploaded, postId });
    return { postId, url: watchUrl(postId), ...(thumbnailRefused && { thumbnailRefused }) };
  },
  async status(link, post): Promise<PostStatus> {
    const url = endpointUrl(setup, 'api', paths.videos);
    url.searchParams.set('part', 'status,processingDetails');
    url.searchParams.set('id', post.postId);
    const answer = (await platformCall('youtube', url, { headers: bearer(link.tokens) }, 'post')) as {
      items?: {
        status?: { uploadStatus?: string; failureReason?: string; rejectionReason?: string };
        processingDetails?: { processingStatus?: string };
      }[];
    };
    const item = answer.items?.[0];
    const upload = item?.status?.uploadStatus;
    if (!item || upload === 'failed' || upload === 'rejected' || upload === 'deleted') {
      return {
        state: 'failed',
        url: null,
        reason: item?.status?.failureReason ?? item?.status?.rejectionReason ?? upload ?? 'not found',
      };
    }
    const processed = upload === 'processed' || item.processingDetails?.processingStatus === 'succeeded';
    return { state: processed ? 'published' : 'processing', url: watchUrl(post.postId) };
  },
});

const watchUrl = (id: string) => `https://www.youtube.com/watch?v=${encodeURIComponent(id)}`;
