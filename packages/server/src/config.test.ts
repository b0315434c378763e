import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { PACKAGE_PATHS } from './package-paths.ts';

describe('loadConfig', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: resolve(process.cwd(), 'data'),
      databaseUrl: null,
      seed: 'demo',
      environment: 'development',
      webDist: PACKAGE_PATHS.webDist,
      googleAnalyticsToken: null,
      cmsUrl: null,
      pushUrl: null,
      publicUrl: '',
      trustProxy: false,
      logLevel: 'info',
    });
    expect(PACKAGE_PATHS.webDist.endsWith(resolve('/', 'packages', 'web', 'dist'))).toBe(true);
  });

  it('reads every variable, treating empty ones as unset', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://regie@db:5432/regie',
      REGIE_SEED: 'none',
      REGIE_ENV: 'production',
      REGIE_GOOGLE_ANALYTICS_TOKEN: 'G-1',
      REGIE_PUBLIC_URL: 'https://cdn.example.test/',
      REGIE_CMS_URL: '',
      REGIE_TRUST_PROXY: 'true',
    });
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: 'postgres://regie@db:5432/regie',
      seed: 'none',
      environment: 'production',
      googleAnalyticsToken: 'G-1',
      publicUrl: 'https://cdn.example.test',
      cmsUrl: null,
      trustProxy: ['loopback', 'linklocal', 'uniquelocal'],
    });
  });

  it('trusts X-Forwarded-For from the proxies named, never from every hop', () => {
    expect(loadConfig({ REGIE_TRUST_PROXY: '10.0.0.5, 192.168.0.0/16' }).trustProxy).toEqual([
      '10.0.0.5',
      '192.168.0.0/16',
    ]);
    expect(loadConfig({ REGIE_TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(() => loadConfig({ REGIE_TRUST_PROXY: 'yes please' })).toThrow(/REGIE_TRUST_PROXY/);
  });

  it('makes the demo videos unless REGIE_DEMO_VIDEOS is off (the benchmarks wait for no encode)', () => {
    expect(loadConfig({})).toMatchObject({ demoTemplate: true, demoVideos: true });
    expect(loadConfig({ REGIE_DEMO_VIDEOS: 'off', REGIE_DEMO_TEMPLATE: 'off' })).toMatchObject({
      demoTemplate: false,
      demoVideos: false,
    });
    expect(() => loadConfig({ REGIE_DEMO_VIDEOS: 'no' })).toThrow(/REGIE_DEMO_VIDEOS/);
  });

  it('reads the operations variables: /metrics open and no worker port unless set', () => {
    expect(loadConfig({})).toMatchObject({ metricsToken: null, metricsPort: 0 });
    expect(loadConfig({ REGIE_METRICS_TOKEN: 'scrape-me', REGIE_METRICS_PORT: '9464' })).toMatchObject({
      metricsToken: 'scrape-me',
      metricsPort: 9464,
    });
    expect(() => loadConfig({ REGIE_METRICS_PORT: '70000' })).toThrow(/REGIE_METRICS_PORT/);
  });

  it('reads the realtime and job worker variables', () => {
    expect(loadConfig({})).toMatchObject({ redisUrl: null, workers: 1, jobPollMs: 1_000 });
    expect(loadConfig({ REDIS_URL: 'redis://cache:6379', REGIE_WORKERS: '0', REGIE_JOB_POLL_MS: '250' })).toMatchObject(
      { redisUrl: 'redis://cache:6379', workers: 0, jobPollMs: 250 },
    );
    expect(() => loadConfig({ REGIE_WORKERS: '-1' })).toThrow(/REGIE_WORKERS/);
  });

  it('reads a live node’s limit of simulcast pushes (none by default)', () => {
    expect(loadConfig({}).live.maxPushes).toBeNull();
    expect(loadConfig({ REGIE_LIVE_MAX_PUSHES: '0' }).live.maxPushes).toBeNull();
    expect(loadConfig({ REGIE_LIVE_MAX_PUSHES: '12' }).live.maxPushes).toBe(12);
    expect(() => loadConfig({ REGIE_LIVE_MAX_PUSHES: '-3' })).toThrow(/REGIE_LIVE_MAX_PUSHES/);
    expect(() => loadConfig({ REGIE_LIVE_MAX_PUSHES: 'many' })).toThrow(/REGIE_LIVE_MAX_PUSHES/);
  });

  it('keeps files under <dataDir>/storage, or in the S3 bucket when one is named', () => {
    expect(loadConfig({ REGIE_DATA_DIR: '/srv/regie' })).toMatchObject({
      cacheTtlMs: 60_000,
      storage: { driver: 'local', folder: resolve('/srv/regie', 'storage') },
    });
    expect(
      loadConfig({
        REGIE_S3_BUCKET: 'media',
        REGIE_S3_ENDPOINT: 'http://minio:9000',
        REGIE_S3_ACCESS_KEY_ID: 'key',
        REGIE_S3_SECRET_ACCESS_KEY: 'secret',
        REGIE_S3_FORCE_PATH_STYLE: 'true',
        REGIE_CACHE_TTL_SECONDS: '0',
      }),
    ).toMatchObject({
      cacheTtlMs: 0,
      storage: {
        driver: 's3',
        bucket: 'media',
        endpoint: 'http://minio:9000',
        region: 'us-east-1',
        credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
        forcePathStyle: true,
      },
    });
    expect(() => loadConfig({ REGIE_S3_BUCKET: 'media', REGIE_S3_ACCESS_KEY_ID: 'key' })).toThrow(/go together/);
  });

  it('sends mails through SMTP_URL when set, else to the local outbox', () => {
    expect(loadConfig({}).mail).toEqual({ smtpUrl: null, from: 'Regie <no-reply@regie.invalid>' });
    const smtp = loadConfig({
      SMTP_URL: 'smtps://user:pass@mail.example:465',
      REGIE_MAIL_FROM: 'Club <fans@club.example>',
    });
    expect(smtp.mail).toEqual({ smtpUrl: 'smtps://user:pass@mail.example:465', from: 'Club <fans@club.example>' });
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example' })).toThrow(/SMTP_URL/);
  });

  it('reads the PostgreSQL pool size (10 unless set), refusing what is not a count of connections', () => {
    expect(loadConfig({}).databasePoolSize).toBe(10);
    expect(loadConfig({ DATABASE_POOL_SIZE: '40' }).databasePoolSize).toBe(40);
    for (const wrong of ['0', '-3', '2.5', 'many', '1001']) {
      expect(() => loadConfig({ DATABASE_POOL_SIZE: wrong }), wrong).toThrow(
        /DATABASE_POOL_SIZE: Use a whole number of PostgreSQL connections per process, from 1 to 1000/,
      );
    }
  });

  it('names every invalid variable at once', () => {
    expect(() => loadConfig({ PORT: 'eighty', REGIE_ENV: 'qa', DATABASE_URL: 'not a url' })).toThrow(
      /PORT[\s\S]*DATABASE_URL[\s\S]*REGIE_ENV/,
    );
  });

  it('runs every role by default, or those REGIE_ROLES names (issue 27)', () => {
    expect(loadConfig({}).roles).toEqual(['api', 'worker', 'live']);
    const live = loadConfig({
      REGIE_ROLES: ' Live, api ',
      DATABASE_URL: 'postgres://regie@db:5432/regie',
      REGIE_S3_BUCKET: 'media',
    });
    expect(live.roles).toEqual(['api', 'live']);
    expect(() => loadConfig({ REGIE_ROLES: 'api,encoder' })).toThrow(/REGIE_ROLES: unknown role encoder/);
    expect(() => loadConfig({ REGIE_ROLES: ' , ' })).toThrow(/REGIE_ROLES: no role/);
  });

  it('refuses a part of a cluster on the embedded database or on a local folder not said to be shared', () => {
    const error = (() => {
      try {
        loadConfig({ REGIE_ROLES: 'worker' });
      } catch (thrown) {
        return String(thrown);
      }
      return '';
    })();
    expect(error).toMatch(/set DATABASE_URL to PostgreSQL/);
    expect(error).toMatch(/REGIE_STORAGE_SHARED=true/);
    const postgres = { REGIE_ROLES: 'api', DATABASE_URL: 'postgres://regie@db:5432/regie' };
    expect(() => loadConfig(postgres)).toThrow(/REGIE_STORAGE_SHARED=true/);
    expect(loadConfig({ ...postgres, REGIE_STORAGE_SHARED: 'true' }).storageShared).toBe(true);
    expect(loadConfig({ ...postgres, REGIE_S3_BUCKET: 'media' }).roles).toEqual(['api']);
  });
});
