import { readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** The server's source folder, for tests that keep a rule over its files. */
export const SOURCE = join(import.meta.dirname, '..', 'src');

/** Every TypeScript source file under `folder`, tests left out. */
export async function sourceFiles(folder: string = SOURCE): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) return sourceFiles(path);
      return Promise.resolve(entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : []);
    }),
  );
  return nested.flat();
}
