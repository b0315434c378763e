import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppConfig } from '../config.ts';

/**
 * The key that signs media URLs. REGIE_MEDIA_SECRET wins; without it a key is generated once and
 * kept in the data folder, so playback URLs survive a restart of `npm start`. Several API
 * processes on PostgreSQL must share REGIE_MEDIA_SECRET.
 */
export async function withMediaSecret(config: AppConfig): Promise<AppConfig> {
  if (config.videos.mediaSecret) return config;
  const file = join(config.dataDir, 'media-secret.key');
  let secret = await readFile(file, 'utf8').catch(() => '');
  if (secret.trim().length < 32) {
    secret = randomBytes(48).toString('base64url');
    await mkdir(config.dataDir, { recursive: true });
    await writeFile(file, secret, { mode: 0o600 });
  }
  return { ...config, videos: { ...config.videos, mediaSecret: secret.trim() } };
}
