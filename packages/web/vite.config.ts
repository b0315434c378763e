import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Build environment: development (default), staging or production. Only development builds show
// the 'tests' menu. Set it at build time: VITE_REGIE_ENV=production npm run build -w @regie/web
const environment = process.env.VITE_REGIE_ENV ?? 'development';
// The API server the dev server forwards to.
const apiTarget = process.env.REGIE_API_URL ?? 'http://localhost:3000';
const proxied = ['/users-service-api', '/main-api', '/api', '/data-providers-service-api', '/assets'];

// Libraries grouped so that a change of our code does not invalidate the vendors' cache.
const vendorGroups: { name: string; test: RegExp }[] = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
  { name: 'mantine', test: /node_modules[\\/](@mantine[\\/](core|hooks)|@floating-ui|clsx|react-remove-scroll.*|react-number-format|react-textarea-autosize|use-callback-ref|use-sidecar|tslib|get-nonce|react-style-singleton|detect-node-es)[\\/]/ },
  { name: 'data', test: /node_modules[\\/](@tanstack|i18next|react-i18next|html-parse-stringify|void-elements)[\\/]/ },
];

export default defineConfig({
  plugins: [react()],
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
