// `npm run bench:modules`: what the paid modules cost where fans watch (issue 47), on one API process
// (PGlite), as ratios measured in the same run (lib.mjs interleavedRatio):
//   - the embed page's data kept in front, for a viewer in France, with geo blocking on (the demo
//     club allows Belgium and France: every hit checks the viewer's country) ÷ the same page with
//     geo blocking off (aim ≥ 0.8: the checks must not undo the front cache's gain);
//   - the per-viewer playback grant (never kept: signed for the viewer's country), in requests per
//     second, against the bare route.
//   - the watermark's ladder encode ÷ the plain ladder (aim ≤ 1.1), the server's own encode of a
//     720p source, once the servers are stopped (bench/watermark-encode.mjs).
//   - the same page's data with geo blocking and a paywall on (a pass sold for the match: the
//     page says what is needed, every hit still checks the country) ÷ the page with both off.
// BENCH_SMOKE=1: one round per call (and a 2 s source for the encode).
import { apiClient, interleavedRatio, printTable, setting, signIn, startBaseline, startRegie } from './lib.mjs';
import { watermarkEncodeRow } from './watermark-encode.mjs';

const rounds = Number(setting('BENCH_ROUNDS', 9, 1));
const seconds = Number(setting('BENCH_SECONDS', 1, 1));
/** An address the shipped GeoLite2 database places in France (the test plays the load balancer). */
const FRANCE = { 'x-forwarded-for': '90.84.0.1' };

/** The embed token of a published replay of the club, under the account's geo rule or open to all. */
async function replayPage(api, name, geoBlocking) {
  const event = await api('POST', '/main-api/events', {
    name,
    state: 'replay',
    published: true,
    activatedModules: ['EMBED'],
    ...(geoBlocking ? { geoBlocking } : {}),
  });
  const { url } = await api('GET', `/main-api/events/${event.id}/embed`);
  return url.split('/').pop();
}

/**
 * A page under the club's geo rule whose match a pass is sold for (PAYMENT_RESTRICTION, the demo
 * club's module): the club's manager makes the product, its offer and the link to the event.
 */
async function paidPage(url, producerApi, name) {
  const token = await replayPage(producerApi, name, null);
  const manager = apiClient(url, await signIn(url, 'usermanager'));
  const events = await producerApi('GET', `/main-api/events?search=${encodeURIComponent(name)}`);
  const eventId = events.data[0]?.id;
  const offer = await manager('POST', '/main-api/payment-offers', { name, price: 499, currency: 'EUR' });
  const product = await manager('POST', '/main-api/products', { name });
  await manager('POST', `/main-api/products/${product.id}/paymentOffers`, { paymentOfferId: offer.id });
  await manager('POST', `/main-api/products/${product.id}/items`, { itemType: 'event', itemId: eventId });
  // No replay video in the benches' demo: the page says so, and its playback asks for a fan first.
  const playback = await fetch(`${url}/main-api/embed/${token}/playback`, { headers: FRANCE });
  if (playback.status !== 401) throw new Error(`the paid page's playback answered ${playback.status}, not 401`);
  return token;
}

const baseline = await startBaseline();
// Trusts the loopback's X-Forwarded-For: the bench names its viewers' addresses as a balancer would.
const regie = await startRegie({ env: { REGIE_TRUST_PROXY: 'loopback' } });
const rows = [];
try {
  const api = apiClient(regie.url, await signIn(regie.url, 'producer'));
  const stamp = Date.now();
  // The same page twice: one under the club's rule, one whose own rule refuses nobody (geo off).
  const guarded = await replayPage(api, `Bench geo ${stamp}`, null);
  const open = await replayPage(api, `Bench open ${stamp}`, { mode: 'block', countries: [] });
  const check = await fetch(`${regie.url}/main-api/embed/${guarded}`, { headers: { 'x-forwarded-for': '85.214.0.1' } });
  if (check.status !== 451) throw new Error(`a viewer in Germany got ${check.status}, not 451: geo blocking is off`);
  const paid = await paidPage(regie.url, api, `Bench paid ${stamp}`);

  const data = await interleavedRatio(
    { url: `${regie.url}/main-api/embed/${open}`, headers: FRANCE },
    { url: `${regie.url}/main-api/embed/${guarded}`, headers: FRANCE },
    { rounds, seconds },
  );
  rows.push({
    call: 'embed page data, geo blocking on ÷ off (a viewer in France)',
    'req/s': Math.round(data.rps),
    'p99 ms': data.p99,
    'off req/s': Math.round(data.baseRps),
    ratio: data.ratio.toFixed(3),
    aim: '≥ 0.8',
    'rounds min–max': data.spread.map((ratio) => ratio.toFixed(2)).join('–'),
  });
  const paywall = await interleavedRatio(
    { url: `${regie.url}/main-api/embed/${open}`, headers: FRANCE },
    { url: `${regie.url}/main-api/embed/${paid}`, headers: FRANCE },
    { rounds, seconds },
  );
  rows.push({
    call: 'embed page data, geo blocking and a paywall on ÷ both off',
    'req/s': Math.round(paywall.rps),
    'p99 ms': paywall.p99,
    'off req/s': Math.round(paywall.baseRps),
    ratio: paywall.ratio.toFixed(3),
    aim: '≥ 0.8',
    'rounds min–max': paywall.spread.map((ratio) => ratio.toFixed(2)).join('–'),
  });
  // No replay video in the benches' demo (REGIE_DEMO_VIDEOS off): the grant answers what plays, a 404 here.
  const grant = await fetch(`${regie.url}/main-api/embed/${guarded}/playback`, { headers: FRANCE });
  if (![200, 404].includes(grant.status)) throw new Error(`the playback grant answered ${grant.status}`);
  const page = await interleavedRatio(
    { url: `${baseline.url}/` },
    { url: `${regie.url}/main-api/embed/${guarded}`, headers: FRANCE },
    { rounds, seconds },
  );
  rows.push({
    call: 'embed page data, geo blocking on ÷ bare Fastify route',
    'req/s': Math.round(page.rps),
    'p99 ms': page.p99,
    'off req/s': Math.round(page.baseRps),
    ratio: page.ratio.toFixed(3),
    aim: '≥ 0.6 (bench:fans)',
    'rounds min–max': page.spread.map((ratio) => ratio.toFixed(2)).join('–'),
  });
} finally {
  await regie.stop();
  await baseline.stop();
}
// ffmpeg alone on the machine: the encodes do not share the cores with the servers above.
rows.push(await watermarkEncodeRow());
printTable(rows);
