import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { rolldown } from 'rolldown';
import { defineConfig, type Plugin } from 'vite';
// A relative path: the config loader bundles it, while Node cannot import the package's .ts files.
import { API_PREFIXES } from '../contract/src/api.ts';
import { BACKGROUND_WORKER_PATH } from '../contract/src/ui.ts';
import { catalogPreload, SIGNED_IN_CHUNK } from './catalog-preload.plugin.ts';
import { scopedClassName } from './css-modules.ts';
import { embedPage } from './embed.plugin.ts';
import { firstPaint } from './first-paint.plugin.ts';
import { precompress } from './precompress.plugin.ts';

// Build environment: development (default), staging or production. Only development builds show
// the 'tests' menu. Set it at build time: VITE_REGIE_ENV=production npm run build -w @regie/web
const environment = process.env.VITE_REGIE_ENV ?? 'development';
// The API server the dev server forwards the gateway prefixes and the static assets to.
const apiTarget = process.env.REGIE_API_URL ?? 'http://localhost:3000';
const proxied = [...API_PREFIXES, '/assets'];

// Few, larger chunks: over HTTP/1.1 a browser fetches six files at a time from one server, so a
// page made of sixty small chunks waits for ten rounds of requests (Lighthouse's mobile preset
// puts 150 ms on each). What the first page of any visitor runs (the login page included) is one
// chunk; what every signed-in screen shares (layout, generic resource screens, widgets, the UI
// kit and its helpers, the contract's schemas) is a second one, fetched with the screen. Code
// only one feature draws stays with that feature's screens: the charts (@mantine/charts,
// recharts, d3: 400 KB) with the stats and dashboard screens, the date picker with the forms.
const SIGNED_IN_SHARED =
  /[\\/]src[\\/](app[\\/]layout|resources|widgets(?![\\/]DateTimeField)|realtime)[\\/]|[\\/]contract[\\/]src[\\/]resources[\\/]|node_modules[\\/](@mantine[\\/](core|hooks)|@floating-ui|dayjs|zod|@tabler)[\\/]/;
const chunkGroups = [
  { name: 'start', tags: ['$initial' as const], priority: 2 },
  { name: SIGNED_IN_CHUNK, test: SIGNED_IN_SHARED, priority: 1 },
];

const WORKER_SOURCE = 'src/worker/fetch.ts';

/**
 * The background worker at exactly BACKGROUND_WORKER_PATH (spec §7 "/worker/fetch.js"), not at a
 * hashed name, and whole: bundled on its own so that it shares no chunk with the page (as an
 * entry of the page's build, it would import the start-up chunk and run the app's code), the
 * source itself behind the dev server.
 */
const backgroundWorker: Plugin[] = [
  {
    name: 'regie-background-worker-build',
    apply: 'build',
    async generateBundle() {
      const bundle = await rolldown({
        input: fileURLToPath(new URL(WORKER_SOURCE, import.meta.url)),
        platform: 'browser',
      });
      try {
        const { output } = await bundle.generate({ format: 'es', minify: true, codeSplitting: false });
        const [worker] = output;
        this.emitFile({ type: 'asset', fileName: BACKGROUND_WORKER_PATH.slice(1), source: worker.code });
      } finally {
        await bundle.close();
      }
    },
  },
  {
    name: 'regie-background-worker-dev',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        if (request.url?.split('?')[0] === BACKGROUND_WORKER_PATH) request.url = `/${WORKER_SOURCE}`;
        next();
      });
    },
  },
];

export default defineConfig({
  plugins: [react(), ...backgroundWorker, ...embedPage(), catalogPreload(), firstPaint(), precompress()],
  define: { 'import.meta.env.VITE_REGIE_ENV': JSON.stringify(environment) },
  // Class names the page's first script can know at build time (css-modules.ts).
  css: { modules: { generateScopedName: scopedClassName } },
  server: {
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: apiTarget, changeOrigin: true, ws: true }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      // Modules grouped into one chunk still run in their source order (without it, an admin's
      // account switch hung: a module ran before one it reads at load).
      output: { codeSplitting: { groups: chunkGroups }, strictExecutionOrder: true },
    },
  },
});
