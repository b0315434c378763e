import { IMAGES_PATH } from '@regie/contract/uploads';
import type { AppConfig } from '../config.ts';
import { localStorage } from './storage.local.ts';
import type { ObjectStorage } from './storage.types.ts';

/**
 * The storage backend, chosen once at boot: an S3-compatible bucket when REGIE_S3_BUCKET is set,
 * else `<dataDir>/storage`. Browsers fetch files through GET /images/{key} either way. The AWS
 * SDK is loaded only when a bucket is configured.
 */
export async function openStorage(config: Pick<AppConfig, 'storage' | 'publicUrl'>): Promise<ObjectStorage> {
  const publicBase = `${config.publicUrl}${IMAGES_PATH}`;
  const { storage } = config;
  if (storage.driver === 'local') return localStorage(storage.folder, publicBase);
  const { s3Storage } = await import('./storage.s3.ts');
  return s3Storage(storage, publicBase);
}
