// Bundles the server into dist/main.js and the job worker into dist/worker.js. Dependencies stay in
// node_modules, except the contract, which is TypeScript source and is compiled in. Paths to migrations, assets and the web build are
// found at run time from the bundle's own location, so `node packages/server/dist/main.js` works
// from any working directory.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = dirname(fileURLToPath(import.meta.url));
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const external = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies }).filter(
  (name) => name !== '@regie/contract',
);

await build({
  // main.js: the server (API, web app, realtime, in-process workers); worker.js: a jobs-only process;
  // demo-template.js: makes the demo database an empty data folder starts from (db/demo-template.ts).
  entryPoints: {
    main: join(root, 'src', 'main.ts'),
    worker: join(root, 'src', 'worker.ts'),
    'demo-template': join(root, 'src', 'build-demo-template.ts'),
  },
  // REGIE_SERVER_OUTDIR lets parallel e2e runs (scripts/e2e-private.sh) each bundle a server of their own.
  outdir: join(root, process.env.REGIE_SERVER_OUTDIR ?? 'dist'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external,
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'info',
  // For any CommonJS code that ends up in the bundle and calls require().
  banner: {
    js: "import { createRequire as regieCreateRequire } from 'node:module'; const require = regieCreateRequire(import.meta.url);",
  },
});
