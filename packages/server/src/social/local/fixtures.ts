import type { SocialPlatform } from '@regie/contract/social';

/**
 * The people and pages of the local platforms: one account per platform that the consent page
 * signs in as, the Facebook pages (one with an Instagram business account), the YouTube channels.
 * Fixed, so tests and demos can name them.
 */

export const LOCAL_ACCOUNT_NAME = 'Riverside FC';
/** X's @handle and Instagram's username of the local account. */
export const LOCAL_USERNAME = 'riversidefc';

export const localUserId = (platform: SocialPlatform) => `local-${platform}-1`;

/** The account's display name (YouTube: the Google account, not a channel). */
export function localAccountName(platform: SocialPlatform): string {
  return platform === 'youtube' ? 'Riverside FC Media' : LOCAL_ACCOUNT_NAME;
}

export interface LocalPage {
  id: string;
  name: string;
  instagramId?: string;
}

export const LOCAL_PAGES: readonly LocalPage[] = [
  { id: '1001', name: 'Riverside FC', instagramId: '17841400000000001' },
  { id: '1002', name: 'Riverside FC Academy' },
];

export const LOCAL_INSTAGRAM_ACCOUNT = { id: '17841400000000001', username: LOCAL_USERNAME, name: 'Riverside FC' };

export const LOCAL_CHANNELS: readonly { id: string; title: string }[] = [
  { id: 'UCriverside0000000000001', title: 'Riverside FC' },
  { id: 'UCriverside0000000000002', title: 'Riverside FC Women' },
];

/** The name a picture is drawn for: the account, or one of its pages, channels or business accounts. */
export function pictureName(platform: SocialPlatform, id: string | undefined): string {
  const named = [
    ...LOCAL_PAGES.map((page) => ({ id: page.id, name: page.name })),
    ...LOCAL_CHANNELS.map((channel) => ({ id: channel.id, name: channel.title })),
    { id: LOCAL_INSTAGRAM_ACCOUNT.id, name: LOCAL_INSTAGRAM_ACCOUNT.name },
  ];
  return named.find((item) => item.id === id)?.name ?? localAccountName(platform);
}

const COLOURS: Readonly<Record<SocialPlatform, string>> = {
  youtube: '#c4302b',
  facebook: '#1877f2',
  instagram: '#c13584',
  twitter: '#14171a',
  dailymotion: '#0d0d0d',
  tiktok: '#fe2c55',
};

/** A coloured circle with the initials of the first and last words (Riverside FC Women → RW). */
export function avatarSvg(platform: SocialPlatform, name: string): string {
  const words = name.split(/\s+/).filter(Boolean);
  const initials = `${words[0]?.[0] ?? ''}${words.length > 1 ? (words.at(-1)?.[0] ?? '') : ''}`.toUpperCase();
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120" viewBox="0 0 120 120" role="img">',
    `<title>${escapeXml(name)}</title>`,
    `<circle cx="60" cy="60" r="60" fill="${COLOURS[platform]}"/>`,
    '<text x="60" y="60" dy=".35em" text-anchor="middle" font-family="system-ui, sans-serif" font-size="48"',
    ` font-weight="700" fill="#ffffff">${escapeXml(initials)}</text>`,
    '</svg>',
  ].join('');
}

/** HTML/XML text and attribute escaping. */
export function escapeXml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}
