import { randomBytes } from 'node:crypto';
import { open, readFile } from 'node:fs/promises';
import { SOCIAL_MESSAGES } from '@regie/contract/social';
import { jsonOf, rawCall } from './publish.http.ts';
import type { PostStatus, Publisher, PublisherFactory, PublishLink } from './publish.types.ts';
import { PUBLISH_ENDPOINTS } from './social.endpoints.ts';
import { platformCall } from './social.http.ts';
import { bearer, endpointUrl } from './social.oauth2.ts';
import { SocialError } from './social.types.ts';

const paths = PUBLISH_ENDPOINTS.facebook;
/** The most one transfer carries when the platform has not said (a resumed upload's first chunk). */
const CHUNK = 4 * 1024 * 1024;

/** The chosen page's token: what publishes on the page (the user's own token is refused). */
export const pageBearer = (link: PublishLink) =>
  bearer({ accessToken: link.tokens.targetToken ?? link.tokens.accessToken });

const refused = (reason: string) => new SocialError(SOCIAL_MESSAGES.postRefused('Facebook', reason), 'refused');

/** An offset the Graph API answers (a string of digits), or null. */
function offsetOf(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : value;
  return typeof text === 'string' && /^\d+$/.test(text) ? Number(text) : null;
}

/** Bytes [start, end) of the file. */
async function readChunk(path: string, start: number, end: number): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const chunk = Buffer.alloc(end - start);
    const { bytesRead } = await handle.read(chunk, 0, chunk.length, start);
    return chunk.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

interface FilePart {
  name: string;
  filename: string;
  type: string;
  bytes: Buffer;
}

/** A multipart/form-data body of `fields` and one file part. */
function multipart(fields: Record<string, string>, file: FilePart) {
  const boundary = `----regie-${randomBytes(12).toString('hex')}`;
  const head = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const body = Buffer.concat([
    Buffer.from(head.join('')),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * Facebook: the Graph API's resumable upload of a page video. `start` gives the upload session
 * and the video id, saved before any byte is sent; each `transfer` sends the chunk the platform
 * asked for (start_offset to end_offset) and is saved; `finish` publishes it with its title,
 * description and thumbnail (the frame's JPEG as the page video's documented `thumb` file, so the
 * finish is multipart then). A later attempt sends again from the bytes saved (the platform takes
 * a chunk it has, and answers the offsets it wants next) and finishes; the video id is the post.
 */
export const facebookPublisher: PublisherFactory = (setup): Publisher => ({
  platform: 'facebook',
  sendsThumbnailImage: true,
  async publish(input) {
    const { link, file, signal } = input;
    if (input.progress.postId) return { postId: input.progress.postId, url: null };
    if (!link.targetId) throw refused('no page was chosen for this link');
    const videos = endpointUrl(setup, 'api', paths.videos.replace('{pageId}', encodeURIComponent(link.targetId)));
    const phase = (values: Record<string, string>) =>
      platformCall(
        'facebook',
        videos,
        {
          method: 'POST',
          signal,
          headers: { ...pageBearer(link), 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(values),
        },
        'post',
      ) as Promise<Record<string, unknown>>;
    const multipartPhase = async (fields: Record<string, string>, part: FilePart) => {
      const form = multipart(fields, part);
      return jsonOf(
        await rawCall('facebook', videos, {
          method: 'POST',
          signal,
          headers: { ...pageBearer(link), 'content-type': form.contentType },
          body: form.body,
        }),
      );
    };

    let session = input.progress.session ?? null;
    // The video id waits in uploadUrl until the upload is finished (postId means a post exists).
    let videoId = input.progress.uploadUrl ?? null;
    let start = input.progress.sentBytes ?? 0;
    let end = Math.min(start + CHUNK, file.size);
    if (!session || !videoId) {
      const started = await phase({ upload_phase: 'start', file_size: String(file.size) });
      session = typeof started.upload_session_id === 'string' ? started.upload_session_id : null;
      videoId = typeof started.video_id === 'string' ? started.video_id : null;
      if (!session || !videoId) throw refused('no upload session in the answer');
      start = offsetOf(started.start_offset) ?? 0;
      end = offsetOf(started.end_offset) ?? Math.min(start + CHUNK, file.size);
      await input.save({ ...input.progress, session, uploadUrl: videoId, totalBytes: file.size, sentBytes: start });
    }
    input.onBytes(start);
    while (start < file.size) {
      const chunk = await readChunk(file.path, start, Math.max(end, start + 1));
      const answer = await multipartPhase(
        { upload_phase: 'transfer', upload_session_id: session, start_offset: String(start) },
        { name: 'video_file_chunk', filename: 'chunk.mp4', type: 'application/octet-stream', bytes: chunk },
      );
      const next = offsetOf(answer.start_offset);
      if (next === null || next <= start) {
        throw new SocialError(
          SOCIAL_MESSAGES.unreachable('Facebook', 'the upload did not move forward'),
          'unreachable',
        );
      }
      start = next;
      end = offsetOf(answer.end_offset) ?? Math.min(start + CHUNK, file.size);
      input.onBytes(start);
      await input.save({ ...input.progress, session, uploadUrl: videoId, totalBytes: file.size, sentBytes: start });
    }
    const finish = {
      upload_phase: 'finish',
      upload_session_id: session,
      title: input.title,
      description: input.caption,
    };
    // The thumbnail goes with the finish as the `thumb` file; finishing again replaces it.
    const thumb = input.thumbnail?.path;
    const finished = thumb
      ? await multipartPhase(finish, {
          name: 'thumb',
          filename: 'thumbnail.jpg',
          type: 'image/jpeg',
          bytes: await readFile(thumb),
        })
      : await phase(finish);
    if (finished.success !== true) throw refused('the upload could not be finished');
    await input.save({
      ...input.progress,
      session,
      uploadUrl: videoId,
      totalBytes: file.size,
      sentBytes: file.size,
      postId: videoId,
    });
    return { postId: videoId, url: null };
  },
  async status(link, post): Promise<PostStatus> {
    const url = endpointUrl(setup, 'api', paths.video.replace('{videoId}', encodeURIComponent(post.postId)));
    url.searchParams.set('fields', 'status,permalink_url');
    const video = (await platformCall('facebook', url, { headers: pageBearer(link) }, 'post')) as {
      status?: { video_status?: string; processing_phase?: { errors?: { message?: string }[] } };
      permalink_url?: string;
    };
    const state = video.status?.video_status;
    if (state === 'error' || state === 'expired') {
      return { state: 'failed', url: null, reason: video.status?.processing_phase?.errors?.[0]?.message ?? state };
    }
    const permalink = video.permalink_url ?? '';
    const pageUrl = permalink ? new URL(permalink, 'https://www.facebook.com').toString() : null;
    return { state: state === 'ready' ? 'published' : 'processing', url: pageUrl };
  },
});
