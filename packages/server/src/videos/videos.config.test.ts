import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';

describe('the videos configuration', () => {
  it('has working defaults: 8 MiB parts, 20 GiB imports, nothing allowed, no share target', () => {
    expect(loadConfig({}).videos).toEqual({
      mediaSecret: null,
      uploadPartSize: 8 * 1024 * 1024,
      importAllowHosts: [],
      importMaxBytes: 20 * 1024 ** 3,
      importTimeoutMs: 6 * 60 * 60 * 1000,
      share: { youtube: null, facebook: null, twitter: null, dailymotion: null },
    });
  });

  it('reads the allow-list, limits and share credentials (both halves needed)', () => {
    const { videos } = loadConfig({
      REGIE_MEDIA_SECRET: 'x'.repeat(32),
      REGIE_IMPORT_ALLOW_HOSTS: ' 127.0.0.1, Media.Intranet.test ,[::1]',
      REGIE_IMPORT_MAX_BYTES: '1000',
      REGIE_IMPORT_TIMEOUT_SECONDS: '60',
      REGIE_YOUTUBE_CLIENT_ID: 'id',
      REGIE_YOUTUBE_CLIENT_SECRET: 'secret',
      REGIE_FACEBOOK_APP_ID: 'only the id',
    });
    expect(videos).toMatchObject({
      mediaSecret: 'x'.repeat(32),
      importAllowHosts: ['127.0.0.1', 'media.intranet.test', '::1'],
      importMaxBytes: 1000,
      importTimeoutMs: 60_000,
      share: { youtube: { clientId: 'id', clientSecret: 'secret' }, facebook: null },
    });
  });

  it('refuses a short media secret and S3 parts under 5 MiB', () => {
    expect(() => loadConfig({ REGIE_MEDIA_SECRET: 'short' })).toThrow(/REGIE_MEDIA_SECRET/);
    expect(() => loadConfig({ REGIE_S3_BUCKET: 'media', REGIE_UPLOAD_PART_SIZE: String(1024 * 1024) })).toThrow(
      'S3 needs parts of 5 MiB at least',
    );
  });
});
