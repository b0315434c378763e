// `npm run build`: the server bundle, then the web app and the demo database template side by side
// (build-state.mjs `build`). The template lets a start on an empty data folder skip initdb, the
// migrations and the demo seed (packages/server/src/db/demo-template.ts).
import { build } from './build-state.mjs';

process.exitCode = await build({ server: true, web: true, template: true });
