// `npm test`: every test, in three tiers: unit + API (vitest, on PGlite unless TEST_DATABASE_URL
// points at PostgreSQL), then the browser tests (Playwright on Debian's Chromium).
// Prints one closing line, "tests: N passed, N failed, N skipped", and exits non-zero on failure.
//   node scripts/test.mjs                 everything
//   node scripts/test.mjs --api           only the server's API suite (used for the PostgreSQL run)
//   node scripts/test.mjs --no-e2e        unit + API only
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { root, staleTargets } from './build-state.mjs';
import { firstLine, readPlaywrightReport } from './playwright-report.mjs';
import { ensureSystemPackages } from './system-packages.mjs';

const args = new Set(process.argv.slice(2));
const withBrowser = !args.has('--api') && !args.has('--no-e2e');
// The API suite runs ffmpeg, the browser tests Chromium: installed, or one line saying how, first.
ensureSystemPackages(withBrowser ? ['ffmpeg', 'chromium'] : ['ffmpeg']);
const reportDir = join(root, '.tmp', 'test-reports');
rmSync(reportDir, { recursive: true, force: true });
mkdirSync(reportDir, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
/** One line per failure, printed again at the end: CI logs are often read from their tail. */
const failures = [];
/**
 * The browser tests that failed, then passed on CI's one retry: counted as passed (CI stays green),
 * but named at the end beside the counts, so that a retry never hides a flaky test (issue 45).
 */
const flaky = [];
let exitCode = 0;

/**
 * Runs a tier in a process group of its own and, once it has ended, stops what it left behind:
 * an ffmpeg or a relay a failed test never stopped kept taking the CPU from every test after it.
 * What was left is said, so that the test that leaks can be found.
 */
/** How long each tier took, said at the end (CI logs are read from their tail). */
const tierTimes = [];

async function run(command, commandArgs, env = {}) {
  const startedAt = Date.now();
  const child = spawn(command, commandArgs, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
    detached: true,
  });
  // Ctrl-C and CI's stop reach the tier's group too (it is not the terminal's foreground group).
  const forward = (signal) => () => {
    try {
      process.kill(-child.pid, signal);
    } catch {}
  };
  const onInt = forward('SIGINT');
  const onTerm = forward('SIGTERM');
  process.on('SIGINT', onInt).on('SIGTERM', onTerm);
  const result = await new Promise((resolve) => {
    child.once('error', (error) => resolve({ status: 1, signal: null, error }));
    child.once('exit', (status, signal) => resolve({ status, signal }));
  });
  process.off('SIGINT', onInt).off('SIGTERM', onTerm);
  stopLeftovers(child.pid, command);
  const seconds = Math.round((Date.now() - startedAt) / 1000);
  tierTimes.push(
    `${[command, ...commandArgs].join(' ').slice(0, 60)}: ${Math.floor(seconds / 60)} min ${seconds % 60} s`,
  );
  if (result.status !== 0) exitCode = result.status || 1;
  return result;
}

/** Kills the processes still in the tier's group, after naming them. */
function stopLeftovers(group, command) {
  const listed = spawnSync('pgrep', ['-a', '-g', String(group)], { encoding: 'utf8' });
  const left = (listed.stdout ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  if (left.length === 0) return;
  console.log(`\n${left.length} process(es) left running by ${command} were stopped:`);
  for (const line of left) console.log(`  ${line.slice(0, 160)}`);
  try {
    process.kill(-group, 'SIGKILL');
  } catch {}
}

function countVitest(file, result) {
  if (!existsSync(file)) {
    failures.push(`vitest exited with code ${result.status} (signal ${result.signal ?? 'none'}) and wrote no report`);
    return;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests ?? 0;
  totals.failed += report.numFailedTests ?? 0;
  totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  if (!report.success) exitCode ||= 1;
  for (const suite of report.testResults ?? []) {
    const name = relative(root, suite.name ?? '');
    const failed = (suite.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failed) failures.push(`${name} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    if (suite.status === 'failed' && failed.length === 0) failures.push(`${name}: ${firstLine(suite.message)}`);
  }
  if (!report.success && failures.length === 0) {
    failures.push('vitest marked the run failed with no failed test: an unhandled error (see "Unhandled" above)');
  }
}

function countPlaywright(file, result) {
  if (!existsSync(file)) {
    failures.push(`playwright exited with code ${result.status} and wrote no report`);
    return;
  }
  const read = readPlaywrightReport(JSON.parse(readFileSync(file, 'utf8')));
  totals.passed += read.passed;
  totals.failed += read.failed;
  totals.skipped += read.skipped;
  failures.push(...read.failures);
  flaky.push(...read.flaky);
}

// The browser tests need the build, and so does the local cluster's test (scripts/cluster.test.mjs,
// skipped without it): built first.
if (withBrowser) for (const workspace of staleTargets()) await run('npm', ['run', 'build', '-w', workspace]);
const vitestProjects = args.has('--api') ? ['--project', 'server'] : [];
/**
 * The local cluster's tests (scripts/cluster*.test.mjs) start a dozen processes (nginx,
 * PostgreSQL, Redis, API processes, workers, live nodes, Chromium): run beside the other files
 * they starved them (a web test waited more than 4 s for a re-render). They run after, alone.
 */
const CLUSTER_TESTS = '**/cluster*.test.mjs';
const vitestReport = join(reportDir, 'vitest.json');
const vitestRun = await run('npx', [
  'vitest',
  'run',
  ...vitestProjects,
  '--exclude',
  CLUSTER_TESTS,
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);
countVitest(vitestReport, vitestRun);
if (!args.has('--api')) {
  const clusterReport = join(reportDir, 'vitest-cluster.json');
  const clusterRun = await run('npx', [
    'vitest',
    'run',
    '--project',
    'scripts',
    'cluster',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${clusterReport}`,
  ]);
  countVitest(clusterReport, clusterRun);
}

if (withBrowser) {
  const playwrightReport = join(reportDir, 'playwright.json');
  const playwrightRun = await run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
  });
  countPlaywright(playwrightReport, playwrightRun);
}

if (exitCode !== 0 && totals.failed === 0) totals.failed = 1;
console.log(`\nTiers:\n${tierTimes.map((line) => `  ${line}`).join('\n')}`);
if (failures.length > 0) console.log(`\nFailures:\n${failures.map((line) => `  - ${line}`).join('\n')}`);
if (flaky.length > 0) {
  console.log(
    `\nFlaky (failed, then passed on retry: fix each at its cause):\n${flaky.map((line) => `  - ${line}`).join('\n')}`,
  );
}
console.log(
  `\ntests: ${totals.passed} passed, ${totals.failed} failed, ${flaky.length} flaky, ${totals.skipped} skipped`,
);
process.exit(exitCode);
