import { Box, Group, Image, Text } from '@mantine/core';
import { IconPlayerPlayFilled } from '@tabler/icons-react';
import { useT } from '../../i18n/use-t.ts';
import { useImageUrl } from '../../widgets/image-url.ts';

export interface PreviewTheme {
  primaryColor: string;
  secondaryColor: string;
  font: string;
  logo: string | null;
}

/** The font families of the contract's THEME_FONTS, with a fallback the browser has. */
const FONT_FAMILIES: Readonly<Record<string, string>> = {
  inter: 'Inter',
  roboto: 'Roboto',
  montserrat: 'Montserrat',
  'open-sans': '"Open Sans"',
  oswald: 'Oswald',
};

/** Black or white, whichever reads better on `hex` (WCAG relative luminance). */
export function readableOn(hex: string): '#000000' | '#FFFFFF' {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex);
  if (!match?.[1]) return '#FFFFFF';
  const channel = (offset: number) => {
    const value = Number.parseInt(match[1]?.slice(offset, offset + 2) ?? '0', 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
  // Contrast with white is (1.05)/(L+0.05), with black (L+0.05)/0.05: pick the larger.
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.05 ? '#FFFFFF' : '#000000';
}

/**
 * The embed player as a fan sees it, drawn in the theme: the secondary colour behind, the primary
 * on the play button, the progress and the state; the theme's font and logo.
 */
export function PlayerPreview({ theme, title, state }: { theme: PreviewTheme; title: string; state: string }) {
  const t = useT();
  const imageUrl = useImageUrl();
  const onBackground = readableOn(theme.secondaryColor);
  const onPrimary = readableOn(theme.primaryColor);
  const live = state === 'live';
  return (
    <Box
      role="img"
      aria-label={t('events.theme.preview')}
      data-testid="player-preview"
      data-primary={theme.primaryColor}
      data-secondary={theme.secondaryColor}
      w={420}
      maw="100%"
      style={{
        aspectRatio: '16 / 9',
        background: theme.secondaryColor,
        color: onBackground,
        fontFamily: `${FONT_FAMILIES[theme.font] ?? 'Inter'}, system-ui, sans-serif`,
        borderRadius: 12,
        position: 'relative',
        overflow: 'hidden',
      }}
    >
      <Group justify="space-between" p="sm" wrap="nowrap">
        <Text fw={700} size="sm" inherit truncate>
          {title}
        </Text>
        {theme.logo && <Image src={imageUrl(theme.logo)} alt="" h={28} w="auto" fit="contain" />}
      </Group>
      <Box
        style={{
          position: 'absolute',
          inset: 0,
          display: 'grid',
          placeItems: 'center',
        }}
      >
        <Box
          style={{
            width: 56,
            height: 56,
            borderRadius: '50%',
            background: theme.primaryColor,
            color: onPrimary,
            display: 'grid',
            placeItems: 'center',
          }}
        >
          <IconPlayerPlayFilled size={26} aria-hidden />
        </Box>
      </Box>
      <Box style={{ position: 'absolute', left: 12, right: 12, bottom: 12 }}>
        <Group justify="space-between" mb={6}>
          <Text size="xs" fw={700} px={8} style={{ background: theme.primaryColor, color: onPrimary, borderRadius: 4 }}>
            {live
              ? t('events.theme.previewLive')
              : t(`resource.events.state.${state === 'upcoming' ? 'upcoming' : 'replay'}`)}
          </Text>
          <Text size="xs" inherit>
            {t('events.theme.fontOf', { font: FONT_FAMILIES[theme.font]?.replaceAll('"', '') ?? theme.font })}
          </Text>
        </Group>
        <Box style={{ height: 4, background: `${onBackground}40`, borderRadius: 2 }}>
          <Box style={{ width: '35%', height: '100%', background: theme.primaryColor, borderRadius: 2 }} />
        </Box>
      </Box>
    </Box>
  );
}
