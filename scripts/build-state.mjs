// Knows whether the web app and the server bundle are older than their sources, so `npm start`
// builds only what is missing or stale.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const name of readdirSync(path)) {
    // A folder's notes (README.md beside the code) change no build.
    if (name === 'node_modules' || name === 'dist' || name.endsWith('.md')) continue;
    latest = Math.max(latest, newest(join(path, name)));
  }
  return latest;
}

const targets = {
  web: {
    output: 'packages/web/dist/index.html',
    inputs: [
      'packages/web/src',
      'packages/web/index.html',
      'packages/web/vite.config.ts',
      'packages/web/public',
      'packages/contract/src',
    ],
    workspace: '@regie/web',
  },
  server: {
    output: 'packages/server/dist/main.js',
    inputs: ['packages/server/src', 'packages/server/build.mjs', 'packages/contract/src'],
    workspace: '@regie/server',
  },
};

/** The workspaces whose build output is missing or older than a source file. */
export function staleTargets() {
  return Object.values(targets)
    .filter(({ output, inputs }) => {
      const built = newest(join(root, output));
      return built === 0 || inputs.some((input) => newest(join(root, input)) > built);
    })
    .map(({ workspace }) => workspace);
}

const serverDist = join(root, 'packages/server/dist');

/**
 * Whether the demo database template (packages/server/src/db/demo-template.ts) is missing or
 * older than its builder, and the coming start would seed: the embedded database in an empty data
 * folder, demo data on. Only then is it worth making beside a web build.
 */
export function demoTemplateWanted(env = process.env) {
  const builder = join(serverDist, 'demo-template.js');
  const meta = join(serverDist, 'demo-template.json');
  // As the server judges it (DEMO_TEMPLATE_MAX_AGE_MS): made after its builder, within the hour.
  const fresh =
    existsSync(meta) &&
    existsSync(builder) &&
    statSync(meta).mtimeMs >= statSync(builder).mtimeMs &&
    Date.now() - statSync(meta).mtimeMs < 3_600_000;
  const seeds =
    !env.DATABASE_URL &&
    env.REGIE_DEMO_TEMPLATE !== 'off' &&
    (env.REGIE_SEED ?? 'demo') === 'demo' &&
    env.NODE_ENV !== 'production' &&
    !existsSync(resolve(env.REGIE_DATA_DIR || './data', 'db'));
  return !fresh && seeds;
}

/** Runs a command (npm, or node with a file), resolving with its exit status. */
export function run(command, args) {
  const child = spawn(command === 'node' ? process.execPath : command, args, { cwd: root, stdio: 'inherit' });
  return new Promise((done) => child.on('exit', (code) => done(code ?? 1)));
}

/**
 * Builds the server (the template's builder is in its bundle), then the web app and the demo
 * template side by side: seeding takes ~10 s of one core, the web build mostly another.
 */
export async function build({ server, web, template }) {
  if (server) {
    console.log('Building @regie/server…');
    const status = await run('npm', ['run', 'build', '-w', '@regie/server']);
    if (status !== 0) return status;
  }
  if (web || template)
    console.log(`Building ${[web && '@regie/web', template && 'the demo database'].filter(Boolean).join(' and ')}…`);
  const steps = web ? [run('npm', ['run', 'build', '-w', '@regie/web'])] : [];
  // Without a template a start seeds instead: a failed one is worth a warning, not a failed build.
  const made = template ? run('node', [join(serverDist, 'demo-template.js')]) : Promise.resolve(0);
  const statuses = await Promise.all(steps);
  if ((await made) !== 0)
    console.warn('The demo database template was not made: an empty data folder will be seeded at start.');
  return statuses.find((status) => status !== 0) ?? 0;
}
