import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const root = fileURLToPath(new URL('..', import.meta.url));
const port = Number(process.env.E2E_PORT ?? 3517);
// Overridable so that parallel runs (scripts/e2e-private.sh) do not share a server, a port or data.
const dataDir = process.env.E2E_DATA_DIR ?? `${root}.tmp/e2e-data`;
const serverEntry = process.env.E2E_SERVER_ENTRY ?? 'packages/server/dist/main.js';

const LIVE_FILES = [
  '**/live-tabs.spec.ts',
  '**/control-room.spec.ts',
  '**/streams.spec.ts',
  '**/simulcast.spec.ts',
  '**/live-clipping.spec.ts',
  // Its evening takes tonight's demo match live and ends it: no other file may read it meanwhile.
  '**/match-night.spec.ts',
];

// Browser tests run against the built app served by the real server on a fresh embedded database.
export default defineConfig({
  testDir: './tests',
  outputDir: process.env.E2E_RESULTS_DIR ?? `${root}.tmp/e2e-results`,
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // CI machines ran these tests about four times slower than a quiet 2-core machine: a test
  // taking 20 s here took 80 s there. Three minutes per test (longer ones say so), 20 s per check.
  timeout: 180_000,
  expect: { timeout: 20_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // Recorded on a retry only (`--trace on` for a local run): recording every test's trace made
    // Chromium capture each frame it drew for the screencast, a third of this suite's time.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
  },
  // The files whose encoders push live streams while players decode them are the heaviest: on a
  // loaded CI machine two of them side by side starved each other's players (a program left
  // 10 s behind its live edge). They run one at a time, beside the other files; listed first,
  // so that they start at once instead of on a single worker once the rest is done.
  projects: [
    { name: 'live', use: { browserName: 'chromium' }, testMatch: LIVE_FILES, workers: 1 },
    { name: 'chromium', use: { browserName: 'chromium' }, testIgnore: LIVE_FILES },
  ],
  webServer: {
    command: `rm -rf "${dataDir}" && node --enable-source-maps ${serverEntry}`,
    cwd: root,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      REGIE_DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      REGIE_ENV: 'development',
      // A free port for the live ingest: never a fixed 1935 in tests.
      REGIE_INGEST_PORT: process.env.REGIE_INGEST_PORT ?? '0',
      // The data feeds test serves its feed on this machine (127.0.0.1 itself stays refused).
      REGIE_IMPORT_ALLOW_HOSTS: 'localhost',
      // The simulcast tests' targets are on this machine (a private address is refused otherwise).
      REGIE_SIMULCAST_ALLOW_HOSTS: '127.0.0.1',
      // The tests play the load balancer: a viewer's browser names its address (geo-blocking.spec.ts).
      REGIE_TRUST_PROXY: 'loopback',
      ...(process.env.REGIE_WEB_DIST ? { REGIE_WEB_DIST: process.env.REGIE_WEB_DIST } : {}),
    },
  },
});
