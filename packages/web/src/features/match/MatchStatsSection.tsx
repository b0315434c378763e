import { Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { FEED_STAT_KEYS, type FeedStatKey } from '@regie/contract/feeds';
import type { MessageKey } from '@regie/contract/i18n/en';
import { type EventMatchStatsResponse, matchEventPaths } from '@regie/contract/match-events';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.ts';
import { useT } from '../../i18n/use-t.ts';

/** The two sides' colours: the bars', and their names' (darker: 4.5:1 on white, axe color-contrast). */
const HOME_COLOUR = 'cyan.7';
const AWAY_COLOUR = 'grape.7';
const HOME_TEXT = 'cyan.9';
const AWAY_TEXT = 'grape.9';

/** The event's match figures (GET events/{id}/match-stats), under the match stats' own key. */
function useMatchStats(eventId: number) {
  const api = useApi();
  return useQuery({
    queryKey: ['match-stats', eventId],
    queryFn: ({ signal }) =>
      api.get<EventMatchStatsResponse>(matchEventPaths.matchStats(eventId), undefined, { signal }),
  });
}

/**
 * The "Match" section of an event's stats tab: the figures its match feed gave (shots, on target,
 * fouls, cards, corners, possession), home against away, each with a bar of their shares.
 */
export function MatchStatsSection({ eventId }: { eventId: number }) {
  const t = useT();
  const stats = useMatchStats(eventId);
  const data = stats.data;
  const home = data?.home ?? null;
  const away = data?.away ?? null;
  const keys = FEED_STAT_KEYS.filter(
    (key) => typeof home?.stats[key] === 'number' || typeof away?.stats[key] === 'number',
  );
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="match-stats-title">
      <Title order={2} size="h4" id="match-stats-title" mb="sm">
        {t('match.stats.title')}
      </Title>
      {!home && !away ? (
        <Text size="sm" c="dimmed">
          {stats.isSuccess ? t('match.stats.empty') : ''}
        </Text>
      ) : (
        <Stack gap="sm">
          <Group justify="space-between">
            <Text fw={700} c={HOME_TEXT}>
              {home?.teamName ?? t('match.stats.home')}
            </Text>
            <Text fw={700} c={AWAY_TEXT}>
              {away?.teamName ?? t('match.stats.away')}
            </Text>
          </Group>
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="match-stats">
            {keys.map((key) => (
              <StatRow key={key} name={t(`match.stats.key.${key}` as MessageKey)} statKey={key} data={data} />
            ))}
          </Stack>
        </Stack>
      )}
    </Paper>
  );
}

function StatRow({
  name,
  statKey,
  data,
}: {
  name: string;
  statKey: FeedStatKey;
  data: EventMatchStatsResponse | undefined;
}) {
  const t = useT();
  const home = data?.home?.stats[statKey] ?? 0;
  const away = data?.away?.stats[statKey] ?? 0;
  const total = home + away;
  const homeShare = total === 0 ? 50 : (home / total) * 100;
  return (
    <li aria-label={t('match.stats.figure', { name, home, away })}>
      <Group justify="space-between" gap="xs" aria-hidden>
        <Text fw={600} size="sm">
          {home}
        </Text>
        <Text size="sm">{name}</Text>
        <Text fw={600} size="sm">
          {away}
        </Text>
      </Group>
      <Progress.Root size="sm" aria-hidden>
        <Progress.Section value={homeShare} color={HOME_COLOUR} />
        <Progress.Section value={100 - homeShare} color={AWAY_COLOUR} />
      </Progress.Root>
    </li>
  );
}
