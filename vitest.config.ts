import { defineConfig } from 'vitest/config';

// One runner, three projects: pure contract rules, API tests on a real database, web units.
export default defineConfig({
  test: {
    // Two test files at a time (Vitest's default on 2 cores is one): most API files spend their
    // time waiting on ffmpeg, real-time streams or the database, and each imports the server
    // afresh. 8.8 min instead of 12.5 on this 2-core machine, all passing.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'contract',
          root: './packages/contract',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // The set-up scripts' decisions (system-packages.mjs: install, or the command to run).
        test: {
          name: 'scripts',
          root: './scripts',
          include: ['*.test.mjs'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          root: './packages/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file builds its own app on its own database (helpers.ts), so the server's modules
          // are imported once per worker instead of once per file: 168 s of imports became 10 s,
          // the suite 6.0 min -> 3.7 min on 2 cores.
          isolate: false,
        },
      },
      {
        test: {
          name: 'web',
          root: './packages/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/test-setup.ts'],
          // One import of React, Mantine and the catalogs per worker, not per file (78 s -> 21 s);
          // test-setup.ts clears the screen, the messages and storage after every test.
          isolate: false,
        },
      },
    ],
  },
});
