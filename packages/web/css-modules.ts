import { createHash } from 'node:crypto';
import { dirname, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

// Not `new URL('.', import.meta.url)`: Vite rewrites that form into an asset's address.
const WEB_ROOT = dirname(fileURLToPath(import.meta.url));

/**
 * The built name of a CSS-module class: `_<local>_<hash of the file's path>`, the same on every
 * build and computable from outside the CSS pipeline. The page's first script paints the layout's
 * frame with layout.module.css's classes before any of the app's code runs
 * (first-paint.plugin.ts), so it must know their names at build time.
 */
export function scopedClassName(local: string, filename: string): string {
  const path = relative(WEB_ROOT, filename.split('?')[0] ?? filename)
    .split(sep)
    .join('/');
  return `_${local}_${createHash('sha256').update(path).digest('base64url').slice(0, 6)}`;
}
