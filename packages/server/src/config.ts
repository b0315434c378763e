import { resolve } from 'node:path';
import { z } from 'zod';
import { PACKAGE_PATHS } from './package-paths.ts';

/** Unset and empty variables both mean "not configured". */
const optionalText = z.preprocess((value) => (value === '' ? undefined : value), z.string().trim().optional());
const optionalUrl = z.preprocess((value) => (value === '' ? undefined : value), z.url().optional());

const environmentSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: optionalText.default('0.0.0.0'),
  REGIE_DATA_DIR: optionalText.default('./data'),
  DATABASE_URL: optionalUrl,
  REGIE_SEED: z.enum(['demo', 'none']).default('demo'),
  NODE_ENV: optionalText.default('development'),
  REGIE_ENV: z.enum(['development', 'staging', 'production']).default('development'),
  REGIE_WEB_DIST: optionalText,
  REGIE_GOOGLE_ANALYTICS_TOKEN: optionalText,
  REGIE_CMS_URL: optionalUrl,
  REGIE_PUSH_URL: optionalUrl,
  REGIE_PUBLIC_URL: optionalUrl,
  REGIE_TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface AppConfig {
  port: number;
  host: string;
  /** Absolute; holds the embedded database (and later local media). */
  dataDir: string;
  /** PostgreSQL when set, else the embedded PGlite database in `<dataDir>/db`. */
  databaseUrl: string | null;
  seed: 'demo' | 'none';
  nodeEnv: string;
  environment: 'development' | 'staging' | 'production';
  webDist: string;
  googleAnalyticsToken: string | null;
  cmsUrl: string | null;
  pushUrl: string | null;
  /** Base of assetsUrl and imagesUrl; '' means the same origin as the API. */
  publicUrl: string;
  /** Behind a load balancer: take the client address from X-Forwarded-For (sign-in throttle). */
  trustProxy: boolean;
  logLevel: string;
}

/** Reads every environment variable once; throws one readable error listing the bad ones. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${problems.join('\n')}`);
  }
  const values = parsed.data;
  return {
    port: values.PORT,
    host: values.HOST,
    dataDir: resolve(process.cwd(), values.REGIE_DATA_DIR),
    databaseUrl: values.DATABASE_URL ?? null,
    seed: values.REGIE_SEED,
    nodeEnv: values.NODE_ENV,
    environment: values.REGIE_ENV,
    webDist: values.REGIE_WEB_DIST ? resolve(process.cwd(), values.REGIE_WEB_DIST) : PACKAGE_PATHS.webDist,
    googleAnalyticsToken: values.REGIE_GOOGLE_ANALYTICS_TOKEN ?? null,
    cmsUrl: values.REGIE_CMS_URL ?? null,
    pushUrl: values.REGIE_PUSH_URL ?? null,
    publicUrl: (values.REGIE_PUBLIC_URL ?? '').replace(/\/+$/, ''),
    trustProxy: values.REGIE_TRUST_PROXY === 'true',
    logLevel: values.LOG_LEVEL,
  };
}
