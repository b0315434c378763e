import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { SOCIAL_MESSAGES } from '@regie/contract/social';
import { jsonOf, rawCall, streamed } from './publish.http.ts';
import type { PostStatus, Publisher, PublisherFactory, PublishInput } from './publish.types.ts';
import { PUBLISH_ENDPOINTS } from './social.endpoints.ts';
import { platformCall } from './social.http.ts';
import { bearer, endpointUrl } from './social.oauth2.ts';
import { SocialError } from './social.types.ts';

const paths = PUBLISH_ENDPOINTS.dailymotion;
/** A video on the account with the same title and description, made this recently, is the one a crash left unsaved. */
const RECENT_MS = 60 * 60 * 1000;
/** The channel (category) the videos are published in. */
const CHANNEL = 'sport';
/** Dailymotion's statuses of a video it will not show. */
const FAILED = new Set(['rejected', 'deleted', 'encoding_error']);

const refused = (reason: string) => new SocialError(SOCIAL_MESSAGES.postRefused('Dailymotion', reason), 'refused');

/** The video's title: its own, else the caption's first line (Dailymotion publishes none without one). */
const titleOf = (input: Pick<PublishInput, 'title' | 'caption'>) =>
  (input.title.trim() || input.caption.trim().split('\n')[0] || 'Video').slice(0, 255);

/** The file as a streamed multipart/form-data body (`file`), its length and progress. */
function fileForm(path: string, size: number, onBytes: (sent: number) => void) {
  const boundary = `----regie-${randomBytes(12).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="video.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  async function* parts() {
    yield head;
    let sent = 0;
    for await (const chunk of createReadStream(path)) {
      sent += (chunk as Buffer).length;
      onBytes(sent);
      yield chunk as Buffer;
    }
    yield tail;
  }
  return {
    body: Readable.toWeb(Readable.from(parts())) as ReadableStream<Uint8Array>,
    contentType: `multipart/form-data; boundary=${boundary}`,
    length: head.length + size + tail.length,
  };
}

/**
 * Dailymotion: an upload URL asked for, the file posted there (its URL saved), then the video
 * made from that URL and published. A later attempt skips the upload when the file's URL was
 * saved, and looks among the account's videos for one a crash left unsaved before making it
 * again: a video is never published twice. No thumbnail is sent: Dailymotion takes a custom one
 * only as `thumbnail_url`, a picture it fetches from a public URL, which this server does not give
 * for a frame; Dailymotion picks its own.
 */
export const dailymotionPublisher: PublisherFactory = (setup): Publisher => ({
  platform: 'dailymotion',
  sendsThumbnailImage: false,
  async publish(input) {
    const { link, file, signal } = input;
    if (input.progress.postId) return { postId: input.progress.postId, url: watchUrl(input.progress.postId) };
    const title = titleOf(input);
    let fileUrl = input.progress.uploadUrl ?? null;
    let postId: string | null = null;
    if (fileUrl) {
      // The file was uploaded before: the video may exist already.
      const url = endpointUrl(setup, 'api', paths.videos);
      url.searchParams.set('fields', 'id,title,description,created_time');
      url.searchParams.set('limit', '20');
      const mine = (await platformCall('dailymotion', url, { signal, headers: bearer(link.tokens) }, 'post')) as {
        list?: { id?: string; title?: string; description?: string; created_time?: number }[];
      };
      const since = Date.now() - RECENT_MS;
      const found = mine.list?.find(
        (video) =>
          video.title === title &&
          (video.description ?? '') === input.caption &&
          (video.created_time ?? 0) * 1000 >= since,
      );
      postId = found?.id ?? null;
    } else {
      const slot = (await platformCall(
        'dailymotion',
        endpointUrl(setup, 'api', paths.uploadUrl),
        { signal, headers: bearer(link.tokens) },
        'post',
      )) as { upload_url?: string };
      if (!slot.upload_url) throw refused('no upload URL in the answer');
      input.onBytes(0);
      const form = fileForm(file.path, file.size, input.onBytes);
      const uploaded = await jsonOf(
        await rawCall('dailymotion', slot.upload_url, {
          method: 'POST',
          signal,
          ...streamed,
          headers: { 'content-type': form.contentType, 'content-length': String(form.length) },
          body: form.body,
        }),
      );
      fileUrl = typeof uploaded.url === 'string' ? uploaded.url : null;
      if (!fileUrl) throw refused('no file URL in the answer');
      await input.save({ ...input.progress, uploadUrl: fileUrl, totalBytes: file.size, sentBytes: file.size });
    }
    input.onBytes(file.size);
    if (!postId) {
      const video = (await platformCall(
        'dailymotion',
        endpointUrl(setup, 'api', paths.videos),
        {
          method: 'POST',
          signal,
          headers: { ...bearer(link.tokens), 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            url: fileUrl,
            title,
            description: input.caption,
            channel: CHANNEL,
            published: 'true',
          }),
        },
        'post',
      )) as { id?: string };
      postId = video.id ?? null;
      if (!postId) throw refused('no video id in the answer');
    }
    await input.save({
      ...input.progress,
      uploadUrl: fileUrl,
      totalBytes: file.size,
      sentBytes: file.size,
      postId,
    });
    return { postId, url: watchUrl(postId) };
  },
  async status(link, post): Promise<PostStatus> {
    const url = endpointUrl(setup, 'api', paths.video.replace('{videoId}', encodeURIComponent(post.postId)));
    url.searchParams.set('fields', 'status,url');
    const video = (await platformCall('dailymotion', url, { headers: bearer(link.tokens) }, 'post')) as {
      status?: string;
      url?: string;
    };
    const state = video.status ?? '';
    if (FAILED.has(state)) return { state: 'failed', url: null, reason: state.replace('_', ' ') };
    const watch = video.url ?? watchUrl(post.postId);
    return { state: state === 'published' ? 'published' : 'processing', url: watch };
  },
});

const watchUrl = (id: string) => `https://www.dailymotion.com/video/${encodeURIComponent(id)}`;
