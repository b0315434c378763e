import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import type { RepostItem } from '@regie/contract/reposts';
import { SOCIAL_PLATFORM_NAMES } from '@regie/contract/social';
import { useT } from '../../i18n/use-t.ts';
import { useLocaleFormat } from '../attachments/locale-format.ts';
import { PUBLICATION_STATE_COLOURS } from '../publications/publication-look.ts';

/** What a target's line says: its publication's state (with its progress), its refusal, or that it is gone. */
function useStateText() {
  const t = useT();
  return (item: RepostItem): string => {
    const { publication } = item;
    if (publication) return t(`reposts.state.${publication.state}`, { progress: publication.progress ?? 0 });
    return item.outcome === 'refused' ? t('reposts.outcome.refused') : t('reposts.gone');
  };
}

/** One target of a repost: its publication's state, its link once published, why it failed or was refused. */
function RepostLine({ item }: { item: RepostItem }) {
  const t = useT();
  const format = useLocaleFormat();
  const stateText = useStateText();
  const { publication } = item;
  const url = publication?.state === 'published' ? publication.url : null;
  const problems = publication ? (publication.error ? [publication.error] : []) : item.reasons;
  const colour = publication ? PUBLICATION_STATE_COLOURS[publication.state] : 'orange';
  return (
    <Stack gap={2} component="li" data-testid={`repost-${item.id}`}>
      <Group gap="xs">
        <Badge color={colour} variant="dot" tt="none" radius="sm">
          {t('reposts.targetState', { target: SOCIAL_PLATFORM_NAMES[item.target], state: stateText(item) })}
        </Badge>
        <Text size="xs" c="dimmed">
          {item.videoTitle ?? ''} · {format.date(item.createdAt)}
        </Text>
        {url && (
          <Anchor href={url} target="_blank" rel="noreferrer" size="xs">
            {t('reposts.open', { target: SOCIAL_PLATFORM_NAMES[item.target] })}
          </Anchor>
        )}
      </Group>
      {problems.map((problem) => (
        <Text key={problem} size="xs" c="red.8">
          {problem}
        </Text>
      ))}
    </Stack>
  );
}

export function RepostHistory({ items }: { items: readonly RepostItem[] }) {
  const t = useT();
  if (items.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('reposts.empty')}
      </Text>
    );
  }
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('reposts.history')}>
      {items.map((item) => (
        <RepostLine key={item.id} item={item} />
      ))}
    </Stack>
  );
}
