import { describe, expect, it } from 'vitest';
import { dressPage, PLATFORM_BRAND, textOn } from './embed.brand.ts';

const BUILT = '<!doctype html><html><head><title>Player</title></head><body><main id="embed"></main></body></html>';

describe('a player page dressed for its owner', () => {
  it('puts the club’s name, favicon and colours on a white-labelled page, and no word of Regie', () => {
    const html = dressPage(BUILT, {
      whiteLabel: true,
      owner: 'Olympique <Riverside> FC',
      primaryColor: '#1A237E',
      onPrimary: textOn('#1A237E'),
      logoUrl: '/images/logo/club.png',
      iconUrl: '/images/logo/club.png',
    });
    expect(html).toContain('<title>Olympique &lt;Riverside&gt; FC</title>');
    expect(html).toContain('<body data-white-label="true">');
    expect(html).toContain('<link rel="icon" href="/images/logo/club.png" />');
    expect(html).toContain('--brand-primary:#1A237E;--brand-on-primary:#ffffff');
    expect(html).not.toContain('Regie');
  });

  it('keeps Regie’s name and icon on a page that is not white-labelled', () => {
    const html = dressPage(BUILT, PLATFORM_BRAND);
    expect(html).toContain('<title>Regie</title>');
    expect(html).toContain('<body data-white-label="false">');
    expect(html).toContain('href="/favicon.svg"');
    expect(html).toContain('--brand-primary:#0ACAFF;--brand-on-primary:#0f1f2b');
  });

  it('writes dark text on a light colour and white on a dark one', () => {
    expect(textOn('#0ACAFF')).toBe('#0f1f2b');
    expect(textOn('#FFD43B')).toBe('#0f1f2b');
    expect(textOn('#1A237E')).toBe('#ffffff');
    expect(textOn('#E03131')).toBe('#ffffff');
  });
});
