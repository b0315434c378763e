import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

let t = performance.now();
const a = await PGlite.create({});
console.log('empty', Math.round(performance.now() - t));
t = performance.now();
const dump = await a.dumpDataDir('none');
console.log('empty dump size', dump.size, Math.round(performance.now() - t));
t = performance.now();
await a.close();
const b = await PGlite.create({ extensions: { pg_trgm } });
console.log('empty+trgm', Math.round(performance.now() - t));
t = performance.now();
await b.close();
const c = await PGlite.create({ loadDataDir: dump });
console.log('load empty dump', Math.round(performance.now() - t));
t = performance.now();
