import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../routes.ts';
import { en } from './en.ts';
import { fr } from './fr.ts';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
/** Where UI text keys may be used: the contract itself and the web app. */
const SOURCE_ROOTS = ['packages/contract/src', 'packages/web/src'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    const isSource = /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name);
    const isCatalog = /[\\/]i18n[\\/]([a-z-]+\.)?(en|fr)\.ts$/.test(path) && path.includes('contract');
    return isSource && !isCatalog ? [path] : [];
  });
}

const sources = SOURCE_ROOTS.flatMap((root) => sourceFiles(join(repoRoot, root))).map((path) => ({
  path: relative(repoRoot, path),
  text: readFileSync(path, 'utf8'),
}));
const allText = sources.map((source) => source.text).join('\n');

/** Keys built at run time from contract data rather than written as literals. */
const dynamicKeys = new Set<string>(ROUTES.map((entry) => entry.node.labelKey));
/** Prefixes used in template literals such as t(`module.${code}`). */
const dynamicPrefixes = [...allText.matchAll(/`([a-z][\w-]*(?:\.[\w-]+)*\.)\$\{/g)].map((match) => match[1] ?? '');

describe('the i18n catalogs', () => {
  const enKeys = Object.keys(en);
  const frKeys = Object.keys(fr);

  it('has every English key in French', () => {
    expect(enKeys.filter((key) => !(key in fr))).toEqual([]);
  });

  it('has no French key that English lacks', () => {
    expect(frKeys.filter((key) => !(key in en))).toEqual([]);
  });

  it('has no empty message', () => {
    const empty = [...Object.entries(en), ...Object.entries(fr)].filter(([, text]) => text.trim() === '');
    expect(empty).toEqual([]);
  });

  it('keeps the same {{placeholders}} in both languages', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    const mismatched = enKeys.filter(
      (key) =>
        JSON.stringify(placeholders(en[key as keyof typeof en])) !==
        JSON.stringify(placeholders(fr[key as keyof typeof fr])),
    );
    expect(mismatched).toEqual([]);
  });

  it('uses every key somewhere', () => {
    // Every quoted literal of the sources, read once: a search of the whole text per key took
    // seconds (thousands of keys), near the test's time limit on a loaded machine.
    const quoted = new Set([...allText.matchAll(/(['"])([\w.-]+)\1/g)].map((match) => match[2] ?? ''));
    const unused = enKeys.filter(
      (key) => !dynamicKeys.has(key) && !dynamicPrefixes.some((prefix) => key.startsWith(prefix)) && !quoted.has(key),
    );
    expect(unused).toEqual([]);
  });

  it('gives every menu label a message', () => {
    const missing = [...dynamicKeys].filter((key) => !(key in en));
    expect(missing).toEqual([]);
  });

  it('has a message for every key the web app asks for', () => {
    const asked = sources.flatMap((source) =>
      [...source.text.matchAll(/\bt\(\s*['"]([^'"]+)['"]/g)].map((match) => ({
        file: source.path,
        key: match[1] ?? '',
      })),
    );
    expect(asked.filter(({ key }) => !(key in en))).toEqual([]);
  });
});
