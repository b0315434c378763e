import { describe, expect, it } from 'vitest';
import { pickLanguage, translator } from './embed-i18n.ts';
import { newViewId } from './view-id.ts';

describe('embed page', () => {
  it('speaks the lang of the query, else the browser’s, else English', () => {
    expect(pickLanguage('?lang=fr', ['en-GB'])).toBe('fr');
    expect(pickLanguage('?lang=de', ['fr-CA', 'en'])).toBe('fr');
    expect(pickLanguage('', ['de-DE', 'en-US'])).toBe('en');
    expect(pickLanguage('', [])).toBe('en');
    expect(translator('fr')('jumpTo', { title: 'But', time: '12:34' })).toBe('Aller à But à 12:34');
  });

  it('makes a version 4 UUID without randomUUID', () => {
    const id = newViewId({ getRandomValues: <T extends ArrayBufferView | null>(array: T) => array });
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
