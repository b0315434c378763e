import { Paper, Progress, Table, Text, Title } from '@mantine/core';
import type { DashboardResponse } from '@regie/contract/dashboard';
import type { MessageKey } from '@regie/contract/i18n/en';
import type { JobState } from '@regie/contract/jobs';
import { useId } from 'react';
import { useT } from '../../i18n/use-t.ts';
import { useInsightsFormat } from '../stats/insights-format.ts';

const STATE_KEYS: Readonly<Record<JobState, MessageKey>> = {
  waiting: 'insights.dashboard.job.waiting',
  in_progress: 'insights.dashboard.job.in_progress',
  done: 'insights.dashboard.job.done',
  failed: 'insights.dashboard.job.failed',
};

/** Jobs waiting or running now: what, about which record, how far. */
export function RunningJobs({ jobs }: { jobs: DashboardResponse['jobs'] }) {
  const t = useT();
  const format = useInsightsFormat();
  const titleId = useId();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={titleId}>
      <Title order={3} size="h5" id={titleId} mb="sm">
        {t('insights.dashboard.jobs')} ({format.number(jobs.total)})
      </Title>
      {jobs.running.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('insights.dashboard.noJobs')}
        </Text>
      ) : (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('insights.dashboard.job.type')}</Table.Th>
              <Table.Th>{t('insights.dashboard.job.resource')}</Table.Th>
              <Table.Th>{t('insights.dashboard.job.state')}</Table.Th>
              <Table.Th>{t('insights.dashboard.job.progress')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {jobs.running.map((job) => (
              <Table.Tr key={job.id}>
                <Table.Td>{job.type}</Table.Td>
                <Table.Td>{job.resourceType ? `${job.resourceType} ${job.resourceId ?? ''}` : ''}</Table.Td>
                <Table.Td>{t(STATE_KEYS[job.state])}</Table.Td>
                <Table.Td miw={120}>
                  <Progress value={job.progress} aria-label={t('insights.dashboard.job.progressOf', { id: job.id })} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {jobs.total > jobs.running.length && (
        <Text size="xs" c="dimmed" mt="xs">
          {t('insights.dashboard.jobsMore', {
            shown: format.number(jobs.running.length),
            total: format.number(jobs.total),
          })}
        </Text>
      )}
    </Paper>
  );
}
