import { en } from '@regie/contract/i18n/en';
import { fr } from '@regie/contract/i18n/fr';
import { describe, expect, it } from 'vitest';
import { fanTagLabel } from './fan-tag-label.ts';

const words = (catalog: Readonly<Record<string, string>>) => (key: string) => catalog[key] ?? `Missing key: ${key}`;

describe('a fan tag in the CRM pickers', () => {
  it('reads its type in the user’s language, not the stored code', () => {
    expect(fanTagLabel({ name: 'Newsletter', tagType: 'fan' }, words(en))).toBe('Newsletter (Fan)');
    expect(fanTagLabel({ name: 'Kids club', tagType: 'theme' }, words(fr))).toBe('Kids club (Thème)');
  });
});
