import { Anchor, Badge, Group, Text } from '@mantine/core';
import type { Publication } from '@regie/contract/publications';
import { useT } from '../../i18n/use-t.ts';
import { useTimeText } from './PublicationItem.tsx';
import { PUBLICATION_STATE_COLOURS, placeOf } from './publication-look.ts';

/**
 * Where a clip went, in a line per publication under it in a clip list: the platform and account,
 * the state (live), the link once published. Not a list of its own: a clip list stays a list of
 * clips; retrying and cancelling are on the video's page and Medias › Publications.
 */
export function ClipPublications({ items }: { items: readonly Publication[] }) {
  const t = useT();
  const time = useTimeText();
  return (
    <>
      {items.map((item) => {
        const { name, where, label, Icon } = placeOf(item);
        return (
          <Group key={item.id} gap={6} wrap="wrap" role="group" aria-label={label}>
            <Icon size={14} aria-hidden />
            <Text size="xs" fw={600}>
              {name}
            </Text>
            <Text size="xs" c="dimmed">
              {where}
            </Text>
            <Badge
              variant="light"
              color={PUBLICATION_STATE_COLOURS[item.state]}
              c="dark.7"
              tt="none"
              radius="sm"
              size="sm"
            >
              {t(`publications.state.${item.state}`)}
            </Badge>
            {item.progress !== null && <Text size="xs">{item.progress} %</Text>}
            {item.state === 'scheduled' && item.scheduledAt && (
              <Text size="xs">{t('publications.scheduledFor', { time: time(item.scheduledAt) })}</Text>
            )}
            {item.state === 'published' && item.url && (
              <Anchor href={item.url} target="_blank" rel="noreferrer" size="xs">
                {t('publications.open', { name })}
              </Anchor>
            )}
          </Group>
        );
      })}
    </>
  );
}
