// `npm start`: builds whatever is not built yet, then runs the server (API + web app + worker).
// `npm run worker`: the same, but a standalone job worker (needs DATABASE_URL: PGlite is one process).
// `npm run live`: the same, but a live node (REGIE_ROLES=live unless set: ingest, packagers,
// simulcast pushes and conversions under leases, no HTTP but REGIE_METRICS_PORT's probes).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { build, demoTemplateWanted, root, staleTargets } from './build-state.mjs';
import { ensureSystemPackages } from './system-packages.mjs';

// ffmpeg encodes, clips and airs every video (and makes the demo videos): installed or explained first.
ensureSystemPackages(['ffmpeg']);

const stale = staleTargets();
const web = stale.includes('@regie/web');
// The demo database only beside a web build (a clean clone), where it costs no time: made alone,
// making then loading it would take longer than seeding at start.
const status = await build({ server: stale.includes('@regie/server'), web, template: web && demoTemplateWanted() });
if (status !== 0) process.exit(status);

const entry = process.argv.includes('--worker') ? 'worker.js' : 'main.js';
const env = process.argv.includes('--live') ? { REGIE_ROLES: 'live', ...process.env } : process.env;
const child = spawn(process.execPath, ['--enable-source-maps', join(root, 'packages/server/dist', entry)], {
  stdio: 'inherit',
  env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
