import { readFile } from 'node:fs/promises';
import { Agent } from 'node:http';
import { VIDEO_MESSAGES } from '@regie/contract/videos';
import { ApiRequestError, ApiResponseError, TwitterApi, TwitterApiv2 } from 'twitter-api-v2';
import { ShareError, type ShareFactory, shareErrorFor } from './share.types.ts';

/** X's limit for a video posted with the API (tweet_video, up to 140 s for most accounts). */
const TWITTER_MAX_BYTES = 512 * 1024 * 1024;

/** The v2 client at another base URL (1.29's cloneWithPrefix calls a class constructor without `new`). */
class TwitterApiv2At extends TwitterApiv2 {
  constructor(parent: TwitterApi, prefix: string) {
    super(parent);
    this.setPrefix(prefix.endsWith('/') ? prefix : `${prefix}/`);
  }
}

function describe(error: unknown) {
  if (error instanceof ApiResponseError) {
    const first = error.errors?.[0];
    const detail =
      error.data?.detail ?? error.data?.title ?? (first && 'message' in first ? first.message : error.message);
    return shareErrorFor('twitter', error.code, typeof detail === 'string' ? detail : JSON.stringify(detail));
  }
  if (error instanceof ApiRequestError) return shareErrorFor('twitter', 503, error.requestError.message);
  return shareErrorFor('twitter', 503, error instanceof Error ? error.message : String(error));
}

/**
 * Twitter / X, with twitter-api-v2 (X maintains no Node SDK with media upload): the v2 chunked
 * media upload (initialize, append, finalize, status), then a post carrying the video, as the
 * user (OAuth 1.0a user context: the app's key and secret, the user's token and secret).
 * REGIE_TWITTER_API_URL is the v2 prefix. The library uploads from memory, hence the size cap.
 */
export const twitterAdapter: ShareFactory =
  ({ clientId, clientSecret, apiUrl }) =>
  async (oauth, upload) => {
    if (upload.file.size > TWITTER_MAX_BYTES) {
      throw new ShareError(VIDEO_MESSAGES.shareTooLarge('twitter', TWITTER_MAX_BYTES), true);
    }
    const user = new TwitterApi(
      {
        appKey: clientId,
        appSecret: clientSecret,
        accessToken: oauth.twitter?.accessToken ?? '',
        accessSecret: oauth.twitter?.tokenSecret ?? '',
      },
      // The library calls https.request; a plain-HTTP base (a local platform) needs an http agent.
      apiUrl.startsWith('http:') ? { httpAgent: new Agent() } : {},
    );
    const client = new TwitterApiv2At(user, apiUrl);
    try {
      const media = await readFile(upload.file.path, { signal: upload.signal });
      const mediaId = await client.uploadMedia(media, { media_type: 'video/mp4', media_category: 'tweet_video' });
      upload.onProgress(1);
      upload.signal.throwIfAborted();
      const text = upload.description ? `${upload.title}\n\n${upload.description}` : upload.title;
      const posted = await client.tweet({ text: text.slice(0, 280), media: { media_ids: [mediaId] } });
      const externalId = posted.data.id;
      return { externalId, url: `https://x.com/i/status/${encodeURIComponent(externalId)}` };
    } catch (error) {
      if (upload.signal.aborted || error instanceof ShareError) throw error;
      throw describe(error);
    }
  };
