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

  it("points each target at its platform's API, or wherever REGIE_<TARGET>_API_URL says", () => {
    const credentials = {
      REGIE_YOUTUBE_CLIENT_ID: 'id',
      REGIE_YOUTUBE_CLIENT_SECRET: 'secret',
      REGIE_TWITTER_API_KEY: 'key',
      REGIE_TWITTER_API_SECRET: 'secret',
    };
    expect(loadConfig(credentials).videos.share).toMatchObject({
      youtube: { apiUrl: 'https://youtube.googleapis.com/', tokenUrl: 'https://oauth2.googleapis.com/token' },
      twitter: { apiUrl: 'https://api.x.com/2/' },
    });
    const local = loadConfig({
      ...credentials,
      REGIE_YOUTUBE_API_URL: 'http://127.0.0.1:9000/youtube/',
      REGIE_TWITTER_API_URL: 'http://127.0.0.1:9000/2/',
    });
    expect(local.videos.share.youtube?.apiUrl).toBe('http://127.0.0.1:9000/youtube/');
    expect(local.videos.share.twitter?.apiUrl).toBe('http://127.0.0.1:9000/2/');
    expect(() => loadConfig({ REGIE_DAILYMOTION_API_URL: 'not a url' })).toThrow(/REGIE_DAILYMOTION_API_URL/);
  });

  it('reads the job lease and the upload sweep interval', () => {
    expect(loadConfig({})).toMatchObject({ jobLeaseMs: 30_000, uploadSweepMs: 3_600_000 });
    expect(loadConfig({ REGIE_JOB_LEASE_SECONDS: '2', REGIE_UPLOAD_SWEEP_MINUTES: '0' })).toMatchObject({
      jobLeaseMs: 2_000,
      uploadSweepMs: 0,
    });
    expect(() => loadConfig({ REGIE_JOB_LEASE_SECONDS: '0' })).toThrow(/REGIE_JOB_LEASE_SECONDS/);
  });

  it('refuses a short media secret and S3 parts under 5 MiB', () => {
    expect(() => loadConfig({ REGIE_MEDIA_SECRET: 'short' })).toThrow(/REGIE_MEDIA_SECRET/);
    expect(() => loadConfig({ REGIE_S3_BUCKET: 'media', REGIE_UPLOAD_PART_SIZE: String(1024 * 1024) })).toThrow(
      'S3 needs parts of 5 MiB at least',
    );
  });
});
