import { createReadStream } from 'node:fs';
import { auth, youtube } from '@googleapis/youtube';
import { ShareError, type ShareFactory, shareErrorFor } from './share.types.ts';

/** A Google API error's status and message (gaxios' GaxiosError, or anything else thrown). */
function describe(error: unknown): { status: number; detail: string; expired: boolean } {
  const response = (error as { response?: { status?: number; data?: unknown } }).response;
  const data = (response?.data ?? {}) as { error?: unknown; error_description?: unknown };
  const nested = typeof data.error === 'object' && data.error !== null ? (data.error as { message?: unknown }) : null;
  const detail =
    (typeof nested?.message === 'string' && nested.message) ||
    (typeof data.error_description === 'string' && data.error_description) ||
    (error instanceof Error ? error.message : String(error));
  // The token endpoint refusing the refresh token: the user revoked access or it expired.
  const expired = data.error === 'invalid_grant' || data.error === 'unauthorized_client';
  return { status: response?.status ?? 503, detail, expired };
}

/**
 * YouTube, with Google's official client (@googleapis/youtube): `videos.insert` with the file as a
 * multipart upload, authorised by the user's OAuth refresh token (the client gets a fresh access
 * token first; a refused refresh token means the link expired). REGIE_YOUTUBE_API_URL and
 * REGIE_YOUTUBE_TOKEN_URL move both ends.
 */
export const youtubeAdapter: ShareFactory =
  ({ clientId, clientSecret, apiUrl, tokenUrl }) =>
  async (oauth, upload) => {
    const client = new auth.OAuth2({
      clientId,
      clientSecret,
      ...(tokenUrl ? { endpoints: { oauth2TokenUrl: tokenUrl } } : {}),
    });
    // The stored access token lasts an hour and an upload's body cannot be sent twice: the client
    // trades the refresh token for a fresh access token before the upload instead.
    client.setCredentials({ refresh_token: oauth.google?.refreshToken });
    const api = youtube({ version: 'v3', auth: client, rootUrl: apiUrl });
    try {
      const response = await api.videos.insert(
        {
          part: ['snippet', 'status'],
          requestBody: {
            snippet: { title: upload.title, description: upload.description, categoryId: '17' },
            status: { privacyStatus: 'public', selfDeclaredMadeForKids: false },
          },
          media: { mimeType: upload.file.contentType, body: createReadStream(upload.file.path) },
        },
        {
          // The generated methods read rootUrl from each call's options, not from the client's.
          rootUrl: apiUrl,
          signal: upload.signal,
          onUploadProgress: (event: { bytesRead: number }) =>
            upload.onProgress(upload.file.size > 0 ? event.bytesRead / upload.file.size : 1),
        },
      );
      const externalId = response.data.id;
      if (!externalId) throw shareErrorFor('youtube', 502, 'the answer has no video id');
      return { externalId, url: `https://www.youtube.com/watch?v=${encodeURIComponent(externalId)}` };
    } catch (error) {
      if (upload.signal.aborted || error instanceof ShareError) throw error;
      const { status, detail, expired } = describe(error);
      throw shareErrorFor('youtube', status, detail, expired);
    }
  };
