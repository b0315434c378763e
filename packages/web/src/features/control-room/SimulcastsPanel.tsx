import { Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useT } from '../../i18n/use-t.ts';
import {
  useLiveTargets,
  useSimulcast,
  useSimulcastActions,
  useSimulcastsOfInputs,
} from '../simulcasts/simulcast-calls.ts';
import { TargetsPanel } from '../simulcasts/TargetsPanel.tsx';

/** One simulcast's targets, their status live, started and stopped here (edited on its own page). */
function SimulcastTargets({ id }: { id: number }) {
  const simulcast = useSimulcast(id);
  const actions = useSimulcastActions(id);
  useLiveTargets(id);
  if (!simulcast.data) return <Skeleton h={60} />;
  return <TargetsPanel simulcast={simulcast.data} actions={actions} title={simulcast.data.name} editable={false} />;
}

/** The simulcasts restreaming the event's cameras (features/simulcasts), each with its targets. */
export function SimulcastsPanel({ inputIds }: { inputIds: readonly number[] }) {
  const t = useT();
  const simulcasts = useSimulcastsOfInputs(inputIds, inputIds.length > 0);
  const found = simulcasts.data ?? [];
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="control-room-simulcasts-title">
      <Stack gap="xs">
        <Title order={2} size="h5" id="control-room-simulcasts-title">
          {t('menu.events.simulcasts')}
        </Title>
        {simulcasts.isLoading ? (
          <Skeleton h={60} />
        ) : found.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('controlRoom.noSimulcast')}
          </Text>
        ) : (
          found.map((simulcast) => <SimulcastTargets key={simulcast.id} id={simulcast.id} />)
        )}
      </Stack>
    </Paper>
  );
}
