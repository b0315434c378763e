import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import type { RepostItem } from '@regie/contract/reposts';
import { SHARE_TARGET_NAMES } from '@regie/contract/videos';
import { useReasonText } from '../../i18n/server-message.tsx';
import { useT } from '../../i18n/use-t.ts';
import { useLocaleFormat } from '../attachments/locale-format.ts';

const JOB_COLOURS: Readonly<Record<string, string>> = {
  waiting: 'gray',
  in_progress: 'blue',
  done: 'teal',
  failed: 'red',
};

/** The link a done share job gives (its result `{url}`), if any. */
function postUrl(item: RepostItem): string | null {
  const result = item.job?.result;
  if (typeof result !== 'object' || result === null || !('url' in result)) return null;
  return typeof result.url === 'string' ? result.url : null;
}

/** One target of a repost: its job's state (or why it was not queued), its failure, its link. */
function RepostLine({ item }: { item: RepostItem }) {
  const t = useT();
  const reason = useReasonText();
  const format = useLocaleFormat();
  const job = item.job;
  const state = job ? t(`reposts.job.${job.state}`, { progress: job.progress }) : t(`reposts.outcome.${item.outcome}`);
  const url = postUrl(item);
  const failure = job?.state === 'failed' ? reason(job.lastErrorMessage, job.lastError) : null;
  return (
    <Stack gap={2} component="li" data-testid={`repost-${item.id}`}>
      <Group gap="xs">
        <Badge color={job ? (JOB_COLOURS[job.state] ?? 'gray') : 'orange'} variant="dot" tt="none" radius="sm">
          {t('reposts.targetState', { target: SHARE_TARGET_NAMES[item.target], state })}
        </Badge>
        <Text size="xs" c="dimmed">
          {item.videoTitle ?? ''} · {format.date(item.createdAt)}
        </Text>
        {url && (
          <Anchor href={url} target="_blank" rel="noreferrer" size="xs">
            {t('reposts.open')}
          </Anchor>
        )}
      </Group>
      {failure && (
        <Text size="xs" c="red.8">
          {failure}
        </Text>
      )}
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
