import { Group, Kbd, Text } from '@mantine/core';
import type { MessageKey } from '@regie/contract/i18n/en';
import { CLIP_WORKSPACE_KEYS } from '@regie/contract/markers';
import { useT } from '../../i18n/use-t.ts';

const HINTS: readonly { key: string; text: MessageKey }[] = [
  { key: CLIP_WORKSPACE_KEYS.setIn, text: 'clipping.ui.keySetIn' },
  { key: CLIP_WORKSPACE_KEYS.setOut, text: 'clipping.ui.keySetOut' },
  { key: CLIP_WORKSPACE_KEYS.cutRange, text: 'clipping.ui.keyCutRange' },
  { key: CLIP_WORKSPACE_KEYS.previousMarker, text: 'clipping.ui.keyPrevious' },
  { key: CLIP_WORKSPACE_KEYS.nextMarker, text: 'clipping.ui.keyNext' },
  { key: CLIP_WORKSPACE_KEYS.cutMarker, text: 'clipping.ui.keyCutMarker' },
];

/** The workspace's keys on screen (the player's own are listed with it: space, ← →, j l). */
export function WorkspaceKeys() {
  const t = useT();
  return (
    <section aria-labelledby="clip-keys-title">
      <Text id="clip-keys-title" size="sm" fw={600} mb={4}>
        {t('clipping.ui.keysTitle')}
      </Text>
      <Group gap="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        <Text size="xs" component="li">
          <Kbd>{t('markers.ui.keySpace')}</Kbd> {t('markers.ui.keyPlay')}
        </Text>
        {HINTS.map((hint) => (
          <Text size="xs" component="li" key={hint.key}>
            <Kbd>{hint.key.toUpperCase()}</Kbd> {t(hint.text)}
          </Text>
        ))}
      </Group>
    </section>
  );
}
