import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { errorMessage } from '../../../api/action.ts';
import { useApi } from '../../../api/api-context.ts';
import { notify } from '../../../api/notify.ts';
import { useT } from '../../../i18n/use-t.ts';
import { useSession } from '../../../session/current-session.ts';
import { transferVideo } from './transfer-video.ts';
import { type VideoDetails, videoUploadCalls } from './upload-calls.ts';
import { forgetUpload, type ResumableUpload, readResumable } from './upload-engine.ts';
import { IDLE, type VideoUploadState } from './upload-state.ts';

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * The upload of one video file in parts, resumable (spec §7): a file dropped again after a reload
 * continues from the parts the server has. Ends `done` with the video's id.
 */
export function useVideoUpload() {
  const t = useT();
  const client = useApi();
  const calls = useMemo(() => videoUploadCalls(client), [client]);
  const { user, simulatedAccount } = useSession();
  const accountId = simulatedAccount?.id ?? user?.account.id ?? 0;
  const [state, setState] = useState<VideoUploadState>(IDLE);
  const [unfinished, setUnfinished] = useState<ResumableUpload[]>(() => readResumable(localStorage, accountId));
  const running = useRef<AbortController | null>(null);
  const last = useRef<{ file: File; details: VideoDetails } | null>(null);

  useEffect(() => setUnfinished(readResumable(localStorage, accountId)), [accountId]);
  // Leaving the screen stops the transfer; the parts sent so far stay on the server.
  useEffect(() => () => running.current?.abort(new DOMException('Left the page', 'AbortError')), []);

  const start = useCallback(
    async (file: File, details: VideoDetails) => {
      running.current?.abort(new DOMException('Replaced', 'AbortError'));
      const controller = new AbortController();
      running.current = controller;
      last.current = { file, details };
      setState({ ...IDLE, status: 'preparing', fileName: file.name });
      try {
        await transferVideo({
          calls,
          accountId,
          file,
          details,
          signal: controller.signal,
          setState,
          onCompleted: () => setUnfinished(readResumable(localStorage, accountId)),
        });
      } catch (error) {
        if (isAbort(error) || controller.signal.aborted) return;
        console.error(error);
        const text = errorMessage(error, t);
        notify({ type: 'danger', text, zone: 'main' });
        setState((current) => ({ ...current, status: 'failed', retrying: false, error: text }));
        setUnfinished(readResumable(localStorage, accountId));
      } finally {
        if (running.current === controller) running.current = null;
      }
    },
    [accountId, calls, t],
  );

  const cancel = useCallback(() => {
    running.current?.abort(new DOMException('Cancelled', 'AbortError'));
    running.current = null;
    setState((current) => ({ ...current, status: 'cancelled', retrying: false }));
    setUnfinished(readResumable(localStorage, accountId));
  }, [accountId]);

  const retry = useCallback(() => {
    if (last.current) void start(last.current.file, last.current.details);
  }, [start]);

  const forget = useCallback(
    (uploadId: string) => {
      forgetUpload(localStorage, uploadId);
      setUnfinished(readResumable(localStorage, accountId));
    },
    [accountId],
  );

  return { state, start, cancel, retry, unfinished, forget };
}
