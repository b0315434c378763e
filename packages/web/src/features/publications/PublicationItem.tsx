import { Anchor, Badge, Button, Group, Progress, Stack, Text } from '@mantine/core';
import {
  CANCELLABLE_STATES,
  PUBLICATION_STAGES,
  type Publication,
  RETRYABLE_STATES,
} from '@regie/contract/publications';
import { IconExternalLink } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useDateFormats } from '../../i18n/use-date-formats.ts';
import { useT } from '../../i18n/use-t.ts';
import { usePublicationActions } from './publication-calls.ts';
import { PUBLICATION_STATE_COLOURS, placeOf } from './publication-look.ts';

/** `14:05:09` today, else `28 Nov 2026, 14:05`: in the user's time zone and the interface's language. */
export function useTimeText() {
  const formats = useDateFormats();
  return (iso: string) => {
    const date = new Date(iso);
    return new Date().toDateString() === date.toDateString() ? formats.timeWithSeconds(date) : formats.dateTime(date);
  };
}

/**
 * One publication: where it goes, its state (live), its upload's progress, its time when
 * scheduled, its link once published or the platform's reason once failed, the time of each
 * stage, and Cancel or Retry for those who publish.
 */
export function PublicationItem({
  publication,
  mayAct,
  showVideo = false,
}: {
  publication: Publication;
  mayAct: boolean;
  /** The screen of every publication names the video; a video's own list does not. */
  showVideo?: boolean;
}) {
  const t = useT();
  const time = useTimeText();
  const { cancel, retry } = usePublicationActions();
  const { state } = publication;
  const { name, where, label, Icon } = placeOf(publication);
  const stages = PUBLICATION_STAGES.filter((stage) => publication.stages[stage] !== null).map((stage) =>
    t(`publications.stage.${stage}`, { time: time(publication.stages[stage] ?? '') }),
  );
  return (
    <Stack gap={4} component="li" data-testid={`publication-${publication.id}`} aria-label={label}>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Group gap={6} wrap="nowrap">
            <Icon size={16} aria-hidden />
            <Text size="sm" fw={600}>
              {name}
            </Text>
            <Text size="sm" c="dimmed" truncate>
              {where}
            </Text>
          </Group>
          {showVideo && (
            <Anchor component={Link} to={`/medias/videos/edit/${publication.videoId}/infos`} size="xs">
              {publication.videoTitle}
            </Anchor>
          )}
          {publication.ruleName && (
            <Text size="xs" c="dimmed">
              {t('publications.byRule', { name: publication.ruleName })}
            </Text>
          )}
          <Text size="xs" c="dimmed" lineClamp={1}>
            {[publication.title, publication.caption].filter(Boolean).join(' — ')}
          </Text>
        </Stack>
        <Group gap="xs" wrap="nowrap">
          <Badge variant="light" color={PUBLICATION_STATE_COLOURS[state]} c="dark.7" tt="none" radius="sm">
            {t(`publications.state.${state}`)}
          </Badge>
          {publication.aspect !== '16:9' && (
            <Badge variant="outline" color="gray" c="dark.7" tt="none" radius="sm">
              {publication.aspect}
            </Badge>
          )}
        </Group>
      </Group>
      {publication.progress !== null && (
        <Progress
          value={publication.progress}
          size="sm"
          animated
          aria-label={t('publications.progress', { name, progress: publication.progress })}
        />
      )}
      {state === 'scheduled' && publication.scheduledAt && (
        <Text size="xs">{t('publications.scheduledFor', { time: time(publication.scheduledAt) })}</Text>
      )}
      {state === 'published' && publication.url && (
        <Anchor href={publication.url} target="_blank" rel="noreferrer" size="sm">
          <Group gap={4} component="span" wrap="nowrap">
            {t('publications.open', { name })}
            <IconExternalLink size={14} aria-hidden />
          </Group>
        </Anchor>
      )}
      {state === 'failed' && publication.error && (
        <Text size="sm" c="red.8">
          {publication.error}
        </Text>
      )}
      {stages.length > 0 && (
        <Text size="xs" c="dimmed">
          {stages.join(' · ')}
        </Text>
      )}
      {mayAct && (CANCELLABLE_STATES.includes(state) || RETRYABLE_STATES.includes(state)) && (
        <Group gap="xs">
          {RETRYABLE_STATES.includes(state) && (
            <Button
              size="xs"
              variant="light"
              loading={retry.isPending}
              onClick={() => retry.mutate(publication.id)}
              aria-label={t('publications.retryNamed', { name })}
            >
              {t('publications.retry')}
            </Button>
          )}
          {CANCELLABLE_STATES.includes(state) && (
            <Button
              size="xs"
              variant="default"
              loading={cancel.isPending}
              onClick={() => cancel.mutate(publication.id)}
              aria-label={t('publications.cancelNamed', { name })}
            >
              {t('publications.cancel')}
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}
