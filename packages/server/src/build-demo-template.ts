// `node packages/server/dist/demo-template.js`: seeds a database in memory the way a first start
// would and stores its dump beside the bundle (db/demo-template.ts), for `main` to load into an
// empty data folder. `npm run build` runs it beside the web build.
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { fromPglite, PGLITE_EXTENSIONS } from './db/database.ts';
import { demoTemplateKey, dumpDatabase, writeDemoTemplate } from './db/demo-template.ts';
import { seedDemoData } from './seed/demo.seed.ts';

const started = performance.now();
const self = fileURLToPath(import.meta.url);
const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
const database = fromPglite(client);
await database.migrate();
await seedDemoData(database.db);
const tar = await dumpDatabase(client);
await client.close();
const buildMs = Math.round(performance.now() - started);
await writeDemoTemplate(dirname(self), tar, { key: demoTemplateKey(self), buildMs });
process.stdout.write(`Demo database template made in ${(buildMs / 1000).toFixed(1)} s\n`);
