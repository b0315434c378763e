import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
// A relative path: the config loader bundles it, while Node cannot import the package's .ts files.
import { API_PREFIXES } from '../contract/src/api.ts';
import { BACKGROUND_WORKER_PATH } from '../contract/src/ui.ts';
import { precompress } from './precompress.plugin.ts';

// Build environment: development (default), staging or production. Only development builds show
// the 'tests' menu. Set it at build time: VITE_REGIE_ENV=production npm run build -w @regie/web
const environment = process.env.VITE_REGIE_ENV ?? 'development';
// The API server the dev server forwards the gateway prefixes and the static assets to.
const apiTarget = process.env.REGIE_API_URL ?? 'http://localhost:3000';
const proxied = [...API_PREFIXES, '/assets'];

// React and the router change rarely: one long-cached chunk. The icons the screens use are one
// more (a browser fetches six files at a time from one server: as one file each, a list page's
// twenty icons took rounds of their own). Other libraries split with the screens that use them,
// so that the first page downloads only what it draws.
const vendorGroups = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 3 },
  { name: 'icons', test: /node_modules[\\/]@tabler[\\/]icons-react[\\/]/, priority: 1 },
];

const WORKER_SOURCE = 'src/worker/fetch.ts';

/**
 * The background worker at exactly BACKGROUND_WORKER_PATH (spec §7 "/worker/fetch.js"), not at a
 * hashed name: an entry of its own in the build, the source itself behind the dev server.
 */
const backgroundWorker: Plugin[] = [
  {
    name: 'regie-background-worker-build',
    apply: 'build',
    buildStart() {
      this.emitFile({
        type: 'chunk',
        id: fileURLToPath(new URL(WORKER_SOURCE, import.meta.url)),
        fileName: BACKGROUND_WORKER_PATH.slice(1),
      });
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
  plugins: [react(), ...backgroundWorker, precompress()],
  define: { 'import.meta.env.VITE_REGIE_ENV': JSON.stringify(environment) },
  server: {
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: apiTarget, changeOrigin: true, ws: true }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: { codeSplitting: { groups: vendorGroups } },
    },
  },
});
