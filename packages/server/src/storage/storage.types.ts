import type { Readable } from 'node:stream';

export interface StoredObject {
  body: Readable;
  contentType: string;
  size: number;
}

/**
 * Where files live (images now, media later): a local folder or an S3-compatible bucket, chosen
 * once at boot (storage.factory.ts). Keys are `/`-separated paths; the first segment is the
 * owning account, so one account's files never mix with another's.
 */
export interface ObjectStorage {
  readonly driver: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Where a browser fetches it. */
  url(key: string): string;
}

/** Letters, digits, `-`, `_`, `.` and `/` between segments; no `..`, no leading `/`. */
export function isSafeKey(key: string): boolean {
  return /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_.-]*)*$/i.test(key) && !key.split('/').includes('..');
}
