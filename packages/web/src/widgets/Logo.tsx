import { Group, Text } from '@mantine/core';
import { useT } from '../i18n/use-t.ts';

/** The Regie mark (public/favicon.svg), with the name beside it unless `markOnly`. */
export function Logo({
  size = 40,
  markOnly = false,
  inverted = false,
}: {
  size?: number;
  markOnly?: boolean;
  inverted?: boolean;
}) {
  const t = useT();
  const mark = <img src="/favicon.svg" width={size} height={size} alt={markOnly ? t('app.name') : ''} />;
  if (markOnly) return mark;
  return (
    <Group gap="xs" wrap="nowrap">
      {mark}
      <Text fw={750} fz={size * 0.6} lh={1} c={inverted ? 'white' : 'dark.8'} style={{ letterSpacing: '-0.02em' }}>
        {t('app.name')}
      </Text>
    </Group>
  );
}
