import { paths } from '@regie/contract/api';
import type { CachePurgeResponse } from '@regie/contract/cache';
import { useState } from 'react';
import { useAction } from '../../api/action.ts';
import { useApi } from '../../api/api-context.ts';

/**
 * Purges one server cache key (DELETE /main-api/utils/cache/{key}) with the spec §8
 * notifications ('Requesting...', then 'Requested' or the server's message); `last` is the
 * answer of the latest purge, to say how many entries went.
 */
export function useCachePurge() {
  const client = useApi();
  const [last, setLast] = useState<CachePurgeResponse | null>(null);
  const purge = useAction((key: string) => client.delete<CachePurgeResponse>(paths.cachePurge(key)), {
    onSuccess: setLast,
  });
  return { purge, last };
}
