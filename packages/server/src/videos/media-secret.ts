import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type AppConfig, loadConfig } from '../config.ts';

/** The key file's name in the data folder. */
export const MEDIA_SECRET_FILE = 'media-secret.key';

const MIN_LENGTH = 32;

/**
 * The key that signs media URLs and seals feed credentials (data-providers/credentials.ts).
 * REGIE_MEDIA_SECRET wins; without it a key is generated once and kept in the data folder, so
 * playback URLs survive a restart of `npm start` and every process on that folder (the server,
 * `npm run worker`) reads the same key. Made at most once even when several processes start
 * together: written aside, then linked into place (a link fails when the file exists, and a
 * reader never sees it half written); the loser reads the winner's. Processes on different
 * machines must share REGIE_MEDIA_SECRET (or the data folder).
 */
export async function withMediaSecret(
  config: AppConfig,
  options: { onCreated?: (file: string) => void } = {},
): Promise<AppConfig> {
  if (config.videos.mediaSecret) return config;
  const file = join(config.dataDir, MEDIA_SECRET_FILE);
  let secret = (await readFile(file, 'utf8').catch(() => '')).trim();
  if (secret.length < MIN_LENGTH) {
    const made = randomBytes(48).toString('base64url');
    await mkdir(config.dataDir, { recursive: true });
    const aside = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
    await writeFile(aside, made, { mode: 0o600 });
    try {
      if (secret.length > 0) {
        // A file too short to be a key (cut short by hand): replaced.
        await rename(aside, file);
      } else {
        await link(aside, file);
      }
      secret = made;
      options.onCreated?.(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      secret = (await readFile(file, 'utf8')).trim();
    } finally {
      await rm(aside, { force: true });
    }
  }
  return { ...config, videos: { ...config.videos, mediaSecret: secret } };
}

/**
 * What every process reads at start (main.ts, worker.ts): the environment's configuration, with
 * the media secret of REGIE_MEDIA_SECRET or of the data folder, so a separate worker opens what
 * the server sealed.
 */
export function loadProcessConfig(
  env: Record<string, string | undefined> = process.env,
  options: { onCreated?: (file: string) => void } = {},
): Promise<AppConfig> {
  return withMediaSecret(loadConfig(env), options);
}
