import { videoPaths } from '@regie/contract/videos';
import type { MultipartUploadResponse, VideoJobResponse } from '@regie/contract/videos.schemas';
import { type ApiClient, createApiClient } from '../../../api/client.ts';
import { sessionCredentials } from '../../../api/http.ts';

/** What the video create screen sends: the details typed on it. */
export interface VideoDetails {
  title: string;
  description: string;
}

/**
 * PUT one part's raw bytes. The app's client sends JSON; this one is the same client (headers,
 * simulation, errors) whose fetch carries the part instead of a JSON body.
 */
export function putPart(url: string, bytes: Blob, signal: AbortSignal): Promise<unknown> {
  const client = createApiClient({
    fetch: (input, init) => window.fetch(input, { ...init, body: bytes }),
    credentials: sessionCredentials,
  });
  return client.put(url, undefined, { signal, headers: { 'Content-Type': 'application/octet-stream' } });
}

/** The JSON calls of an upload and an import, through the app's client (or a test's). */
export function videoUploadCalls(client: ApiClient) {
  return {
    start: (file: File) =>
      client.post<MultipartUploadResponse>(videoPaths.uploadUrlMultipart, {
        filename: file.name,
        size: file.size,
        contentType: /^[\w.+-]+\/[\w.+-]+$/.test(file.type) ? file.type : 'application/octet-stream',
      }),
    session: (uploadId: string) => client.get<MultipartUploadResponse>(videoPaths.uploadSession(uploadId)),
    complete: (uploadId: string) => client.post<VideoJobResponse>(videoPaths.uploadCompleteMultipart, { uploadId }),
    importUrl: (url: string, title: string) =>
      client.post<VideoJobResponse>(videoPaths.importUrl, { url, ...(title ? { title } : {}) }),
    /** The details typed on the screen; left-out fields keep what the server gave. */
    saveDetails: (videoId: number, details: Partial<VideoDetails>) => {
      const body = Object.fromEntries(Object.entries(details).filter(([, value]) => value?.trim()));
      return Object.keys(body).length ? client.put(videoPaths.video(videoId), body) : Promise.resolve(null);
    },
  };
}
