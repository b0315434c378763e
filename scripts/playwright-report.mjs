// What `npm test` says of a Playwright JSON report: the counts, the failures and the flaky tests
// (failed, then passed on CI's one retry). Pure, so that scripts/playwright-report.test.mjs checks it.

/** Playwright's messages carry terminal colour codes (ESC [ … m). */
const ESCAPE = String.fromCharCode(27);
export const withoutColours = (text) =>
  text
    .split(ESCAPE)
    .map((part, index) => (index === 0 ? part : part.replace(/^\[[0-9;]*m/, '')))
    .join('');
export const firstLine = (text) =>
  String(text ?? '')
    .split('\n')
    .find((line) => line.trim()) ?? '';

const errorOf = (result) => withoutColours(firstLine(result?.error?.message ?? result?.errors?.[0]?.message));

/**
 * A flaky test counts as passed (CI's retry turned it green) and is named in `flaky` with the
 * error of its failed try, so that a retry never hides it (issue 45).
 */
export function readPlaywrightReport(report) {
  const { stats = {} } = report;
  const failures = [];
  const flaky = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      const name = [...titles, spec.title].join(' › ');
      for (const test of spec.tests ?? []) {
        if (test.status === 'flaky') {
          flaky.push(`${name}: ${errorOf(test.results?.find((result) => result.status !== 'passed'))}`);
        }
        if (test.status === 'unexpected') failures.push(`${name}: ${errorOf(test.results?.at(-1))}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, [suite.title]);
  for (const error of report.errors ?? []) failures.push(`playwright: ${firstLine(error.message)}`);
  return {
    passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
    failed: stats.unexpected ?? 0,
    skipped: stats.skipped ?? 0,
    failures,
    flaky,
  };
}
