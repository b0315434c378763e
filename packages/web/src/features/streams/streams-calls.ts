import {
  type LiveInput,
  type LiveInputBody,
  type LiveInputList,
  type LiveInputUpdateBody,
  livePaths,
} from '@regie/contract/live';
import { useQuery } from '@tanstack/react-query';
import { useAction } from '../../api/action.ts';
import { useApi } from '../../api/api-context.ts';

export const streamKeys = {
  all: ['streams'] as const,
  one: (id: number) => ['streams', id] as const,
};

/** The account's live inputs, oldest first. */
export function useStreams() {
  const api = useApi();
  return useQuery({
    queryKey: streamKeys.all,
    queryFn: ({ signal }) => api.get<LiveInputList>(livePaths.list, undefined, { signal }),
  });
}

export function useStream(id: number) {
  const api = useApi();
  return useQuery({
    queryKey: streamKeys.one(id),
    queryFn: ({ signal }) => api.get<LiveInput>(livePaths.one(id), undefined, { signal }),
  });
}

export function useCreateStream(onCreated: (input: LiveInput) => void) {
  const api = useApi();
  return useAction((body: LiveInputBody) => api.post<LiveInput>(livePaths.list, body), {
    success: 'streams.created',
    invalidate: [streamKeys.all],
    onSuccess: onCreated,
  });
}

export function useUpdateStream(id: number) {
  const api = useApi();
  return useAction((body: LiveInputUpdateBody) => api.put<LiveInput>(livePaths.one(id), body), {
    success: 'streams.saved',
    invalidate: [streamKeys.all, streamKeys.one(id)],
  });
}

export function useDeleteStream(id: number, onDeleted: () => void) {
  const api = useApi();
  return useAction(() => api.delete(livePaths.one(id)), {
    success: 'streams.deleted',
    invalidate: [streamKeys.all],
    onSuccess: onDeleted,
  });
}

/** Reveals the key (no notification: the key appears). */
export function useRevealKey(id: number, onKey: (key: string) => void) {
  const api = useApi();
  return useAction(() => api.get<{ streamKey: string }>(livePaths.key(id)), {
    pending: false,
    success: false,
    onSuccess: (result) => onKey(result.streamKey),
  });
}

export function useRotateKey(id: number, onKey: (key: string) => void) {
  const api = useApi();
  return useAction(() => api.post<{ streamKey: string }>(livePaths.rotate(id)), {
    success: 'streams.connection.rotated',
    invalidate: [streamKeys.one(id)],
    onSuccess: (result) => onKey(result.streamKey),
  });
}
