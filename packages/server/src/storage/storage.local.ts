import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, extname, join } from 'node:path';
import { IMAGE_TYPES } from '@regie/contract/uploads';
import { isSafeKey, type ObjectStorage } from './storage.types.ts';

const TYPE_BY_EXTENSION = new Map<string, string>(
  Object.entries(IMAGE_TYPES).map(([type, extension]) => [`.${extension}`, type]),
);

function contentTypeOf(key: string): string {
  return TYPE_BY_EXTENSION.get(extname(key).toLowerCase()) ?? 'application/octet-stream';
}

/** Files under one folder (`<dataDir>/storage` by default): the single-machine setup. */
export function localStorage(folder: string, publicBase: string): ObjectStorage {
  const pathOf = (key: string) => {
    if (!isSafeKey(key)) throw new Error(`Unsafe storage key ${key}`);
    return join(folder, ...key.split('/'));
  };
  const sizeOf = async (key: string) => {
    if (!isSafeKey(key)) return null;
    const found = await stat(pathOf(key)).catch(() => null);
    return found?.isFile() ? found.size : null;
  };
  return {
    driver: 'local',
    async put(key, body) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Written aside, then renamed: a reader never sees half a file.
      const partial = `${path}.${process.pid}.${Date.now()}.partial`;
      await writeFile(partial, body);
      await rename(partial, path);
    },
    async get(key) {
      const size = await sizeOf(key);
      if (size === null) return null;
      return { body: createReadStream(pathOf(key)), contentType: contentTypeOf(key), size };
    },
    async delete(key) {
      if (isSafeKey(key)) await rm(pathOf(key), { force: true });
    },
    async exists(key) {
      return (await sizeOf(key)) !== null;
    },
    url: (key) => `${publicBase}/${key}`,
  };
}
