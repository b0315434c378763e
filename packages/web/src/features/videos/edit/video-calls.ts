import type { JobResponse } from '@regie/contract/jobs.schemas';
import { videoPaths } from '@regie/contract/videos';
import { useAction } from '../../../api/action.ts';
import { useApi } from '../../../api/api-context.ts';
import { createApiClient } from '../../../api/client.ts';
import { resourceKeys } from '../../../api/resource-queries.ts';
import { sessionStore } from '../../../session/current-session.ts';

/** POST …/encoding-job: encodes the original again (after a failure); the job then reports live. */
export function useRetryEncoding(videoId: number) {
  const api = useApi();
  return useAction(() => api.post<JobResponse>(videoPaths.encodingJob(videoId)), {
    invalidate: [resourceKeys.record('videos', String(videoId))],
  });
}

/**
 * GET …/download needs the API headers, which a plain link cannot send: the original comes
 * through the signed client (a client whose fetch keeps the body as a Blob instead of reading it
 * as text), then is saved under its own name.
 */
export async function downloadOriginal(videoId: number, filename: string): Promise<void> {
  let file: Blob | null = null;
  const client = createApiClient({
    fetch: async (input, init) => {
      const response = await window.fetch(input, init);
      if (!response.ok) return response;
      file = await response.blob();
      return new Response(null, { status: 204 });
    },
    credentials: () => {
      const { user, simulatedAccount } = sessionStore.getState();
      return { accessToken: user?.accessToken, accountKey: user?.accountKey, simulatedAccount };
    },
  });
  await client.get(videoPaths.download(videoId), undefined, { headers: { Accept: '*/*' } });
  if (!file) return;
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
