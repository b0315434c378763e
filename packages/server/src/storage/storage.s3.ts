import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { VIDEO_PART_SIZE } from '@regie/contract/videos';
import type { StorageConfig } from '../config.ts';
import { byteCounter, through } from './storage.streams.ts';
import type { ObjectStorage, StoredPart } from './storage.types.ts';

type S3Config = Extract<StorageConfig, { driver: 's3' }>;

/** Up to this size a stream of known length goes up in one PUT; beyond, or of unknown length, in parts. */
const SINGLE_PUT_MAX_BYTES = 64 * 1024 * 1024;
/** DeleteObjects takes at most this many keys. */
const DELETE_BATCH = 1_000;

function isMissing(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404)
  );
}

/** `bytes 0-99/1234` → 1234. */
function totalOf(contentRange: string | undefined, fallback: number): number {
  const total = Number(contentRange?.split('/')[1]);
  return Number.isFinite(total) && total >= 0 ? total : fallback;
}

/** Reads a stream into buffers of `size` bytes (the last one shorter), one at a time. */
async function* chunksOf(body: Readable, size: number): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const chunk of body) {
    let data = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    while (pendingBytes + data.length >= size) {
      const take = size - pendingBytes;
      pending.push(data.subarray(0, take));
      yield Buffer.concat(pending);
      data = data.subarray(take);
      pending = [];
      pendingBytes = 0;
    }
    if (data.length) {
      pending.push(data);
      pendingBytes += data.length;
    }
  }
  if (pendingBytes > 0) yield Buffer.concat(pending);
}

/**
 * Sends a command whose body is `body` checked by a byte counter: when the body fails (too short,
 * too long, the client went away), the request is aborted at once rather than left waiting for
 * bytes that will never come, and the body's error is the one thrown.
 */
async function sendCounted<T>(send: (signal: AbortSignal) => Promise<T>, counted: NodeJS.ReadableStream): Promise<T> {
  const controller = new AbortController();
  let failure: unknown = null;
  counted.once('error', (error) => {
    failure = error;
    controller.abort(error);
  });
  try {
    return await send(controller.signal);
  } catch (error) {
    throw failure ?? error;
  }
}

function createClient(config: S3Config): S3Client {
  return new S3Client({
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    // Checksums only where S3 requires them: S3-compatible stores do not all read the
    // aws-chunked bodies the SDK sends by default for streams.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
  });
}

/** One bucket of one client: what every method group sends to. */
interface Bucket {
  s3: S3Client;
  Bucket: string;
}

/**
 * A stream of known small size goes up in one checked PUT; any other in parts of
 * VIDEO_PART_SIZE, held in memory one at a time, through `storage` itself.
 */
async function putStreamIn(
  { s3, Bucket }: Bucket,
  storage: ObjectStorage,
  key: string,
  body: Readable,
  contentType: string,
  size: number | undefined,
): Promise<number> {
  if (size !== undefined && size <= SINGLE_PUT_MAX_BYTES) {
    const counted = through(body, byteCounter({ expected: size }).stream);
    await sendCounted(
      (abortSignal) =>
        s3.send(
          new PutObjectCommand({ Bucket, Key: key, Body: counted, ContentLength: size, ContentType: contentType }),
          {
            abortSignal,
          },
        ),
      counted,
    );
    return size;
  }
  // Unknown or large: in parts of VIDEO_PART_SIZE, held in memory one at a time.
  let uploadId: string | null = null;
  const parts: StoredPart[] = [];
  let bytes = 0;
  try {
    for await (const chunk of chunksOf(body, VIDEO_PART_SIZE)) {
      bytes += chunk.length;
      if (uploadId === null && chunk.length < VIDEO_PART_SIZE) {
        await storage.put(key, chunk, contentType);
        return bytes;
      }
      uploadId ??= await storage.createMultipart(key, contentType);
      parts.push(await storage.uploadPart(key, uploadId, parts.length + 1, Readable.from([chunk]), chunk.length));
    }
    if (uploadId === null) {
      await storage.put(key, Buffer.alloc(0), contentType);
      return 0;
    }
    await storage.completeMultipart(key, uploadId, parts);
    return bytes;
  } catch (error) {
    if (uploadId !== null) await storage.abortMultipart(key, uploadId).catch(() => undefined);
    throw error;
  }
}

/** Lists and deletes DELETE_BATCH keys at a time until none is left under the prefix. */
async function deleteAllUnder({ s3, Bucket }: Bucket, prefix: string): Promise<void> {
  if (!prefix.endsWith('/') || prefix === '/') throw new Error(`Not a folder prefix: ${prefix}`);
  let token: string | undefined;
  do {
    const listed = await s3.send(
      new ListObjectsV2Command({ Bucket, Prefix: prefix, MaxKeys: DELETE_BATCH, ContinuationToken: token }),
    );
    const keys = (listed.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
    if (keys.length) await s3.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys, Quiet: true } }));
    token = listed.IsTruncated ? listed.NextContinuationToken : undefined;
  } while (token);
}

/** Reads: a missing object is null (or false), never an error. */
function readMethods({ s3, Bucket }: Bucket): Pick<ObjectStorage, 'get' | 'exists' | 'stat'> {
  return {
    async get(key, range) {
      try {
        const object = await s3.send(
          new GetObjectCommand({ Bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
        );
        if (!(object.Body instanceof Readable)) return null;
        const size = object.ContentLength ?? 0;
        return {
          body: object.Body,
          contentType: object.ContentType ?? 'application/octet-stream',
          size,
          totalSize: range ? totalOf(object.ContentRange, size) : size,
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async exists(key) {
      try {
        await s3.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    async stat(key) {
      try {
        const head = await s3.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { size: head.ContentLength ?? 0 };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
  };
}

/** S3's own multipart upload: S3 assembles the parts. */
function multipartMethods({
  s3,
  Bucket,
}: Bucket): Pick<ObjectStorage, 'createMultipart' | 'uploadPart' | 'completeMultipart' | 'abortMultipart'> {
  return {
    async createMultipart(key, contentType) {
      const created = await s3.send(new CreateMultipartUploadCommand({ Bucket, Key: key, ContentType: contentType }));
      if (!created.UploadId) throw new Error(`S3 gave no upload id for ${key}`);
      return created.UploadId;
    },
    async uploadPart(key, uploadId, partNumber, body, size) {
      const counted = through(body, byteCounter({ expected: size }).stream);
      const stored = await sendCounted(
        (abortSignal) =>
          s3.send(
            new UploadPartCommand({
              Bucket,
              Key: key,
              UploadId: uploadId,
              PartNumber: partNumber,
              Body: counted,
              ContentLength: size,
            }),
            { abortSignal },
          ),
        counted,
      );
      return { partNumber, etag: stored.ETag ?? '' };
    },
    async completeMultipart(key, uploadId, parts) {
      const sorted = [...parts].sort((a, b) => a.partNumber - b.partNumber);
      await s3.send(
        new CompleteMultipartUploadCommand({
          Bucket,
          Key: key,
          UploadId: uploadId,
          MultipartUpload: { Parts: sorted.map((part) => ({ PartNumber: part.partNumber, ETag: part.etag })) },
        }),
      );
    },
    async abortMultipart(key, uploadId) {
      await s3.send(new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId: uploadId }));
    },
  };
}

/** An S3-compatible bucket (AWS S3, MinIO, R2, …): the setup of several API processes. */
export function s3Storage(config: S3Config, publicBase: string, client?: S3Client): ObjectStorage {
  const bucket: Bucket = { s3: client ?? createClient(config), Bucket: config.bucket };
  const { s3, Bucket } = bucket;
  const storage: ObjectStorage = {
    driver: 's3',
    async put(key, body, contentType) {
      await s3.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType }));
    },
    putStream: (key, body, contentType, options = {}) =>
      putStreamIn(bucket, storage, key, body, contentType, options.size),
    async delete(key) {
      await s3.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    deletePrefix: (prefix) => deleteAllUnder(bucket, prefix),
    url: (key) => `${publicBase}/${key}`,
    localPath: () => null,
    ...readMethods(bucket),
    ...multipartMethods(bucket),
  };
  return storage;
}
