// `npm start`: builds whatever is not built yet, then runs the server (API + web app + worker).
// `npm run worker`: the same, but a standalone job worker (needs DATABASE_URL: PGlite is one process).
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { root, staleTargets } from './build-state.mjs';
import { ensureSystemPackages } from './system-packages.mjs';

// ffmpeg encodes, clips and airs every video (and makes the demo videos): installed or explained first.
ensureSystemPackages(['ffmpeg']);

for (const workspace of staleTargets()) {
  console.log(`Building ${workspace}…`);
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const entry = process.argv.includes('--worker') ? 'worker.js' : 'main.js';
const child = spawn(process.execPath, ['--enable-source-maps', join(root, 'packages/server/dist', entry)], {
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
