import { describe, expect, it } from 'vitest';
import { requestLanguage } from './localize.ts';

const of = (header?: string) => requestLanguage({ headers: header === undefined ? {} : { 'accept-language': header } });

describe('the language of a request', () => {
  it('is the first language of Accept-Language the server speaks, by weight, else English', () => {
    expect(of()).toBe('en');
    expect(of('fr-FR,fr;q=0.9,en;q=0.8')).toBe('fr');
    expect(of('de-DE,en;q=0.5,fr;q=0.7')).toBe('fr');
    expect(of('de-DE, it;q=0.9')).toBe('en');
    expect(of('fr;q=0')).toBe('en');
  });

  it('answers the same for a header seen before, and for many different headers', () => {
    expect(of('en-GB,fr;q=0.4')).toBe('en');
    expect(of('en-GB,fr;q=0.4')).toBe('en');
    for (let n = 0; n < 1200; n += 1) expect(of(`x-${n},fr;q=0.${(n % 9) + 1}`)).toBe('fr');
    expect(of('fr-CA')).toBe('fr');
  });
});
