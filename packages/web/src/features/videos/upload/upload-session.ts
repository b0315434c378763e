import { videoPaths } from '@regie/contract/videos';
import type { MultipartUploadResponse } from '@regie/contract/videos.schemas';
import { ApiError } from '../../../api/client.ts';
import { putPart, type VideoDetails, type videoUploadCalls } from './upload-calls.ts';
import {
  addSample,
  confirmedBytes,
  fileIdentity,
  findResumable,
  forgetUpload,
  planParts,
  progressPercent,
  rememberUpload,
  type SpeedState,
  secondsLeft,
  sendParts,
  startSpeed,
} from './upload-engine.ts';

/** One run of an upload, as the browser tab drives it: opening the server's session, sending its parts. */

type UploadCalls = ReturnType<typeof videoUploadCalls>;

export function statusOf(error: unknown): number | null {
  return error instanceof ApiError ? error.status : null;
}

/** The server's session for this file: the remembered one if it is still open, else a new one. */
export async function openSession(
  calls: UploadCalls,
  accountId: number,
  file: File,
  details: VideoDetails,
): Promise<MultipartUploadResponse> {
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
}

/** The bytes the server confirmed and the smoothed speed, as the progress bar shows them. */
export function createProgress(session: MultipartUploadResponse) {
  const { size, partSize } = session;
  const resumedBytes = confirmedBytes(size, partSize, [...session.receivedParts]);
  let confirmed = resumedBytes;
  let speed: SpeedState = startSpeed(Date.now());
  return {
    resumedBytes,
    confirmed: () => confirmed,
    add(bytes: number): void {
      confirmed += bytes;
      speed = addSample(speed, bytes, Date.now());
    },
    view: () => ({
      percent: progressPercent(confirmed, size, false),
      bytesPerSecond: speed.bytesPerSecond,
      secondsLeft: secondsLeft(size - confirmed, speed.bytesPerSecond),
    }),
  };
}

interface SendOptions {
  session: MultipartUploadResponse;
  file: File;
  signal: AbortSignal;
  /** A part was confirmed: its size in bytes. */
  onPartDone: (bytes: number) => void;
  /** A part failed and will be sent again. */
  onRetry: () => void;
}

/** Sends the parts the server does not have yet, each to its presigned URL (or the API's part path). */
export function sendMissingParts({ session, file, signal, onPartDone, onRetry }: SendOptions): Promise<void> {
  const { size, partSize, uploadId } = session;
  const urls = new Map(session.parts.map((part) => [part.partNumber, part.url]));
  return sendParts({
    parts: planParts(size, partSize, [...session.receivedParts]),
    signal,
    statusOf,
    sendPart: (part, partSignal) =>
      putPart(
        urls.get(part.partNumber) ?? videoPaths.uploadPart(uploadId, part.partNumber),
        file.slice(part.start, part.end, 'application/octet-stream'),
        partSignal,
      ).then(() => undefined),
    onPartDone: (part) => onPartDone(part.end - part.start),
    onRetry: (part, attempt, delayMs, error) => {
      console.warn(`Part ${part.partNumber} failed (attempt ${attempt}), sent again in ${delayMs} ms`, error);
      onRetry();
    },
  });
}

/** Remembers how far the file got, so that a reload shows it among the unfinished uploads. */
export function rememberConfirmed(accountId: number, file: File, confirmed: number): void {
  const remembered = findResumable(localStorage, accountId, fileIdentity(file));
  if (remembered) rememberUpload(localStorage, { ...remembered, confirmedBytes: confirmed });
}
