// Knows whether the web app and the server bundle are older than their sources, so `npm start`
// builds only what is missing or stale.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const name of readdirSync(path)) {
    if (name === 'node_modules' || name === 'dist') continue;
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
