import { videoPaths } from '@regie/contract/videos';
import type { MultipartUploadResponse } from '@regie/contract/videos.schemas';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { errorMessage } from '../../../api/action.ts';
import { useApi } from '../../../api/api-context.ts';
import { ApiError } from '../../../api/client.ts';
import { notify } from '../../../api/notify.ts';
import { useT } from '../../../i18n/use-t.ts';
import { useSession } from '../../../session/current-session.ts';
import { putPart, type VideoDetails, videoUploadCalls } from './upload-calls.ts';
import {
  addSample,
  confirmedBytes,
  fileIdentity,
  findResumable,
  forgetUpload,
  planParts,
  progressPercent,
  type ResumableUpload,
  readResumable,
  rememberUpload,
  type SpeedState,
  secondsLeft,
  sendParts,
  startSpeed,
} from './upload-engine.ts';

export type UploadStatus = 'idle' | 'preparing' | 'uploading' | 'completing' | 'done' | 'failed' | 'cancelled';

export interface VideoUploadState {
  status: UploadStatus;
  fileName: string | null;
  percent: number;
  /** Smoothed bytes per second, null until the first part was confirmed. */
  bytesPerSecond: number | null;
  secondsLeft: number | null;
  /** Bytes the server already had when this run started (a resumed upload). */
  resumedBytes: number;
  /** A part is waiting to be sent again after a dropped connection. */
  retrying: boolean;
  error: string | null;
  videoId: number | null;
}

const IDLE: VideoUploadState = {
  status: 'idle',
  fileName: null,
  percent: 0,
  bytesPerSecond: null,
  secondsLeft: null,
  resumedBytes: 0,
  retrying: false,
  error: null,
  videoId: null,
};

function statusOf(error: unknown): number | null {
  return error instanceof ApiError ? error.status : null;
}

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

  /** The server's session for this file: the remembered one if it is still open, else a new one. */
  const openSession = useCallback(
    async (file: File, details: VideoDetails): Promise<MultipartUploadResponse> => {
      const remembered = findResumable(localStorage, accountId, fileIdentity(file));
      if (remembered) {
        try {
          return await calls.session(remembered.uploadId);
        } catch (error) {
          // Gone or expired (404, 410): start again; anything else is worth telling.
          if (statusOf(error) !== 404 && statusOf(error) !== 410) throw error;
          forgetUpload(localStorage, remembered.uploadId);
        }
      }
      const session = await calls.start(file);
      rememberUpload(localStorage, {
        uploadId: session.uploadId,
        videoId: session.videoId,
        accountId,
        file: fileIdentity(file),
        confirmedBytes: 0,
      });
      await calls.saveDetails(session.videoId, details);
      return session;
    },
    [accountId, calls],
  );

  const start = useCallback(
    async (file: File, details: VideoDetails) => {
      running.current?.abort(new DOMException('Replaced', 'AbortError'));
      const controller = new AbortController();
      running.current = controller;
      last.current = { file, details };
      setState({ ...IDLE, status: 'preparing', fileName: file.name });
      try {
        const session = await openSession(file, details);
        controller.signal.throwIfAborted();
        const { size, partSize, uploadId, videoId } = session;
        const urls = new Map(session.parts.map((part) => [part.partNumber, part.url]));
        const received = [...session.receivedParts];
        const resumedBytes = confirmedBytes(size, partSize, received);
        let confirmed = resumedBytes;
        let speed: SpeedState = startSpeed(Date.now());
        const show = (patch: Partial<VideoUploadState>) =>
          setState((current) => ({
            ...current,
            percent: progressPercent(confirmed, size, false),
            bytesPerSecond: speed.bytesPerSecond,
            secondsLeft: secondsLeft(size - confirmed, speed.bytesPerSecond),
            ...patch,
          }));
        if (session.state !== 'open') {
          // Completed before the page was left: the video is already on its way.
          forgetUpload(localStorage, uploadId);
          show({ status: 'done', percent: 100, videoId });
          return;
        }
        show({ status: 'uploading', videoId, resumedBytes });
        await sendParts({
          parts: planParts(size, partSize, received),
          signal: controller.signal,
          statusOf,
          sendPart: (part, signal) =>
            putPart(
              urls.get(part.partNumber) ?? videoPaths.uploadPart(uploadId, part.partNumber),
              file.slice(part.start, part.end, 'application/octet-stream'),
              signal,
            ).then(() => undefined),
          onPartDone: (part) => {
            confirmed += part.end - part.start;
            speed = addSample(speed, part.end - part.start, Date.now());
            const remembered = findResumable(localStorage, accountId, fileIdentity(file));
            if (remembered) rememberUpload(localStorage, { ...remembered, confirmedBytes: confirmed });
            show({ retrying: false });
          },
          onRetry: (part, attempt, delayMs, error) => {
            console.warn(`Part ${part.partNumber} failed (attempt ${attempt}), sent again in ${delayMs} ms`, error);
            show({ retrying: true });
          },
        });
        show({ status: 'completing', retrying: false });
        await calls.complete(uploadId);
        forgetUpload(localStorage, uploadId);
        setUnfinished(readResumable(localStorage, accountId));
        show({ status: 'done', percent: 100, secondsLeft: 0 });
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
    [accountId, calls, openSession, t],
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
