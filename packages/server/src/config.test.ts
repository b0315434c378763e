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
      trustProxy: true,
    });
  });

  it('names every invalid variable at once', () => {
    expect(() => loadConfig({ PORT: 'eighty', REGIE_ENV: 'qa', DATABASE_URL: 'not a url' })).toThrow(
      /PORT[\s\S]*DATABASE_URL[\s\S]*REGIE_ENV/,
    );
  });
});
