import { Group, Kbd, Text } from '@mantine/core';
import type { KeyedMarkerType } from '@regie/contract/markers';
import type { ReactNode } from 'react';
import { useT } from '../../i18n/use-t.ts';
import { MarkerTypeIcon } from './MarkerTypeIcon.tsx';
import type { MarkerTypeView } from './marker-calls.ts';

/** The keys of the editor, on screen: one per marker type, then the timeline's. */
export function KeyLegend({ keyed }: { keyed: readonly KeyedMarkerType<MarkerTypeView>[] }) {
  const t = useT();
  return (
    <section aria-labelledby="marker-keys-title">
      <Text id="marker-keys-title" size="sm" fw={600} mb={4}>
        {t('markers.ui.keysTitle')}
      </Text>
      {keyed.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('markers.ui.noTypes')}
        </Text>
      ) : (
        <Group gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="marker-keys">
          {keyed.map(({ key, type }) => (
            <Group key={type.id} gap={4} component="li" wrap="nowrap">
              <Kbd>{key}</Kbd>
              <MarkerTypeIcon type={type} size={16} />
              <Text size="sm">{type.name}</Text>
            </Group>
          ))}
        </Group>
      )}
      <Group gap="md" mt={6}>
        <Hint keys={<Kbd>{t('markers.ui.keySpace')}</Kbd>} text={t('markers.ui.keyPlay')} />
        <Hint
          keys={
            <>
              <Kbd>←</Kbd> <Kbd>→</Kbd>
            </>
          }
          text={t('markers.ui.keyMove')}
        />
        <Hint
          keys={
            <>
              <Kbd>Shift</Kbd> + <Kbd>←</Kbd> <Kbd>→</Kbd>
            </>
          }
          text={t('markers.ui.keyMoveBig')}
        />
        <Hint keys={<Kbd>{t('markers.ui.keyDelete')}</Kbd>} text={t('markers.ui.keyRemove')} />
      </Group>
    </section>
  );
}

function Hint({ keys, text }: { keys: ReactNode; text: string }) {
  return (
    <Text size="xs" c="dimmed" component="span">
      {keys} {text}
    </Text>
  );
}
