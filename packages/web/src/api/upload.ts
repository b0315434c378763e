import type { ImageKind } from '@regie/contract/uploads';
import type { UploadedImage } from '@regie/contract/uploads.schemas';
import { useCallback, useReducer } from 'react';
import { useApi } from './api-context.ts';
import { uploadImage } from './resource-api.ts';

/**
 * An image upload (spec §4): init, start, progress, success, fail, reset. The percent is the
 * bytes sent over the file's size × 100, and 100 once the server answered.
 */
export interface UploadState {
  status: 'idle' | 'uploading' | 'done' | 'failed';
  file: File | null;
  percent: number;
  result: UploadedImage | null;
  error: string | null;
}

export type UploadEvent =
  | { type: 'start'; file: File }
  | { type: 'progress'; loadedBytes: number }
  | { type: 'success'; result: UploadedImage }
  | { type: 'fail'; error: string }
  | { type: 'reset' };

export const INITIAL_UPLOAD: UploadState = { status: 'idle', file: null, percent: 0, result: null, error: null };

export function uploadPercent(loadedBytes: number, fileSize: number): number {
  if (fileSize <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((loadedBytes / fileSize) * 100)));
}

export function uploadReducer(state: UploadState, event: UploadEvent): UploadState {
  switch (event.type) {
    case 'start':
      return { status: 'uploading', file: event.file, percent: 0, result: null, error: null };
    case 'progress':
      if (state.status !== 'uploading' || !state.file) return state;
      return { ...state, percent: uploadPercent(event.loadedBytes, state.file.size) };
    case 'success':
      return { ...state, status: 'done', percent: 100, result: event.result };
    case 'fail':
      return { ...state, status: 'failed', error: event.error };
    case 'reset':
      return INITIAL_UPLOAD;
  }
}

/** Uploads the dropped image through the API client and follows its progress. */
export function useImageUpload(kind: ImageKind) {
  const client = useApi();
  const [state, dispatch] = useReducer(uploadReducer, INITIAL_UPLOAD);
  const start = useCallback(
    async (file: File): Promise<UploadedImage | null> => {
      dispatch({ type: 'start', file });
      try {
        const result = await uploadImage(client, file, kind, (loadedBytes) =>
          dispatch({ type: 'progress', loadedBytes }),
        );
        dispatch({ type: 'success', result });
        return result;
      } catch (error) {
        dispatch({ type: 'fail', error: error instanceof Error ? error.message : String(error) });
        return null;
      }
    },
    [client, kind],
  );
  const reset = useCallback(() => dispatch({ type: 'reset' }), []);
  return { state, start, reset };
}
