import { isRecord } from '@regie/contract/guards';
import { partLength } from '@regie/contract/videos';
import { uploadPercent } from '../../../api/upload.ts';

/**
 * The resumable upload of a video (spec §7 "url-multipart / complete-multipart"), without React:
 * which parts to send, what to remember for a resume after a reload, progress, speed and time
 * left, and the loop that sends the parts a few at a time and retries the failed ones.
 */

/** A file as the browser knows it across reloads: the same file dropped again matches. */
export interface FileIdentity {
  name: string;
  size: number;
  lastModified: number;
}

/** What is kept in localStorage to continue an upload after a reload. */
export interface ResumableUpload {
  uploadId: string;
  videoId: number;
  /** The account the upload belongs to: another account's session cannot be continued. */
  accountId: number;
  file: FileIdentity;
  /** Bytes the server had confirmed when last seen, to tell the user how far it got. */
  confirmedBytes: number;
}

export const RESUME_STORAGE_KEY = 'regie.videoUploads';
/** Parts sent at once: enough to fill a link, few enough not to starve the rest of the app. */
export const PARTS_IN_PARALLEL = 3;
/** Attempts of one part before the upload stops and waits for the user's Retry. */
export const PART_ATTEMPTS = 6;

export function fileIdentity(file: Pick<File, 'name' | 'size' | 'lastModified'>): FileIdentity {
  return { name: file.name, size: file.size, lastModified: file.lastModified };
}

function sameFile(a: FileIdentity, b: FileIdentity): boolean {
  return a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;
}

function isResumable(value: unknown): value is ResumableUpload {
  if (!isRecord(value) || !isRecord(value.file)) return false;
  return (
    typeof value.uploadId === 'string' &&
    typeof value.videoId === 'number' &&
    typeof value.accountId === 'number' &&
    typeof value.file.name === 'string' &&
    typeof value.file.size === 'number' &&
    typeof value.file.lastModified === 'number'
  );
}

/** The unfinished uploads of an account, newest last. */
export function readResumable(storage: Storage, accountId: number): ResumableUpload[] {
  return readAll(storage).filter((entry) => entry.accountId === accountId);
}

function readAll(storage: Storage): ResumableUpload[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(RESUME_STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isResumable) : [];
  } catch {
    // A damaged entry is as good as none: the upload starts again.
    return [];
  }
}

export function findResumable(storage: Storage, accountId: number, file: FileIdentity): ResumableUpload | null {
  return readResumable(storage, accountId).find((entry) => sameFile(entry.file, file)) ?? null;
}

/** Remembers (or updates) an upload; one entry per file and account. */
export function rememberUpload(storage: Storage, entry: ResumableUpload): void {
  const others = readAll(storage).filter(
    (item) =>
      item.uploadId !== entry.uploadId && !(item.accountId === entry.accountId && sameFile(item.file, entry.file)),
  );
  storage.setItem(RESUME_STORAGE_KEY, JSON.stringify([...others, entry]));
}

export function forgetUpload(storage: Storage, uploadId: string): void {
  const rest = readAll(storage).filter((entry) => entry.uploadId !== uploadId);
  if (rest.length) storage.setItem(RESUME_STORAGE_KEY, JSON.stringify(rest));
  else storage.removeItem(RESUME_STORAGE_KEY);
}

/** A part to send: its number and its bytes' place in the file. */
export interface PlannedPart {
  partNumber: number;
  start: number;
  end: number;
}

/** Every part the server does not have yet; parts it has are never sent again. */
export function planParts(size: number, partSize: number, received: readonly number[]): PlannedPart[] {
  const have = new Set(received);
  const count = Math.max(1, Math.ceil(size / partSize));
  const parts: PlannedPart[] = [];
  for (let partNumber = 1; partNumber <= count; partNumber += 1) {
    if (have.has(partNumber)) continue;
    const start = (partNumber - 1) * partSize;
    parts.push({ partNumber, start, end: start + partLength(size, partNumber, partSize) });
  }
  return parts;
}

export function confirmedBytes(size: number, partSize: number, received: readonly number[]): number {
  return [...new Set(received)].reduce((sum, partNumber) => sum + partLength(size, partNumber, partSize), 0);
}

/**
 * The percent shown (spec §4): bytes the server confirmed over the size × 100; 100 only once the
 * upload completed, so a rounded 99.6 does not look finished while the last step runs.
 */
export function progressPercent(confirmed: number, size: number, completed: boolean): number {
  if (completed) return 100;
  return Math.min(99, uploadPercent(confirmed, size));
}

/** Speed measured from the confirmed bytes, smoothed so that one slow part does not make it jump. */
export interface SpeedState {
  /** Bytes per second, null until a first part was confirmed. */
  bytesPerSecond: number | null;
  lastAt: number;
}

/** Weight of the newest sample in the moving average. */
const SPEED_SMOOTHING = 0.3;

export function startSpeed(now: number): SpeedState {
  return { bytesPerSecond: null, lastAt: now };
}

/** Adds `bytes` confirmed at `now`. */
export function addSample(state: SpeedState, bytes: number, now: number): SpeedState {
  const elapsedMs = now - state.lastAt;
  if (elapsedMs <= 0) return state;
  const sample = (bytes * 1000) / elapsedMs;
  const bytesPerSecond =
    state.bytesPerSecond === null ? sample : SPEED_SMOOTHING * sample + (1 - SPEED_SMOOTHING) * state.bytesPerSecond;
  return { bytesPerSecond, lastAt: now };
}

/** Seconds left at the current speed; null while the speed is unknown. */
export function secondsLeft(remainingBytes: number, bytesPerSecond: number | null): number | null {
  if (bytesPerSecond === null || bytesPerSecond <= 0) return null;
  return Math.ceil(remainingBytes / bytesPerSecond);
}

/** Megabytes (10^6 bytes) per second with one decimal, as transfer speeds are usually given. */
export function megabytesPerSecond(bytesPerSecond: number): string {
  return (bytesPerSecond / 1_000_000).toFixed(1);
}

/** 1 s, 2 s, 4 s… up to 30 s between the attempts of a part. */
export function retryDelayMs(attempt: number): number {
  return Math.min(30_000, 1_000 * 2 ** attempt);
}

/** A failure worth another attempt: the network, a timeout, an overloaded or restarting server. */
export function isRetryable(status: number): boolean {
  return status === 0 || status === 408 || status === 429 || status >= 500;
}

export interface SendPartsOptions {
  parts: readonly PlannedPart[];
  /** Sends one part; rejects with an error carrying `status` (0 for the network). */
  sendPart: (part: PlannedPart, signal: AbortSignal) => Promise<void>;
  onPartDone: (part: PlannedPart) => void;
  /** A part failed and will be sent again after `delayMs`. */
  onRetry?: (part: PlannedPart, attempt: number, delayMs: number, error: unknown) => void;
  signal: AbortSignal;
  statusOf: (error: unknown) => number | null;
  concurrency?: number;
  attempts?: number;
  delayMs?: (attempt: number) => number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

/**
 * Sends the parts a few at a time. A part that fails for a retryable reason is sent again after a
 * growing delay; any other failure, or too many attempts, stops the others and rejects.
 */
export async function sendParts(options: SendPartsOptions): Promise<void> {
  const queue = [...options.parts];
  const attempts = options.attempts ?? PART_ATTEMPTS;
  const delay = options.delayMs ?? retryDelayMs;
  const sleep = options.sleep ?? abortableSleep;
  // One failure stops the other workers: they see it before taking their next part.
  const stop = new AbortController();
  const abort = () => stop.abort(options.signal.reason);
  options.signal.addEventListener('abort', abort, { once: true });

  async function worker(): Promise<void> {
    for (let part = queue.shift(); part; part = queue.shift()) {
      for (let attempt = 0; ; attempt += 1) {
        stop.signal.throwIfAborted();
        try {
          await options.sendPart(part, stop.signal);
          break;
        } catch (error) {
          const status = options.statusOf(error);
          if (stop.signal.aborted || status === null || !isRetryable(status) || attempt + 1 >= attempts) throw error;
          const wait = delay(attempt);
          options.onRetry?.(part, attempt + 1, wait, error);
          await sleep(wait, stop.signal);
        }
      }
      options.onPartDone(part);
    }
  }

  try {
    const workers = Array.from({ length: Math.min(options.concurrency ?? PARTS_IN_PARALLEL, queue.length) }, () =>
      worker().catch((error: unknown) => {
        if (!stop.signal.aborted) stop.abort(error);
        throw error;
      }),
    );
    const results = await Promise.allSettled(workers);
    // The first failure, not the aborts it caused in the other workers.
    if (stop.signal.aborted) throw options.signal.aborted ? options.signal.reason : stop.signal.reason;
    const failed = results.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
  } finally {
    options.signal.removeEventListener('abort', abort);
  }
}
