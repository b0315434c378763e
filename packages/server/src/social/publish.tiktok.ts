import { SOCIAL_MESSAGES } from '@regie/contract/social';
import { fileSlice, rawCall, streamed } from './publish.http.ts';
import type { PostStatus, Publisher, PublisherFactory, PublishLink } from './publish.types.ts';
import { PUBLISH_ENDPOINTS } from './social.endpoints.ts';
import { platformCall } from './social.http.ts';
import { bearer, endpointUrl } from './social.oauth2.ts';
import { SocialError } from './social.types.ts';

const paths = PUBLISH_ENDPOINTS.tiktok;
const MB = 1024 * 1024;
/** A file up to this size goes in one chunk; bigger ones in chunks of CHUNK (the last takes the rest). */
const SINGLE_CHUNK_MAX = 64 * MB;
const CHUNK = 10 * MB;

interface StatusData {
  status?: string;
  uploaded_bytes?: number;
  fail_reason?: string;
  // The Content Posting API's own spelling.
  publicaly_available_post_id?: (string | number)[];
}

async function fetchStatus(
  setup: Parameters<PublisherFactory>[0],
  link: PublishLink,
  publishId: string,
): Promise<StatusData> {
  const answer = (await platformCall(
    'tiktok',
    endpointUrl(setup, 'api', paths.status),
    {
      method: 'POST',
      headers: { ...bearer(link.tokens), 'content-type': 'application/json; charset=UTF-8' },
      body: JSON.stringify({ publish_id: publishId }),
    },
    'post',
  )) as { data?: StatusData };
  return answer.data ?? {};
}

/** The chunks TikTok is told of: one up to 64 MB, else 10 MB ones with the remainder in the last. */
export function tiktokChunks(size: number): { chunkSize: number; count: number } {
  if (size <= SINGLE_CHUNK_MAX) return { chunkSize: size, count: 1 };
  return { chunkSize: CHUNK, count: Math.floor(size / CHUNK) };
}

/**
 * TikTok: the Content Posting API's direct post. init (FILE_UPLOAD) gives a publish id and an
 * upload URL, saved before any byte goes; the chunks are PUT with their Content-Range; a later
 * attempt asks the status how many bytes TikTok has and sends from there. The post's public id
 * comes once TikTok has processed it. The thumbnail is post_info.video_cover_timestamp_ms, a
 * frame TikTok takes from the video itself (given at init, so a resumed upload keeps it).
 */
export const tiktokPublisher: PublisherFactory = (setup): Publisher => ({
  platform: 'tiktok',
  sendsThumbnailImage: false,
  async publish(input) {
    const { link, file, signal } = input;
    let { session, uploadUrl } = input.progress;
    const { chunkSize, count } = tiktokChunks(file.size);
    if (!session || !uploadUrl) {
      const answer = (await platformCall(
        'tiktok',
        endpointUrl(setup, 'api', paths.init),
        {
          method: 'POST',
          signal,
          headers: { ...bearer(link.tokens), 'content-type': 'application/json; charset=UTF-8' },
          body: JSON.stringify({
            post_info: {
              title: input.caption,
              privacy_level: 'PUBLIC_TO_EVERYONE',
              disable_comment: false,
              // The cover: the frame at this millisecond of the video; TikTok's own without it.
              ...(input.thumbnail && { video_cover_timestamp_ms: Math.round(input.thumbnail.seconds * 1000) }),
            },
            source_info: {
              source: 'FILE_UPLOAD',
              video_size: file.size,
              chunk_size: chunkSize,
              total_chunk_count: count,
            },
          }),
        },
        'post',
      )) as { data?: { publish_id?: string; upload_url?: string } };
      session = answer.data?.publish_id ?? null;
      uploadUrl = answer.data?.upload_url ?? null;
      if (!session || !uploadUrl)
        throw new SocialError(SOCIAL_MESSAGES.refused('TikTok', 'no upload URL in the answer'), 'refused');
      await input.save({ ...input.progress, session, uploadUrl, totalBytes: file.size, sentBytes: 0 });
    }
    const known = input.progress.session ? ((await fetchStatus(setup, link, session)).uploaded_bytes ?? 0) : 0;
    for (let index = Math.floor(known / chunkSize); index < count; index += 1) {
      const start = index * chunkSize;
      const end = index === count - 1 ? file.size - 1 : start + chunkSize - 1;
      await rawCall('tiktok', uploadUrl, {
        method: 'PUT',
        signal,
        ...streamed,
        headers: {
          'content-type': 'video/mp4',
          'content-length': String(end - start + 1),
          'content-range': `bytes ${start}-${end}/${file.size}`,
        },
        body: fileSlice(file.path, start, end, input.onBytes),
      });
      await input.save({ ...input.progress, session, uploadUrl, totalBytes: file.size, sentBytes: end + 1 });
    }
    await input.save({
      ...input.progress,
      session,
      uploadUrl,
      totalBytes: file.size,
      sentBytes: file.size,
      postId: session,
    });
    return { postId: session, url: null };
  },
  async status(link, post): Promise<PostStatus> {
    const data = await fetchStatus(setup, link, post.postId);
    if (data.status === 'FAILED') return { state: 'failed', url: null, reason: data.fail_reason ?? 'failed' };
    const id = data.publicaly_available_post_id?.[0];
    if (data.status === 'PUBLISH_COMPLETE') {
      const handle = link.accountName.replace(/^@/, '');
      return { state: 'published', url: id ? `https://www.tiktok.com/@${handle}/video/${id}` : null };
    }
    return { state: 'processing', url: null };
  },
});
