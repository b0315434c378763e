import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, extname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { IMAGE_TYPES } from '@regie/contract/uploads';
import { MEDIA_CONTENT_TYPES } from '@regie/contract/videos';
import { byteCounter } from './storage.streams.ts';
import { isSafeKey, type ObjectStorage, type StoredPart } from './storage.types.ts';

const TYPE_BY_EXTENSION = new Map<string, string>([
  ...Object.entries(MEDIA_CONTENT_TYPES).map(([extension, type]): [string, string] => [`.${extension}`, type]),
  ...Object.entries(IMAGE_TYPES).map(([type, extension]): [string, string] => [`.${extension}`, type]),
]);

function contentTypeOf(key: string): string {
  return TYPE_BY_EXTENSION.get(extname(key).toLowerCase()) ?? 'application/octet-stream';
}

/** Multipart uploads in progress live here, beside the objects (no key starts with a dot). */
const MULTIPART_FOLDER = '.multipart';
/** In an upload's folder: the object its parts are written into. */
const MULTIPART_OBJECT = 'object';
const UPLOAD_ID = /^[a-f0-9]{32}$/;

/** A temporary name beside the final one: written there, then renamed, a reader never sees half a file. */
function partialName(path: string): string {
  return `${path}.${process.pid}.${randomBytes(4).toString('hex')}.partial`;
}

function pathIn(folder: string, key: string): string {
  if (!isSafeKey(key)) throw new Error(`Unsafe storage key ${key}`);
  return join(folder, ...key.split('/'));
}

async function sizeIn(folder: string, key: string): Promise<number | null> {
  if (!isSafeKey(key)) return null;
  const found = await stat(pathIn(folder, key)).catch(() => null);
  return found?.isFile() ? found.size : null;
}

function uploadFolderIn(folder: string, uploadId: string): string {
  if (!UPLOAD_ID.test(uploadId)) throw new Error(`Unknown multipart upload ${uploadId}`);
  return join(folder, MULTIPART_FOLDER, uploadId);
}

/** Writes a stream to `path` through a temporary file; checks its size when known. */
async function writeStream(path: string, body: Readable, options: { size?: number; md5?: boolean } = {}) {
  // A body failing while the folder is made (a file stream whose file is gone) would emit 'error'
  // with no listener yet, and crash the process: the pipeline below still rejects with it.
  body.once('error', () => undefined);
  await mkdir(dirname(path), { recursive: true });
  const partial = partialName(path);
  const counter = byteCounter({
    ...(options.size === undefined ? {} : { expected: options.size }),
    ...(options.md5 ? { md5: true } : {}),
  });
  try {
    await pipeline(body, counter.stream, createWriteStream(partial));
    await rename(partial, path);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  return { bytes: counter.bytes, md5: counter.digest() };
}

type MultipartMethods = 'createMultipart' | 'uploadPart' | 'completeMultipart' | 'abortMultipart';

/** Whole objects: written through a temporary file, read whole or by range. */
function objectMethods(folder: string, publicBase: string): Omit<ObjectStorage, 'driver' | MultipartMethods> {
  const pathOf = (key: string) => pathIn(folder, key);
  const sizeOf = (key: string) => sizeIn(folder, key);
  return {
    async put(key, body) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const partial = partialName(path);
      await writeFile(partial, body);
      await rename(partial, path);
    },
    async putStream(key, body, _contentType, options = {}) {
      return (await writeStream(pathOf(key), body, options)).bytes;
    },
    async get(key, range) {
      const totalSize = await sizeOf(key);
      if (totalSize === null) return null;
      const contentType = contentTypeOf(key);
      if (!range) return { body: createReadStream(pathOf(key)), contentType, size: totalSize, totalSize };
      const end = Math.min(range.end, totalSize - 1);
      const body = createReadStream(pathOf(key), { start: range.start, end });
      return { body, contentType, size: Math.max(0, end - range.start + 1), totalSize };
    },
    async delete(key) {
      if (isSafeKey(key)) await rm(pathOf(key), { force: true });
    },
    async deletePrefix(prefix) {
      const folderKey = prefix.replace(/\/+$/, '');
      if (!prefix.endsWith('/') || !isSafeKey(folderKey)) throw new Error(`Not a folder prefix: ${prefix}`);
      await rm(pathOf(folderKey), { recursive: true, force: true });
    },
    async exists(key) {
      return (await sizeOf(key)) !== null;
    },
    async stat(key) {
      const size = await sizeOf(key);
      return size === null ? null : { size };
    },
    url: (key) => `${publicBase}/${key}`,
    localPath: (key) => pathOf(key),
  };
}

/** Joins the part files of an older session, in part order, into `path`. */
async function concatenateParts(source: string, ordered: readonly StoredPart[], path: string): Promise<void> {
  const partial = partialName(path);
  async function* concatenated() {
    for (const part of ordered) yield* createReadStream(join(source, `${part.partNumber}.part`));
  }
  try {
    await pipeline(concatenated, createWriteStream(partial));
    await rename(partial, path);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

/** Multipart uploads: a folder per upload under MULTIPART_FOLDER, renamed into place when complete. */
function multipartMethods(folder: string): Pick<ObjectStorage, MultipartMethods> {
  const uploadFolder = (uploadId: string) => uploadFolderIn(folder, uploadId);
  return {
    async createMultipart() {
      const uploadId = randomBytes(16).toString('hex');
      await mkdir(uploadFolder(uploadId), { recursive: true });
      // The whole object, parts written in place at their offsets (see uploadPart).
      await writeFile(join(uploadFolder(uploadId), MULTIPART_OBJECT), '');
      return uploadId;
    },
    async uploadPart(_key, uploadId, partNumber, body, size, offset) {
      const target = uploadFolder(uploadId);
      const object = join(target, MULTIPART_OBJECT);
      if (!(await stat(target).catch(() => null))) {
        body.resume();
        throw new Error(`Unknown multipart upload ${uploadId}`);
      }
      // In place: a part sent again (a retry) rewrites the same bytes; one cut short is not
      // recorded by the caller, so it is sent again. The etag only has to name the part: no
      // hash of its bytes (an MD5 cost a third of the server's CPU on an upload).
      if (offset !== undefined && (await stat(object).catch(() => null))) {
        const counter = byteCounter({ expected: size });
        await pipeline(body, counter.stream, createWriteStream(object, { flags: 'r+', start: offset }));
        return { partNumber, etag: `${partNumber}-${size}` };
      }
      // A session begun before parts were written in place keeps its part files.
      const { md5 } = await writeStream(join(target, `${partNumber}.part`), body, { size, md5: true });
      return { partNumber, etag: md5 };
    },
    async completeMultipart(key, uploadId, parts) {
      const source = uploadFolder(uploadId);
      const path = pathIn(folder, key);
      await mkdir(dirname(path), { recursive: true });
      const ordered = [...parts].sort((a, b) => a.partNumber - b.partNumber);
      const partFiles = await Promise.all(
        ordered.map((part) =>
          stat(join(source, `${part.partNumber}.part`)).then(
            () => true,
            () => false,
          ),
        ),
      );
      if (!partFiles.some(Boolean)) {
        await rename(join(source, MULTIPART_OBJECT), path);
        await rm(source, { recursive: true, force: true });
        return;
      }
      await concatenateParts(source, ordered, path);
      await rm(source, { recursive: true, force: true });
    },
    async abortMultipart(_key, uploadId) {
      await rm(uploadFolder(uploadId), { recursive: true, force: true });
    },
  };
}

/** Files under one folder (`<dataDir>/storage` by default): the single-machine setup. */
export function localStorage(folder: string, publicBase: string): ObjectStorage {
  return { driver: 'local', ...objectMethods(folder, publicBase), ...multipartMethods(folder) };
}
