// `npm test`: every test, in three tiers: unit + API (vitest, on PGlite unless TEST_DATABASE_URL
// points at PostgreSQL), then the browser tests (Playwright on Debian's Chromium).
// Prints one closing line, "tests: N passed, N failed, N skipped", and exits non-zero on failure.
//   node scripts/test.mjs                 everything
//   node scripts/test.mjs --api           only the server's API suite (used for the PostgreSQL run)
//   node scripts/test.mjs --no-e2e        unit + API only
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { root, staleTargets } from './build-state.mjs';

const args = new Set(process.argv.slice(2));
const reportDir = join(root, '.tmp', 'test-reports');
rmSync(reportDir, { recursive: true, force: true });
mkdirSync(reportDir, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
let exitCode = 0;

function run(command, commandArgs, env = {}) {
  const result = spawnSync(command, commandArgs, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) exitCode = result.status || 1;
  return result.status === 0;
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests ?? 0;
  totals.failed += report.numFailedTests ?? 0;
  totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  if (!report.success) exitCode ||= 1;
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  totals.failed += stats.unexpected ?? 0;
  totals.skipped += stats.skipped ?? 0;
}

const vitestProjects = args.has('--api') ? ['--project', 'server'] : [];
const vitestReport = join(reportDir, 'vitest.json');
run('npx', [
  'vitest',
  'run',
  ...vitestProjects,
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);
countVitest(vitestReport);

if (!args.has('--api') && !args.has('--no-e2e')) {
  for (const workspace of staleTargets()) run('npm', ['run', 'build', '-w', workspace]);
  const playwrightReport = join(reportDir, 'playwright.json');
  run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
  });
  countPlaywright(playwrightReport);
}

if (exitCode !== 0 && totals.failed === 0) totals.failed = 1;
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(exitCode);
