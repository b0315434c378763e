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
  REDIS_URL: optionalUrl,
  REGIE_WORKERS: z.coerce.number().int().min(0).max(64).default(1),
  REGIE_JOB_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(1_000),
  REGIE_CACHE_TTL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  REGIE_S3_BUCKET: optionalText,
  REGIE_S3_ENDPOINT: optionalUrl,
  REGIE_S3_REGION: optionalText.default('us-east-1'),
  REGIE_S3_ACCESS_KEY_ID: optionalText,
  REGIE_S3_SECRET_ACCESS_KEY: optionalText,
  REGIE_S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
});

/** Where images and other files go: a folder by default, an S3-compatible bucket when configured. */
export type StorageConfig =
  | { driver: 'local'; folder: string }
  | {
      driver: 's3';
      bucket: string;
      /** For S3-compatible services (MinIO, R2, …); AWS itself when unset. */
      endpoint: string | null;
      region: string;
      /** Both unset: the SDK's own credential chain (instance role, environment, profile). */
      credentials: { accessKeyId: string; secretAccessKey: string } | null;
      forcePathStyle: boolean;
    };

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
  /** Realtime events go through Redis pub/sub when set (several processes), else stay in-process. */
  redisUrl: string | null;
  /** Jobs this process runs side by side (0: none, leave them to `worker` processes). */
  workers: number;
  /** How often an idle worker looks at the job queue. */
  jobPollMs: number;
  /** How long a cached entry (admin payload) lives; 0 turns caching off. */
  cacheTtlMs: number;
  storage: StorageConfig;
}

function storageConfig(values: z.infer<typeof environmentSchema>, dataDir: string): StorageConfig {
  if (!values.REGIE_S3_BUCKET) return { driver: 'local', folder: resolve(dataDir, 'storage') };
  const keyId = values.REGIE_S3_ACCESS_KEY_ID;
  const secret = values.REGIE_S3_SECRET_ACCESS_KEY;
  if (Boolean(keyId) !== Boolean(secret)) {
    throw new Error('Invalid environment:\n  REGIE_S3_ACCESS_KEY_ID and REGIE_S3_SECRET_ACCESS_KEY go together');
  }
  return {
    driver: 's3',
    bucket: values.REGIE_S3_BUCKET,
    endpoint: values.REGIE_S3_ENDPOINT ?? null,
    region: values.REGIE_S3_REGION,
    credentials: keyId && secret ? { accessKeyId: keyId, secretAccessKey: secret } : null,
    forcePathStyle: values.REGIE_S3_FORCE_PATH_STYLE === 'true',
  };
}

/** Reads every environment variable once; throws one readable error listing the bad ones. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${problems.join('\n')}`);
  }
  const values = parsed.data;
  const dataDir = resolve(process.cwd(), values.REGIE_DATA_DIR);
  return {
    port: values.PORT,
    host: values.HOST,
    dataDir,
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
    redisUrl: values.REDIS_URL ?? null,
    workers: values.REGIE_WORKERS,
    jobPollMs: values.REGIE_JOB_POLL_MS,
    cacheTtlMs: values.REGIE_CACHE_TTL_SECONDS * 1000,
    storage: storageConfig(values, dataDir),
  };
}
