import { describe, expect, it } from 'vitest';
import { readPlaywrightReport } from './playwright-report.mjs';

const ESC = String.fromCharCode(27);
const test = (status, results) => ({ status, results });
const report = {
  stats: { expected: 2, unexpected: 1, flaky: 1, skipped: 1 },
  suites: [
    {
      title: 'simulcast.spec.ts',
      specs: [
        { title: 'sets up a simulcast', tests: [test('expected', [{ status: 'passed' }])] },
        {
          title: 'watches the status',
          tests: [
            test('flaky', [
              {
                status: 'timedOut',
                error: { message: `${ESC}[31mTest timeout of 180000ms exceeded.${ESC}[39m\nmore` },
              },
              { status: 'passed' },
            ]),
          ],
        },
      ],
      suites: [
        {
          title: 'cloud',
          specs: [
            {
              title: 'says not configured',
              tests: [
                test('unexpected', [{ status: 'failed', errors: [{ message: 'expect(locator).toBeVisible()' }] }]),
              ],
            },
          ],
        },
      ],
    },
  ],
};

describe('the browser tier summary', () => {
  it('counts a test that passed on retry as passed, and names it as flaky with its first error', () => {
    const read = readPlaywrightReport(report);
    expect(read.passed).toBe(3);
    expect(read.failed).toBe(1);
    expect(read.skipped).toBe(1);
    expect(read.flaky).toEqual(['simulcast.spec.ts › watches the status: Test timeout of 180000ms exceeded.']);
    expect(read.failures).toEqual(['simulcast.spec.ts › cloud › says not configured: expect(locator).toBeVisible()']);
  });

  it('names nothing flaky when every test passed at its first try', () => {
    const read = readPlaywrightReport({
      stats: { expected: 1 },
      suites: [report.suites[0]].map((suite) => ({ ...suite, specs: suite.specs.slice(0, 1), suites: [] })),
    });
    expect(read.flaky).toEqual([]);
    expect(read.failures).toEqual([]);
    expect(read.passed).toBe(1);
  });
});
