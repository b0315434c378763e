// `npm run bench:web`: Lighthouse performance of the login page and of a signed-in list page,
// desktop and mobile presets, driving Debian's Chromium (never a downloaded browser). A bare
// HTML page served by plain Fastify in the same run is the baseline the timings compare to.
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer from 'puppeteer-core';
import {
  apiClient,
  jobsDue,
  printTable,
  SMOKE,
  setting,
  signIn as signInApi,
  startBaseline,
  startRegie,
  waitUntilIdle,
} from './lib.mjs';

const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const PRESETS = { desktop: desktopConfig, mobile: undefined };
/** BENCH_SMOKE=1: the desktop preset only, one audit of the baseline and of the signed-in list. */
const PRESET_NAMES = SMOKE ? ['desktop'] : Object.keys(PRESETS);
/** Audits per page and preset (BENCH_WEB_RUNS): one run on a shared VM moves by 0.1 in score. */
const RUNS = Math.max(1, Number(setting('BENCH_WEB_RUNS', 3, 1)));
/** A demo user whose home page is a list (spec §2 landing routes). */
const LIST_USER = { username: 'usermanager', password: 'regie-demo', page: '/account/users/list' };

async function audit(browser, url, preset) {
  const page = await browser.newPage();
  try {
    // Every audit starts with a cold HTTP cache, as a first visit would.
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
    // Storage is kept (disableStorageReset) so that a signed-in page stays signed in.
    const result = await lighthouse(
      url,
      { logLevel: 'error', output: 'json', onlyCategories: ['performance'], disableStorageReset: true },
      PRESETS[preset],
      page,
    );
    const { categories, audits } = result.lhr;
    if (process.env.BENCH_WEB_DETAIL) printDetail(url, preset, audits);
    return {
      performance: categories.performance.score,
      lcpMs: Math.round(audits['largest-contentful-paint'].numericValue),
      fcpMs: Math.round(audits['first-contentful-paint'].numericValue),
      tbtMs: Math.round(audits['total-blocking-time'].numericValue),
      transferKb: Math.round(audits['total-byte-weight'].numericValue / 1024),
    };
  } finally {
    await page.close();
  }
}

/** BENCH_WEB_DETAIL=1: what each audit loaded and when (simulated), and its LCP element. */
function printDetail(url, preset, audits) {
  console.log(
    `\n${url} (${preset}): LCP element ${JSON.stringify(audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? null)}`,
  );
  for (const item of audits['largest-contentful-paint-element']?.details?.items?.[1]?.items ?? []) {
    console.log(`  LCP phase ${item.phase}: ${Math.round(item.timing)} ms`);
  }
  const observed = audits.metrics?.details?.items?.[0] ?? {};
  console.log(
    `  observed (unthrottled): FCP ${Math.round(observed.observedFirstContentfulPaint)} ms, LCP ${Math.round(observed.observedLargestContentfulPaint)} ms, load ${Math.round(observed.observedLoad)} ms`,
  );
  const requests = audits['network-requests']?.details?.items ?? [];
  for (const request of requests) {
    const path = request.url.replace(/^https?:\/\/[^/]+/, '').slice(0, 70);
    console.log(
      `  ${String(Math.round(request.networkRequestTime)).padStart(6)}–${String(Math.round(request.networkEndTime)).padStart(6)} ms ${String(Math.round((request.transferSize ?? 0) / 1024)).padStart(4)} KB ${path}`,
    );
  }
}

async function signIn(browser, origin) {
  const page = await browser.newPage();
  await page.goto(`${origin}/login`, { waitUntil: 'networkidle0' });
  await page.type('input[autocomplete="username"]', LIST_USER.username);
  await page.type('input[autocomplete="current-password"]', LIST_USER.password);
  await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }), page.click('button[type="submit"]')]);
  if (!page.url().includes(LIST_USER.page)) throw new Error(`signed in, but landed on ${page.url()}`);
  await page.close();
}

const browser = await puppeteer.launch({ executablePath: chromePath, args: CHROME_FLAGS });
const rows = [];
let baseline;
let regie;
try {
  baseline = await startBaseline();
  regie = await startRegie();
  // The demo account (the editor's, which owns the demo video) has no job due.
  const editor = apiClient(regie.url, await signInApi(regie.url, 'editor'));
  const waited = await waitUntilIdle(regie.pid, () => jobsDue(editor));
  console.log(
    `waited ${waited.toFixed(0)} s for the server to be idle (no job due); ${RUNS} audits per row, the median shown`,
  );
  // Lighthouse's own advice on variability: several runs, the median one reported. Each row is
  // the run of median performance, with the spread of the runs' scores and LCPs beside it.
  const measure = async (name, url) => {
    for (const preset of PRESET_NAMES) {
      const runs = [];
      for (let run = 0; run < RUNS; run++) runs.push(await audit(browser, url, preset));
      runs.sort((a, b) => a.performance - b.performance || b.lcpMs - a.lcpMs);
      const middle = runs[Math.floor(runs.length / 2)];
      const spread = (key) => `${Math.min(...runs.map((r) => r[key]))}–${Math.max(...runs.map((r) => r[key]))}`;
      rows.push({
        page: name,
        preset,
        ...middle,
        'runs: performance': spread('performance'),
        'runs: LCP ms': spread('lcpMs'),
      });
    }
  };
  await measure('baseline: bare HTML page', `${baseline.url}/page`);
  if (!SMOKE) await measure('/login', `${regie.url}/login`);
  await signIn(browser, regie.url);
  await measure(`${LIST_USER.page} (signed in)`, `${regie.url}${LIST_USER.page}`);
} finally {
  await browser.close();
  await regie?.stop();
  await baseline?.stop();
}
const base = Object.fromEntries(rows.filter((row) => row.page.startsWith('baseline')).map((row) => [row.preset, row]));
printTable(rows.map((row) => ({ ...row, 'LCP ratio to baseline': (row.lcpMs / base[row.preset].lcpMs).toFixed(2) })));
