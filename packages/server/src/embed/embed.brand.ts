import { type EmbedKind, WHITE_LABEL_MODULE } from '@regie/contract/embed';
import { accountConfig } from '@regie/contract/resources/accounts';
import { THEME_PRIMARY_COLOR } from '@regie/contract/ui';
import { IMAGES_PATH } from '@regie/contract/uploads';
import { and, eq } from 'drizzle-orm';
import { accounts } from '../db/accounts.table.ts';
import { businessPlayers } from '../db/conferences.table.ts';
import type { Db } from '../db/database.ts';
import { events } from '../db/events.table.ts';
import { themes } from '../db/themes.table.ts';
import { escapeHtml } from './embed.service.ts';

/** Who made the player, on a page that is not white-labelled. */
const PLATFORM_NAME = 'Regie';
const PLATFORM_ICON = '/favicon.svg';
/** The page's dark ink, and white: what text on the primary colour may be. */
const DARK_TEXT = '#0f1f2b';
const LIGHT_TEXT = '#ffffff';

/**
 * How a player page looks (issue 47.6): the content's theme (its own, else the account's colour
 * and logo); white-labelled (WHITE_LABEL), the account's name in the page title and its logo as
 * the favicon, no word of Regie; otherwise Regie's icon and name, and a discreet "Powered by Regie".
 */
export interface EmbedBrand {
  whiteLabel: boolean;
  /** Whose page it is, after the content's title in the browser's tab. */
  owner: string;
  primaryColor: string;
  /** The colour text takes on the primary colour (black or white, whichever reads better). */
  onPrimary: string;
  logoUrl: string | null;
  iconUrl: string;
}

/** The platform's own look, for a token that names nothing. */
export const PLATFORM_BRAND: EmbedBrand = {
  whiteLabel: false,
  owner: PLATFORM_NAME,
  primaryColor: THEME_PRIMARY_COLOR,
  onPrimary: DARK_TEXT,
  logoUrl: null,
  iconUrl: PLATFORM_ICON,
};

/** A colour's relative luminance (WCAG 2). */
function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** The page's dark ink or white, whichever contrasts more with `hex` (WCAG contrast ratio). */
export function textOn(hex: string): string {
  const background = luminance(hex);
  const withDark = (background + 0.05) / (luminance(DARK_TEXT) + 0.05);
  const withLight = (luminance(LIGHT_TEXT) + 0.05) / (background + 0.05);
  return withDark >= withLight ? DARK_TEXT : LIGHT_TEXT;
}

/** The look of a content's page: its theme's, else the account's; null for another account's or none. */
export async function brandOf(
  db: Db,
  target: { kind: EmbedKind; accountId: number; id: number },
  publicUrl: string,
): Promise<EmbedBrand | null> {
  const table = target.kind === 'events' ? events : businessPlayers;
  const [row] = await db
    .select({
      name: accounts.name,
      modules: accounts.modules,
      config: accounts.config,
      themeColor: themes.primaryColor,
      themeLogo: themes.logo,
    })
    .from(table)
    .innerJoin(accounts, eq(accounts.id, table.accountId))
    .leftJoin(themes, and(eq(themes.id, table.themeId), eq(themes.accountId, table.accountId)))
    .where(and(eq(table.id, target.id), eq(table.accountId, target.accountId)))
    .limit(1);
  if (!row) return null;
  const config = accountConfig.safeParse(row.config);
  const theme = config.success ? config.data.theme : null;
  const primaryColor = row.themeColor ?? theme?.primaryColor ?? THEME_PRIMARY_COLOR;
  const logo = row.themeLogo ?? theme?.logo ?? null;
  const logoUrl = logo ? `${publicUrl}${IMAGES_PATH}/${logo}` : null;
  const whiteLabel = row.modules.includes(WHITE_LABEL_MODULE);
  return {
    whiteLabel,
    owner: whiteLabel ? row.name : PLATFORM_NAME,
    primaryColor,
    onPrimary: textOn(primaryColor),
    logoUrl,
    iconUrl: whiteLabel && logoUrl ? logoUrl : PLATFORM_ICON,
  };
}

/**
 * The page as built, dressed for its owner before it is sent: its favicon, the owner the page's
 * script puts after each title, the theme's colours as CSS variables, and whether it is white-labelled.
 */
export function dressPage(html: string, brand: EmbedBrand): string {
  const color = /^#[0-9A-Fa-f]{6}$/;
  const primary = color.test(brand.primaryColor) ? brand.primaryColor : THEME_PRIMARY_COLOR;
  const head =
    `<link rel="icon" href="${escapeHtml(brand.iconUrl)}" />` +
    `<meta name="embed-owner" content="${escapeHtml(brand.owner)}" />` +
    (brand.logoUrl ? `<meta name="embed-logo" content="${escapeHtml(brand.logoUrl)}" />` : '') +
    `<style>:root{--brand-primary:${primary};--brand-on-primary:${brand.onPrimary}}</style>`;
  return html
    .replace('</head>', `${head}</head>`)
    .replace('<body>', `<body data-white-label="${brand.whiteLabel}">`)
    .replace('<title>Player</title>', `<title>${escapeHtml(brand.owner)}</title>`);
}
