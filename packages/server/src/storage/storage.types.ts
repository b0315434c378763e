import type { Readable } from 'node:stream';

export interface StoredObject {
  body: Readable;
  contentType: string;
  /** Bytes in `body`: the range's length when a range was asked for. */
  size: number;
  /** Bytes of the whole object. */
  totalSize: number;
}

/** Bytes `start` to `end`, both included (an HTTP Range). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredPart {
  partNumber: number;
  etag: string;
}

/**
 * Where files live (images, video originals and their encoded media): a local folder or an
 * S3-compatible bucket, chosen once at boot (storage.factory.ts). Keys are `/`-separated paths;
 * the first segments name the owning account, so one account's files never mix with another's.
 */
export interface ObjectStorage {
  readonly driver: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /**
   * Streams a body into an object without holding it in memory (imports, encoded files). With
   * `size`, the body must be exactly that long. Resolves with the bytes written.
   */
  putStream(key: string, body: Readable, contentType: string, options?: { size?: number }): Promise<number>;
  /** The object, or the given range of it, or null when there is none. */
  get(key: string, range?: ByteRange): Promise<StoredObject | null>;
  delete(key: string): Promise<void>;
  /** Deletes every object whose key starts with `prefix` (a folder: ends with `/`). */
  deletePrefix(prefix: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** The object's size, or null when there is none. */
  stat(key: string): Promise<{ size: number } | null>;
  /** Where a browser fetches it (images). */
  url(key: string): string;
  /** The object's file on this machine, for ffmpeg to read in place (local backend); null otherwise. */
  localPath(key: string): string | null;

  /**
   * Multipart upload, for files too large for one request (video originals): parts are stored
   * as they come, in any order, a part sent again replacing the first; completing assembles
   * them, in part number order, into the object at `key`.
   */
  createMultipart(key: string, contentType: string): Promise<string>;
  /**
   * Stores one part of exactly `size` bytes (streamed); resolves with its etag. `offset`, the
   * part's place in the whole object, lets the local folder write it there at once, so completing
   * is a rename instead of a copy of the whole file (S3 assembles parts itself and ignores it).
   */
  uploadPart(
    key: string,
    uploadId: string,
    partNumber: number,
    body: Readable,
    size: number,
    offset?: number,
  ): Promise<StoredPart>;
  completeMultipart(key: string, uploadId: string, parts: readonly StoredPart[]): Promise<void>;
  abortMultipart(key: string, uploadId: string): Promise<void>;
}

/** Letters, digits, `-`, `_`, `.` and `/` between segments; no `..`, no leading `/`. */
export function isSafeKey(key: string): boolean {
  return /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_.-]*)*$/i.test(key) && !key.split('/').includes('..');
}

/** A body that turned out shorter or longer than announced. */
export class SizeMismatchError extends Error {
  constructor(
    readonly expected: number,
    readonly received: number,
  ) {
    super(`Expected ${expected} bytes, received ${received}`);
    this.name = 'SizeMismatchError';
  }
}
