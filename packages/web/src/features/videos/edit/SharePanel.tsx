import { Alert, Anchor, Button, Progress, Stack, Table, Text, Title } from '@mantine/core';
import type { JobResponse } from '@regie/contract/jobs.schemas';
import { SHARE_TARGET_NAMES, SHARE_TARGETS, type ShareTarget } from '@regie/contract/videos';
import { IconAlertTriangle, IconShare } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../api/client.ts';
import { ServerReason } from '../../../i18n/server-message.tsx';
import { useT } from '../../../i18n/use-t.ts';
import { resultOf, targetOf, useShareAction, useShares, useShareTargets } from './share-calls.ts';

const SOCIAL_NETWORKS = '/account/settings/social-networks';

/**
 * Publishing the video on social platforms. Each target says what stops it: the server has no
 * credentials for it (disabled, explained), the user has not linked an account (a link to the
 * settings), or offers Share, whose job then shows its progress and the resulting link. A refusal
 * (503 …) shows the server's own words: nothing claims a success.
 */
export function SharePanel({ videoId }: { videoId: number }) {
  const t = useT();
  const targets = useShareTargets();
  const { shares, active } = useShares(videoId);
  const share = useShareAction(videoId);
  const [refusals, setRefusals] = useState<Partial<Record<ShareTarget, string>>>({});

  async function start(target: ShareTarget) {
    setRefusals((current) => ({ ...current, [target]: undefined }));
    try {
      await share.mutateAsync(target);
    } catch (error) {
      if (error instanceof ApiError && error.status >= 400 && error.status < 600) {
        setRefusals((current) => ({ ...current, [target]: error.message }));
      }
    }
  }

  const statusOf = (target: ShareTarget) => targets.data?.find((item) => item.target === target);
  const latestJob = (target: ShareTarget) =>
    active.find((job) => targetOf(job) === target) ?? shares.data?.find((job) => targetOf(job) === target);

  return (
    <Stack gap="xs" component="section" aria-labelledby="video-share-title">
      <Title order={3} size="h5" id="video-share-title">
        {t('videos.share.title')}
      </Title>
      <Table verticalSpacing={6} fz="sm">
        <Table.Tbody>
          {SHARE_TARGETS.map((target) => {
            const job = latestJob(target);
            const working = job?.state === 'waiting' || job?.state === 'in_progress';
            return (
              <ShareRow
                key={target}
                target={target}
                status={statusOf(target)}
                job={job}
                refusal={refusals[target]}
                busy={(share.isPending && share.variables === target) || working}
                onShare={() => void start(target)}
              />
            );
          })}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

interface RowProps {
  target: ShareTarget;
  /** Whether the server may share there and the user linked an account; undefined while loading. */
  status: { configured: boolean; linked: boolean } | undefined;
  /** The latest share job on this target. */
  job: JobResponse | undefined;
  refusal: string | undefined;
  busy: boolean;
  onShare: () => void;
}

/** One target: what stops sharing there, the job's progress, link or failure, and the Share button. */
function ShareRow({ target, status, job, refusal, busy, onShare }: RowProps) {
  const t = useT();
  const name = SHARE_TARGET_NAMES[target];
  let blocker: ReactNode = null;
  if (status && !status.configured) blocker = t('videos.share.notConfigured');
  else if (status && !status.linked)
    blocker = (
      <Anchor component={Link} to={SOCIAL_NETWORKS} size="sm">
        {t('videos.share.linkFirst', { target: name })}
      </Anchor>
    );
  return (
    <Table.Tr>
      <Table.Th scope="row" w={110} fw={500}>
        {name}
      </Table.Th>
      <Table.Td>
        <Stack gap={4}>
          {blocker && (
            <Text size="sm" c="dimmed">
              {blocker}
            </Text>
          )}
          {job && <ShareJob job={job} name={name} />}
          {refusal && (
            <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />} p="xs">
              <Text size="sm">{refusal}</Text>
            </Alert>
          )}
        </Stack>
      </Table.Td>
      <Table.Td w={120} ta="right">
        <Button
          variant="default"
          size="xs"
          leftSection={<IconShare size={14} aria-hidden />}
          onClick={onShare}
          loading={busy}
          disabled={blocker !== null}
          aria-label={t('videos.share.on', { target: name })}
        >
          {t('videos.share.share')}
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}

/** A share job: its progress while it runs, the shared link once done, or its failure. */
function ShareJob({ job, name }: { job: JobResponse; name: string }) {
  const t = useT();
  const result = resultOf(job);
  if (job.state === 'waiting' || job.state === 'in_progress') {
    return (
      <Progress.Root>
        <Progress.Section value={job.progress} animated aria-label={t('videos.share.progress', { target: name })} />
      </Progress.Root>
    );
  }
  if (job.state === 'done' && result) {
    return (
      <Text size="sm">
        {t('videos.share.sharedAt')}{' '}
        <Anchor href={result.url} target="_blank" rel="noreferrer">
          {result.url}
        </Anchor>
      </Text>
    );
  }
  if (job.state === 'failed') {
    return (
      <Text size="sm" c="red.8">
        <ServerReason message={job.lastErrorMessage} text={job.lastError} fallback={t('videos.share.failed')} />
      </Text>
    );
  }
  return null;
}
