import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';

describe('the videos configuration', () => {
  it('has working defaults: 8 MiB parts, 20 GiB imports, nothing allowed', () => {
    expect(loadConfig({}).videos).toEqual({
      mediaSecret: null,
      uploadPartSize: 8 * 1024 * 1024,
      importAllowHosts: [],
      importMaxBytes: 20 * 1024 ** 3,
      importTimeoutMs: 6 * 60 * 60 * 1000,
    });
  });

  it('reads the allow-list and limits', () => {
    const { videos } = loadConfig({
      REGIE_MEDIA_SECRET: 'x'.repeat(32),
      REGIE_IMPORT_ALLOW_HOSTS: ' 127.0.0.1, Media.Intranet.test ,[::1]',
      REGIE_IMPORT_MAX_BYTES: '1000',
      REGIE_IMPORT_TIMEOUT_SECONDS: '60',
    });
    expect(videos).toMatchObject({
      mediaSecret: 'x'.repeat(32),
      importAllowHosts: ['127.0.0.1', 'media.intranet.test', '::1'],
      importMaxBytes: 1000,
      importTimeoutMs: 60_000,
    });
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
