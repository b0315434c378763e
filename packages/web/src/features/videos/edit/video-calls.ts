import type { JobResponse } from '@regie/contract/jobs.schemas';
import { videoPaths } from '@regie/contract/videos';
import type { DownloadLinkResponse } from '@regie/contract/videos.schemas';
import { useAction } from '../../../api/action.ts';
import { useApi } from '../../../api/api-context.ts';
import type { ApiClient } from '../../../api/client.ts';
import { resourceKeys } from '../../../api/query-keys.ts';

/** POST …/encoding-job: encodes the original again (after a failure); the job then reports live. */
export function useRetryEncoding(videoId: number) {
  const api = useApi();
  return useAction(() => api.post<JobResponse>(videoPaths.encodingJob(videoId)), {
    invalidate: [resourceKeys.record('videos', String(videoId))],
  });
}

/**
 * GET …/download-link, then the browser follows the signed link: a file of several GB goes
 * straight to disk (the browser's own download, with its progress), never into memory.
 */
export async function downloadOriginal(api: ApiClient, videoId: number): Promise<void> {
  const { url } = await api.get<DownloadLinkResponse>(videoPaths.downloadLink(videoId));
  const link = document.createElement('a');
  link.href = url;
  // The server names the file (Content-Disposition); the attribute keeps the page where it is.
  link.download = '';
  document.body.append(link);
  link.click();
  link.remove();
}
