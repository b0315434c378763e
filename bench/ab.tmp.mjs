import autocannon from 'autocannon';
import { startBaseline } from './lib.mjs';
const [url, token] = process.argv.slice(2);
const base = await startBaseline();
const run = async (o) => (await autocannon({ ...o, duration: 4, connections: 10 })).requests.average;
const ratios = [];
for (let i = 0; i < 4; i++) {
  const b = await run({ url: `${base.url}/` });
  const r = await run({ url, headers: { authorization: `Bearer ${token}`, 'accept-version': 'v6' } });
  ratios.push(r / b); console.log(Math.round(b), Math.round(r), (r / b).toFixed(3));
}
ratios.sort(); console.log('median', ((ratios[1] + ratios[2]) / 2).toFixed(3));
await base.stop();
