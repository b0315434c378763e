import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package folder, found from this module's own location so the same code works when
 * run from src/ (tests) and bundled into dist/main.js, whatever the working directory.
 */
function findPackageRoot(start: string): string {
  let folder = start;
  while (true) {
    const manifest = join(folder, 'package.json');
    if (existsSync(manifest)) {
      const { name } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string };
      if (name === '@regie/server') return folder;
    }
    const parent = dirname(folder);
    // Copied out of the repository without its package.json: src/ and dist/ sit one level down.
    if (parent === folder) return resolve(start, '..');
    folder = parent;
  }
}

const packageRoot = findPackageRoot(dirname(fileURLToPath(import.meta.url)));

export const PACKAGE_PATHS = {
  root: packageRoot,
  migrations: join(packageRoot, 'drizzle'),
  sportSprites: join(packageRoot, 'assets', 'sports'),
  webDist: resolve(packageRoot, '..', 'web', 'dist'),
} as const;
