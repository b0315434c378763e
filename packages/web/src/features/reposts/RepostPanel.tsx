import { Alert, Button, Card, Checkbox, Group, Select, Stack, Text, Title } from '@mantine/core';
import { REPOST_MESSAGE_MAX, type RepostResult } from '@regie/contract/reposts';
import { SOCIAL_PLATFORM_NAMES } from '@regie/contract/social';
import { SHARE_TARGETS, type ShareTarget } from '@regie/contract/videos';
import { useState } from 'react';
import { useT } from '../../i18n/use-t.ts';
import { LimitedTextField } from '../../widgets/LimitedTextField.tsx';
import { useEventRecord } from '../graphics/graphics-calls.ts';
import { useSocialLinks } from '../settings/social/social-calls.ts';
import { RepostHistory } from './RepostHistory.tsx';
import { useEventClips, useRepost, useReposts } from './reposts-calls.ts';

function isTarget(value: string): value is ShareTarget {
  return (SHARE_TARGETS as readonly string[]).includes(value);
}

/** The videos that may be reposted: the replay, then the event's ready clips. */
function useVideoChoices(eventId: number) {
  const t = useT();
  const event = useEventRecord(eventId);
  const clips = useEventClips(eventId);
  const choices: { value: string; label: string }[] = [];
  if (event.data?.videoId) {
    choices.push({ value: String(event.data.videoId), label: t('reposts.replay', { title: event.data.name }) });
  }
  for (const clip of clips.data?.data ?? []) {
    if (clip.state === 'ready')
      choices.push({ value: String(clip.id), label: t('reposts.clip', { title: String(clip.title) }) });
  }
  return choices;
}

/**
 * Reposts an event's replay or one of its clips to the user's linked social accounts (contract
 * reposts.ts): choose the video, the targets and a message; each target then becomes a
 * publication followed to its post, or says why it was refused (not linked, a platform's limit).
 */
export function RepostPanel({ eventId }: { eventId: number }) {
  const t = useT();
  const choices = useVideoChoices(eventId);
  const links = useSocialLinks();
  const history = useReposts(eventId);
  const send = useRepost(eventId);
  const [videoId, setVideoId] = useState<string | null>(null);
  const [chosen, setChosen] = useState<ShareTarget[]>([]);
  const [message, setMessage] = useState('');
  const [results, setResults] = useState<RepostResult[]>([]);
  const video = videoId ?? choices[0]?.value ?? null;
  const status = (target: ShareTarget) => {
    const platform = links.data?.find((entry) => entry.platform === target);
    return platform && { configured: platform.mode !== 'off', linked: platform.link?.state === 'active' };
  };

  return (
    <Card withBorder padding="md" component="section" aria-labelledby={`reposts-${eventId}`}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={`reposts-${eventId}`}>
          {t('reposts.title')}
        </Title>
        {choices.length === 0 ? (
          <Alert variant="light">{t('reposts.noVideo')}</Alert>
        ) : (
          <Stack
            gap="sm"
            component="form"
            onSubmit={(event) => {
              event.preventDefault();
              if (!video || chosen.length === 0) return;
              const body = { targets: chosen, videoId: Number(video), ...(message.trim() ? { message } : {}) };
              send.mutate(body, { onSuccess: (response) => setResults(response.results) });
            }}
          >
            <Select
              label={t('reposts.video')}
              data={choices}
              value={video}
              allowDeselect={false}
              onChange={setVideoId}
            />
            <TargetChoice chosen={chosen} onChange={setChosen} status={status} />
            <LimitedTextField
              label={t('reposts.message')}
              textLimit={REPOST_MESSAGE_MAX}
              value={message}
              onChange={setMessage}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={send.isPending} disabled={chosen.length === 0}>
                {t('reposts.send')}
              </Button>
            </Group>
            <RepostResults results={results} />
          </Stack>
        )}
        <Title order={3} size="h5">
          {t('reposts.history')}
        </Title>
        <RepostHistory items={history.data?.data ?? []} />
      </Stack>
    </Card>
  );
}

interface TargetProps {
  chosen: ShareTarget[];
  onChange: (targets: ShareTarget[]) => void;
  /** Whether this server can link the target and the user has an active link to it (unknown while loading). */
  status: (target: ShareTarget) => { configured: boolean; linked: boolean } | undefined;
}

/** The platforms to post to; one this server cannot link, or the user has not linked, says so in its label. */
function TargetChoice({ chosen, onChange, status }: TargetProps) {
  const t = useT();
  const label = (target: ShareTarget) => {
    const name = SOCIAL_PLATFORM_NAMES[target];
    const known = status(target);
    if (known && !known.configured) return t('reposts.unconfigured', { target: name });
    if (known && !known.linked) return t('reposts.unlinked', { target: name });
    return name;
  };
  return (
    <Checkbox.Group
      label={t('reposts.targets')}
      value={chosen}
      onChange={(values) => onChange(values.filter(isTarget))}
    >
      <Group gap="md" mt={6}>
        {SHARE_TARGETS.map((target) => (
          <Checkbox key={target} value={target} label={label(target)} />
        ))}
      </Group>
    </Checkbox.Group>
  );
}

/** What became of the last send on each target: queued, or refused with the reasons. */
function RepostResults({ results }: { results: readonly RepostResult[] }) {
  const t = useT();
  if (results.length === 0) return null;
  return (
    <Stack gap={4} role="status">
      {results.map((result) => (
        <Text key={result.target} size="sm" c={result.outcome === 'queued' ? undefined : 'red.8'}>
          {[
            t('reposts.targetState', {
              target: SOCIAL_PLATFORM_NAMES[result.target],
              state: t(`reposts.outcome.${result.outcome}`),
            }),
            ...result.reasons,
          ].join(' — ')}
        </Text>
      ))}
    </Stack>
  );
}
