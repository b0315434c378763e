import { Alert, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { clipPaths } from '@regie/contract/clips';
import type { AccountClipsResponse } from '@regie/contract/clips.schemas';
import type { Message } from '@regie/contract/messages';
import { renderMessage } from '@regie/contract/messages.render';
import { type Publication, publicationProblems } from '@regie/contract/publications';
import { IconCheck, IconX } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../api/api-context.ts';
import { useT } from '../../i18n/use-t.ts';
import { VideoPlayer } from '../../widgets/player/VideoPlayer.tsx';
import { playbackOf } from '../videos/video-fields.ts';
import { PostTextFields } from './PostTextFields.tsx';
import { useApprovalActions, usePublicationsLive, usePublicationsPage } from './publication-calls.ts';
import { placeOf } from './publication-look.ts';

/** The most shown at once: a producer works through them from the top. */
const APPROVALS_SHOWN = 50;

/**
 * Medias › Approvals (issue 41 point 3): the clips the clip rules made for the social accounts,
 * each waiting for a producer. Sized for a phone: one column, the clip, its caption to edit, and
 * Approve or Reject in one tap. New ones arrive live; one approved elsewhere leaves at once.
 */
export function ApprovalsScreen() {
  const t = useT();
  usePublicationsLive();
  const list = usePublicationsPage({ state: 'approval', limit: APPROVALS_SHOWN, offset: 0 });
  const clips = useClipPreviews((list.data?.data ?? []).map((item) => item.videoId));
  return (
    <Stack gap="md" maw={520} mx="auto" w="100%">
      <Text size="sm" c="dimmed">
        {t('publications.approvals.intro')}
      </Text>
      {list.isError ? (
        <Alert color="red" role="alert">
          {t('publications.failed')}
        </Alert>
      ) : !list.data ? (
        <Skeleton h={240} />
      ) : list.data.data.length === 0 ? (
        <Paper withBorder radius="lg" p="lg">
          <Text size="sm">{t('publications.approvals.empty')}</Text>
        </Paper>
      ) : (
        <Stack gap="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="approvals">
          {list.data.data.map((item) => (
            <ApprovalCard key={item.id} publication={item} clip={clips.get(item.videoId) ?? null} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

type Clip = AccountClipsResponse['data'][number];
/** While a previewed clip is still being cut or encoded, the previews are read again this often. */
const PREVIEW_REFRESH_MS = 5_000;

/**
 * The clips behind the approvals (one call, GET clips?ids=…): their players, once they play. The
 * clips list is open to everyone who publishes (CLIP_RULE), the videos' records are not.
 */
function useClipPreviews(videoIds: readonly number[]): Map<number, Clip> {
  const api = useApi();
  const ids = [...new Set(videoIds)].sort((a, b) => a - b).join(',');
  const clips = useQuery({
    queryKey: ['clips', 'account', { ids }],
    queryFn: ({ signal }) => api.get<AccountClipsResponse>(clipPaths.list, { ids, limit: APPROVALS_SHOWN }, { signal }),
    enabled: ids !== '',
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.data.some((clip) => clip.state !== 'ready' && clip.state !== 'failed')
        ? PREVIEW_REFRESH_MS
        : false,
  });
  return new Map((clips.data?.data ?? []).map((clip) => [clip.id, clip]));
}

function ApprovalCard({ publication, clip }: { publication: Publication; clip: Clip | null }) {
  const t = useT();
  const { i18n } = useTranslation();
  const { approve, reject } = useApprovalActions();
  const [title, setTitle] = useState(publication.title);
  const [caption, setCaption] = useState(publication.caption);
  const playback = clip ? playbackOf(clip) : null;
  const { platform } = publication;
  const { name, where, label, Icon } = placeOf(publication);
  const problems = publicationProblems({ platform, title, caption, aspect: publication.aspect }, null);
  const say = (field: 'title' | 'caption') =>
    problems
      .filter((problem) => problem.field === field)
      .map((problem) => renderMessage(problem.message as Message, i18n.language))
      .join(' ') || undefined;
  return (
    <Paper withBorder radius="lg" shadow="xs" p="md" component="li" aria-label={label}>
      <Stack gap="sm">
        <Group gap={6} wrap="nowrap">
          <Icon size={18} aria-hidden />
          <Text fw={600} size="sm">
            {name}
          </Text>
          <Text size="sm" c="dimmed" truncate>
            {where}
          </Text>
        </Group>
        <Text size="sm" fw={500}>
          {publication.videoTitle}
        </Text>
        {publication.ruleName && (
          <Text size="xs" c="dimmed">
            {t('publications.byRule', { name: publication.ruleName })} · {publication.aspect}
          </Text>
        )}
        {playback ? (
          <VideoPlayer playback={playback} title={publication.videoTitle} />
        ) : (
          <Text size="xs" c="dimmed">
            {t('publications.approvals.clipInMaking')}
          </Text>
        )}
        <PostTextFields
          platform={platform}
          title={title}
          caption={caption}
          onChange={(next) => {
            if (next.title !== undefined) setTitle(next.title);
            if (next.caption !== undefined) setCaption(next.caption);
          }}
          titleError={say('title')}
          captionError={say('caption')}
        />
        <Stack gap="xs">
          <Button
            size="md"
            leftSection={<IconCheck size={18} aria-hidden />}
            loading={approve.isPending}
            disabled={problems.length > 0 || reject.isPending}
            onClick={() =>
              approve.mutate({
                id: publication.id,
                body: {
                  ...(title !== publication.title ? { title } : {}),
                  ...(caption !== publication.caption ? { caption } : {}),
                },
              })
            }
            aria-label={t('publications.approvals.approveNamed', { name: label })}
          >
            {t('publications.approvals.approve')}
          </Button>
          <Button
            size="md"
            color="red"
            variant="light"
            leftSection={<IconX size={18} aria-hidden />}
            loading={reject.isPending}
            disabled={approve.isPending}
            onClick={() => reject.mutate(publication.id)}
            aria-label={t('publications.approvals.rejectNamed', { name: label })}
          >
            {t('publications.approvals.reject')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
