import { resolve } from 'node:path';
import type { SocialPlatform } from '@regie/contract/social';
import { VIDEO_IMPORT_MAX_BYTES_DEFAULT, VIDEO_PART_SIZE } from '@regie/contract/videos';
import { z } from 'zod';
import type { MailConfig } from './mail/mail.ts';
import { PACKAGE_PATHS } from './package-paths.ts';

/** S3's smallest part but the last. */
const S3_MIN_PART_SIZE = 5 * 1024 * 1024;

/** Unset and empty variables both mean "not configured". */
const optionalText = z.preprocess((value) => (value === '' ? undefined : value), z.string().trim().optional());
const optionalUrl = z.preprocess((value) => (value === '' ? undefined : value), z.url().optional());

const environmentSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: optionalText.default('0.0.0.0'),
  REGIE_DATA_DIR: optionalText.default('./data'),
  DATABASE_URL: optionalUrl,
  DATABASE_POOL_SIZE: z.coerce
    .number({ error: 'Use a whole number of PostgreSQL connections per process, from 1 to 1000' })
    .int('Use a whole number of PostgreSQL connections per process, from 1 to 1000')
    .min(1, 'Use a whole number of PostgreSQL connections per process, from 1 to 1000')
    .max(1000, 'Use a whole number of PostgreSQL connections per process, from 1 to 1000')
    .default(10),
  REGIE_SEED: z.enum(['demo', 'none']).default('demo'),
  REGIE_DEMO_TEMPLATE: z.enum(['on', 'off']).default('on'),
  REGIE_DEMO_VIDEOS: z.enum(['on', 'off']).default('on'),
  NODE_ENV: optionalText.default('development'),
  REGIE_ENV: z.enum(['development', 'staging', 'production']).default('development'),
  REGIE_WEB_DIST: optionalText,
  REGIE_GOOGLE_ANALYTICS_TOKEN: optionalText,
  REGIE_CMS_URL: optionalUrl,
  REGIE_PUSH_URL: optionalUrl,
  REGIE_PUBLIC_URL: optionalUrl,
  /** false, true (the loopback and private networks: a load balancer beside the API), or a list of addresses and CIDRs. */
  /** A GeoLite2 or GeoIP2 Country .mmdb in place of the one the server ships (geo/geo.countries.ts). */
  REGIE_GEO_DATABASE: optionalText,
  REGIE_TRUST_PROXY: z
    .string()
    .trim()
    .regex(/^(true|false|[0-9A-Fa-f.:/,\s]+|loopback|linklocal|uniquelocal)$/)
    .default('false'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  REGIE_LOG_REQUESTS: z.enum(['on', 'off']).default('off'),
  REDIS_URL: optionalUrl,
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'Use smtp://… or smtps://…')
      .optional(),
  ),
  REGIE_MAIL_FROM: optionalText.default('Regie <no-reply@regie.invalid>'),
  REGIE_ROLES: optionalText,
  REGIE_STORAGE_SHARED: z.enum(['true', 'false']).default('false'),
  REGIE_METRICS_TOKEN: optionalText,
  REGIE_METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  REGIE_WORKERS: z.coerce.number().int().min(0).max(64).default(1),
  REGIE_JOB_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(1_000),
  REGIE_JOB_LEASE_SECONDS: z.coerce.number().min(1).max(3_600).default(30),
  REGIE_UPLOAD_SWEEP_MINUTES: z.coerce.number().min(0).max(1_440).default(60),
  REGIE_CACHE_TTL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  REGIE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(1).max(600_000).default(5000),
  REGIE_AUTH_CACHE_TTL_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
  REGIE_S3_BUCKET: optionalText,
  REGIE_S3_ENDPOINT: optionalUrl,
  REGIE_S3_REGION: optionalText.default('us-east-1'),
  REGIE_S3_ACCESS_KEY_ID: optionalText,
  REGIE_S3_SECRET_ACCESS_KEY: optionalText,
  REGIE_S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
  REGIE_STRIPE_SECRET_KEY: optionalText,
  REGIE_STRIPE_WEBHOOK_SECRET: optionalText,
  REGIE_MEDIA_SECRET: optionalText.pipe(z.string().min(32, 'Use at least 32 characters').optional()),
  REGIE_UPLOAD_PART_SIZE: z.coerce
    .number()
    .int()
    .min(64 * 1024)
    .max(64 * 1024 * 1024)
    .default(VIDEO_PART_SIZE),
  REGIE_IMPORT_ALLOW_HOSTS: optionalText,
  REGIE_IMPORT_MAX_BYTES: z.coerce.number().int().positive().default(VIDEO_IMPORT_MAX_BYTES_DEFAULT),
  REGIE_IMPORT_TIMEOUT_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(86_400)
    .default(6 * 60 * 60),
  REGIE_YOUTUBE_CLIENT_ID: optionalText,
  REGIE_YOUTUBE_CLIENT_SECRET: optionalText,
  REGIE_FACEBOOK_APP_ID: optionalText,
  REGIE_FACEBOOK_APP_SECRET: optionalText,
  REGIE_TWITTER_API_KEY: optionalText,
  REGIE_TWITTER_API_SECRET: optionalText,
  REGIE_DAILYMOTION_API_KEY: optionalText,
  REGIE_DAILYMOTION_API_SECRET: optionalText,
  REGIE_TIKTOK_CLIENT_KEY: optionalText,
  REGIE_TIKTOK_CLIENT_SECRET: optionalText,
  /** Without a platform's app credentials, link to this server's local stand-in of it (on) or not at all (off). */
  REGIE_SOCIAL_LOCAL: z.enum(['on', 'off']).default('on'),
  REGIE_SOCIAL_LOCAL_URL: optionalUrl,
  /** One origin for all of a platform's OAuth and account calls (tests, proxies); the platform's own by default. */
  REGIE_YOUTUBE_OAUTH_URL: optionalUrl,
  REGIE_FACEBOOK_OAUTH_URL: optionalUrl,
  REGIE_INSTAGRAM_OAUTH_URL: optionalUrl,
  REGIE_TWITTER_OAUTH_URL: optionalUrl,
  REGIE_DAILYMOTION_OAUTH_URL: optionalUrl,
  REGIE_TIKTOK_OAUTH_URL: optionalUrl,
  REGIE_INGEST_HOST: optionalText.default('127.0.0.1'),
  REGIE_INGEST_PORT: z.coerce.number().int().min(0).max(65535).default(1935),
  REGIE_SIMULCAST_ALLOW_HOSTS: optionalText,
  REGIE_LIVE_MAX_PUSHES: z.coerce.number().int().min(0).max(10_000).default(0),
  REGIE_INGEST_PUBLIC_URL: optionalText.pipe(
    z
      .string()
      .regex(/^rtmps?:\/\//, 'Use an rtmp:// or rtmps:// URL')
      .optional(),
  ),
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

/** A social platform's app (contract social.ts), and where its OAuth calls go when not its own origins. */
export interface SocialAppConfig {
  clientId: string;
  clientSecret: string;
  baseUrl: string | null;
}

export interface SocialConfig {
  /** Apps configured, by platform; a platform without one links to the local stand-in when `local`. */
  apps: Partial<Record<SocialPlatform, SocialAppConfig>>;
  local: boolean;
  /**
   * Where a process without the stand-ins' HTTP server (a worker) reaches them
   * (REGIE_SOCIAL_LOCAL_URL); null: this server's own port on the loopback.
   */
  localUrl: string | null;
}

export interface VideosConfig {
  /**
   * HMAC key of the signed media URLs (`?t=`). Several API processes must share one; unset, each
   * process makes its own at start (URLs then stop working after a restart).
   */
  mediaSecret: string | null;
  /**
   * Bytes per part of a resumable upload (the last part is shorter); default the contract's
   * VIDEO_PART_SIZE. S3 wants 5 MiB at least; smaller sizes serve tests on local storage.
   */
  uploadPartSize: number;
  /** Hosts and addresses import-url may reach although they are not public (tests, an intranet). */
  importAllowHosts: string[];
  importMaxBytes: number;
  importTimeoutMs: number;
}

/** The live ingest (live/): where encoders publish RTMP. */
export interface LiveConfig {
  /** Loopback by default; 0.0.0.0 to take encoders from other machines. */
  ingestHost: string;
  /** 1935 by default; 0: a free port (tests). */
  ingestPort: number;
  /** What encoders are told to publish to (rtmps://live.example.com/live behind a TLS proxy); null: rtmp://host:port/live. */
  ingestPublicUrl: string | null;
  /**
   * The most simulcast pushes this live node runs at once (its uplink); null: no limit. A target
   * past it is left to another live node, which reads the input from its live playlist.
   */
  maxPushes: number | null;
  /**
   * The private hosts a simulcast target may push to (REGIE_SIMULCAST_ALLOW_HOSTS: host names,
   * addresses and networks such as 10.20.0.0/16, comma-separated); every other target must be at
   * a public address (issue 40.7).
   */
  simulcastAllowHosts: string[];
}

/** What a process does (issue 27): answer the API and serve the web app, run jobs, run the live engines. */
export const PROCESS_ROLES = ['api', 'worker', 'live'] as const;
export type ProcessRole = (typeof PROCESS_ROLES)[number];

/** REGIE_ROLES, a comma-separated list; unset, every role (`npm start`: one process does it all). */
export function parseRoles(text: string | undefined): ProcessRole[] {
  if (text === undefined) return [...PROCESS_ROLES];
  const names = text
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== '');
  const unknown = names.filter((name) => !(PROCESS_ROLES as readonly string[]).includes(name));
  if (unknown.length > 0 || names.length === 0) {
    throw new Error(
      `Invalid environment:\n  REGIE_ROLES: ${unknown.length > 0 ? `unknown role ${unknown.join(', ')}` : 'no role'}; use some of ${PROCESS_ROLES.join(', ')}, separated by commas`,
    );
  }
  return PROCESS_ROLES.filter((role) => names.includes(role));
}

/**
 * The refusals of a process started as one part of a cluster (some roles only, REGIE_ROLES): its
 * other parts run elsewhere and share the database and the files. PGlite belongs to one process;
 * a local storage folder is seen by the others only when it is shared (the same machine, or a
 * network folder), which REGIE_STORAGE_SHARED=true says.
 */
export function clusterProblems(
  config: Pick<AppConfig, 'roles' | 'databaseUrl' | 'storage' | 'storageShared'>,
): string[] {
  if (config.roles.length === PROCESS_ROLES.length) return [];
  const problems: string[] = [];
  if (!config.databaseUrl) {
    problems.push(
      `REGIE_ROLES=${config.roles.join(',')} makes this process one part of several, which share one database: set DATABASE_URL to PostgreSQL (the embedded database belongs to one process)`,
    );
  }
  if (config.storage.driver === 'local' && !config.storageShared) {
    problems.push(
      `REGIE_ROLES=${config.roles.join(',')} makes this process one part of several, which share the files: use S3 (REGIE_S3_BUCKET…), or say that ${config.storage.folder} is shared by every process (the same machine or a network folder) with REGIE_STORAGE_SHARED=true`,
    );
  }
  return problems;
}

export interface AppConfig {
  /** What this process does (REGIE_ROLES); every role by default. */
  roles: readonly ProcessRole[];
  /** The local storage folder is seen by every process of the cluster (REGIE_STORAGE_SHARED). */
  storageShared: boolean;
  port: number;
  host: string;
  /** Absolute; holds the embedded database (and later local media). */
  dataDir: string;
  /** PostgreSQL when set, else the embedded PGlite database in `<dataDir>/db`. */
  databaseUrl: string | null;
  /** The PostgreSQL connections each process opens at most (DATABASE_POOL_SIZE; unused by PGlite). */
  databasePoolSize: number;
  seed: 'demo' | 'none';
  /** Whether an empty data folder may start from the demo database the build made (db/demo-template.ts). */
  demoTemplate: boolean;
  /** Whether the demo data gets its two videos, made by ffmpeg and encoded after the start (off: benchmarks). */
  demoVideos: boolean;
  nodeEnv: string;
  environment: 'development' | 'staging' | 'production';
  webDist: string;
  googleAnalyticsToken: string | null;
  cmsUrl: string | null;
  pushUrl: string | null;
  /** Base of assetsUrl and imagesUrl; '' means the same origin as the API. */
  publicUrl: string;
  /**
   * Behind a load balancer: the proxies whose X-Forwarded-For gives the client's address (sign-in
   * throttle, rate limits, geo blocking); false: the connection's own address, always.
   */
  trustProxy: false | readonly string[];
  /** The country database geo blocking reads (REGIE_GEO_DATABASE); null: the one shipped. */
  geoDatabase: string | null;
  logLevel: string;
  /** One log line per request (REGIE_LOG_REQUESTS=on), their URLs with credentials redacted. */
  logRequests: boolean;
  /** Realtime events go through Redis pub/sub when set (several processes), else stay in-process. */
  redisUrl: string | null;
  /** GET /metrics needs `Authorization: Bearer <it>` when set; null: open (keep the port private). */
  metricsToken: string | null;
  /** A worker process's own HTTP port for /metrics, /livez and /readyz; 0: none (API processes use theirs). */
  metricsPort: number;
  /** Jobs this process runs side by side (0: none, leave them to `worker` processes). */
  workers: number;
  /** How often an idle worker looks at the job queue. */
  jobPollMs: number;
  /** A claimed job is its worker's for this long, renewed while it runs; a dead worker's job is taken over after it. */
  jobLeaseMs: number;
  /** How often a worker deletes the parts of expired upload sessions (0: never). */
  uploadSweepMs: number;
  /** How long a cached entry (admin payload) lives; 0 turns caching off. */
  cacheTtlMs: number;
  /**
   * How long a token's signed-in context (session, user, account, roles, modules) is kept in a
   * process; revocations and changes drop it at once everywhere, so this only bounds a lost one.
   */
  authCacheTtlMs: number;
  /** The admins' query builder's statement timeout (its export's is ten times longer). */
  queryTimeoutMs: number;
  storage: StorageConfig;
  /** Mails (fans' sign-up): SMTP when SMTP_URL is set, else .eml files in `<dataDir>/mail/outbox`. */
  mail: MailConfig;
  /** The Stripe secret key (sk_…) the payment offers' catalogue is read with; null: not configured (503). */
  stripeSecretKey: string | null;
  /** Verifies Stripe's notices of paid checkouts (POST /api/payments/stripe/webhook); none: the fan's return confirms. */
  stripeWebhookSecret: string | null;
  videos: VideosConfig;
  social: SocialConfig;
  live: LiveConfig;
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

function socialConfig(values: z.infer<typeof environmentSchema>): SocialConfig {
  const app = (clientId: string | undefined, clientSecret: string | undefined, baseUrl: string | undefined) =>
    clientId && clientSecret ? { clientId, clientSecret, baseUrl: baseUrl?.replace(/\/+$/, '') ?? null } : undefined;
  const apps: Partial<Record<SocialPlatform, SocialAppConfig | undefined>> = {
    youtube: app(values.REGIE_YOUTUBE_CLIENT_ID, values.REGIE_YOUTUBE_CLIENT_SECRET, values.REGIE_YOUTUBE_OAUTH_URL),
    facebook: app(values.REGIE_FACEBOOK_APP_ID, values.REGIE_FACEBOOK_APP_SECRET, values.REGIE_FACEBOOK_OAUTH_URL),
    // Instagram's professional accounts are reached through the Facebook app.
    instagram: app(values.REGIE_FACEBOOK_APP_ID, values.REGIE_FACEBOOK_APP_SECRET, values.REGIE_INSTAGRAM_OAUTH_URL),
    twitter: app(values.REGIE_TWITTER_API_KEY, values.REGIE_TWITTER_API_SECRET, values.REGIE_TWITTER_OAUTH_URL),
    dailymotion: app(
      values.REGIE_DAILYMOTION_API_KEY,
      values.REGIE_DAILYMOTION_API_SECRET,
      values.REGIE_DAILYMOTION_OAUTH_URL,
    ),
    tiktok: app(values.REGIE_TIKTOK_CLIENT_KEY, values.REGIE_TIKTOK_CLIENT_SECRET, values.REGIE_TIKTOK_OAUTH_URL),
  };
  const configured = Object.fromEntries(Object.entries(apps).filter(([, value]) => value !== undefined));
  return {
    apps: configured as SocialConfig['apps'],
    local: values.REGIE_SOCIAL_LOCAL === 'on',
    localUrl: values.REGIE_SOCIAL_LOCAL_URL?.replace(/\/+$/, '') ?? null,
  };
}

/** A comma-separated list of hosts: lowercase, IPv6 brackets removed. */
function hostList(text: string | undefined): string[] {
  return (text ?? '')
    .split(',')
    .map((host) =>
      host
        .trim()
        .toLowerCase()
        .replace(/^\[(.*)\]$/, '$1'),
    )
    .filter(Boolean);
}

function videosConfig(values: z.infer<typeof environmentSchema>): VideosConfig {
  return {
    mediaSecret: values.REGIE_MEDIA_SECRET ?? null,
    uploadPartSize: values.REGIE_UPLOAD_PART_SIZE,
    importAllowHosts: hostList(values.REGIE_IMPORT_ALLOW_HOSTS),
    importMaxBytes: values.REGIE_IMPORT_MAX_BYTES,
    importTimeoutMs: values.REGIE_IMPORT_TIMEOUT_SECONDS * 1000,
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
  const config: AppConfig = {
    roles: parseRoles(values.REGIE_ROLES),
    storageShared: values.REGIE_STORAGE_SHARED === 'true',
    port: values.PORT,
    host: values.HOST,
    dataDir,
    databaseUrl: values.DATABASE_URL ?? null,
    databasePoolSize: values.DATABASE_POOL_SIZE,
    seed: values.REGIE_SEED,
    demoTemplate: values.REGIE_DEMO_TEMPLATE === 'on',
    demoVideos: values.REGIE_DEMO_VIDEOS === 'on',
    nodeEnv: values.NODE_ENV,
    environment: values.REGIE_ENV,
    webDist: values.REGIE_WEB_DIST ? resolve(process.cwd(), values.REGIE_WEB_DIST) : PACKAGE_PATHS.webDist,
    googleAnalyticsToken: values.REGIE_GOOGLE_ANALYTICS_TOKEN ?? null,
    cmsUrl: values.REGIE_CMS_URL ?? null,
    pushUrl: values.REGIE_PUSH_URL ?? null,
    publicUrl: (values.REGIE_PUBLIC_URL ?? '').replace(/\/+$/, ''),
    trustProxy: trustedProxies(values.REGIE_TRUST_PROXY),
    geoDatabase: values.REGIE_GEO_DATABASE ?? null,
    logLevel: values.LOG_LEVEL,
    logRequests: values.REGIE_LOG_REQUESTS === 'on',
    redisUrl: values.REDIS_URL ?? null,
    metricsToken: values.REGIE_METRICS_TOKEN ?? null,
    metricsPort: values.REGIE_METRICS_PORT,
    workers: values.REGIE_WORKERS,
    jobPollMs: values.REGIE_JOB_POLL_MS,
    jobLeaseMs: Math.round(values.REGIE_JOB_LEASE_SECONDS * 1000),
    uploadSweepMs: Math.round(values.REGIE_UPLOAD_SWEEP_MINUTES * 60_000),
    cacheTtlMs: values.REGIE_CACHE_TTL_SECONDS * 1000,
    authCacheTtlMs: values.REGIE_AUTH_CACHE_TTL_SECONDS * 1000,
    queryTimeoutMs: values.REGIE_QUERY_TIMEOUT_MS,
    storage: storageConfig(values, dataDir),
    mail: { smtpUrl: values.SMTP_URL ?? null, from: values.REGIE_MAIL_FROM },
    stripeSecretKey: values.REGIE_STRIPE_SECRET_KEY ?? null,
    stripeWebhookSecret: values.REGIE_STRIPE_WEBHOOK_SECRET ?? null,
    videos: videosConfig(values),
    social: socialConfig(values),
    live: {
      ingestHost: values.REGIE_INGEST_HOST,
      ingestPort: values.REGIE_INGEST_PORT,
      ingestPublicUrl: values.REGIE_INGEST_PUBLIC_URL ?? null,
      maxPushes: values.REGIE_LIVE_MAX_PUSHES > 0 ? values.REGIE_LIVE_MAX_PUSHES : null,
      simulcastAllowHosts: hostList(values.REGIE_SIMULCAST_ALLOW_HOSTS),
    },
  };
  if (config.storage.driver === 's3' && config.videos.uploadPartSize < S3_MIN_PART_SIZE) {
    throw new Error('Invalid environment:\n  REGIE_UPLOAD_PART_SIZE: S3 needs parts of 5 MiB at least');
  }
  const problems = clusterProblems(config);
  if (problems.length > 0) throw new Error(`Invalid environment:\n${problems.map((line) => `  ${line}`).join('\n')}`);
  return config;
}

/** The load balancer beside the API (REGIE_TRUST_PROXY=true): loopback and the private networks. */
export const NEARBY_PROXIES = ['loopback', 'linklocal', 'uniquelocal'] as const;

/**
 * REGIE_TRUST_PROXY as the proxies to trust: `true` those nearby (never every hop: an address on
 * the internet would then choose its own X-Forwarded-For), `false` none, else the list given.
 */
export function trustedProxies(value: string): false | readonly string[] {
  if (value === 'false' || value === '') return false;
  if (value === 'true') return NEARBY_PROXIES;
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}
