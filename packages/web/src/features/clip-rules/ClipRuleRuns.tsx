import { Anchor, Badge, Stack, Table, Text, Title } from '@mantine/core';
import { type ClipRuleRunState, type ClipRuleRunsResponse, clipRulePaths } from '@regie/contract/clip-rules';
import { canAccess, fillPath, findRouteByPath } from '@regie/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useApi } from '../../api/api-context.ts';
import { useT } from '../../i18n/use-t.ts';
import type { TabPanelProps } from '../../resources/customization.ts';
import { useAccessSubject } from '../../session/access.ts';
import { formatClock } from '../../widgets/player/time-format.ts';

const EVENT_CLIPS_SCREEN = '/events/sports/edit/:id/clip';
const VIDEO_SCREEN = '/medias/videos/edit/:videoId';
/** Runs still waiting for a live's seconds are read again until they are made. */
const WAITING_REFRESH_MS = 2_000;

const STATE_COLOURS: Record<ClipRuleRunState, string> = {
  waiting: 'blue',
  made: 'green',
  skipped: 'gray',
  failed: 'red',
};

/** A link to `path` for whoever may open it, else the plain text. */
function LinkIfAllowed({ path, params, label }: { path: string; params: Record<string, number>; label: string }) {
  const subject = useAccessSubject();
  const route = findRouteByPath(path);
  if (!route || !canAccess(subject, route)) return <Text size="sm">{label}</Text>;
  return (
    <Anchor component={Link} to={fillPath(path, params)} size="sm">
      {label}
    </Anchor>
  );
}

/**
 * Under a saved clip rule's form: what became of each marker it met (newest first): the marker,
 * its event (a link to the event's clips), the state with its reason, and the clip made.
 */
export function ClipRuleRuns({ record }: TabPanelProps & { tab: string | null }) {
  const t = useT();
  const api = useApi();
  const ruleId = Number(record.id);
  const query = useQuery({
    queryKey: ['clip-rules', String(ruleId), 'runs'],
    queryFn: ({ signal }) => api.get<ClipRuleRunsResponse>(clipRulePaths.runs(ruleId), undefined, { signal }),
    refetchInterval: (current) =>
      current.state.data?.data.some((run) => run.state === 'waiting') ? WAITING_REFRESH_MS : false,
  });
  const runs = query.data?.data ?? [];
  return (
    <Stack gap="sm" maw={980} mt="lg" data-testid="clip-rule-runs">
      <Title order={2} size="h4">
        {t('clipRules.runs.title')}
      </Title>
      {query.isSuccess && runs.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('clipRules.runs.empty')}
        </Text>
      ) : (
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('clipRules.runs.marker')}</Table.Th>
              <Table.Th>{t('clipRules.runs.event')}</Table.Th>
              <Table.Th>{t('clipRules.runs.state')}</Table.Th>
              <Table.Th>{t('clipRules.runs.clip')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {runs.map((run) => (
              <Table.Tr key={run.id} data-testid={`clip-rule-run-${run.markerId}`}>
                <Table.Td>
                  <Text size="sm">
                    {run.markerLabel || formatClock(run.markerTimeSeconds)} · {formatClock(run.markerTimeSeconds)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <LinkIfAllowed path={EVENT_CLIPS_SCREEN} params={{ id: run.eventId }} label={run.eventName} />
                </Table.Td>
                <Table.Td>
                  <Stack gap={2}>
                    <Badge color={STATE_COLOURS[run.state]} variant="light">
                      {t(`clipRules.runs.state.${run.state}`)}
                    </Badge>
                    {run.error && <Text size="xs">{run.error}</Text>}
                  </Stack>
                </Table.Td>
                <Table.Td>
                  {run.clipVideoId !== null && (
                    <LinkIfAllowed
                      path={VIDEO_SCREEN}
                      params={{ videoId: run.clipVideoId }}
                      label={t('clipRules.runs.openClip')}
                    />
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
