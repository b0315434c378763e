import { Alert, Button, Card, Grid, Group, Stack, Text } from '@mantine/core';
import {
  LIVE_HEALTH_EVENT,
  LIVE_TOPIC,
  type LiveHealth,
  type LiveInput,
  liveHealth,
  livePaths,
} from '@regie/contract/live';
import { IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useApi } from '../../api/api-context.ts';
import { ServerReason } from '../../i18n/server-message.tsx';
import { useT } from '../../i18n/use-t.ts';
import { useRealtimeEvent } from '../../realtime/use-realtime.ts';
import { ConfirmDialog } from '../../widgets/ConfirmDialog.tsx';
import { usePageTitle } from '../../widgets/page-title.ts';
import { StreamConnection } from './StreamConnection.tsx';
import { type StreamDraft, StreamFields } from './StreamFields.tsx';
import { StreamHealthPanel } from './StreamHealthPanel.tsx';
import { StreamPreview } from './StreamPreview.tsx';
import { AirVideoPanel, AssemblyPanel } from './StreamVideoPanels.tsx';
import { StreamStateBadge } from './state-badge.tsx';
import { streamKeys, useDeleteStream, useStream, useUpdateStream } from './streams-calls.ts';

/** The input's health: GET flows/{id}/status once, then what the socket pushes for it. */
function useLiveHealth(id: number): LiveHealth | null {
  const api = useApi();
  const queryClient = useQueryClient();
  const key = ['streams', id, 'health'] as const;
  const fetched = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.get<LiveHealth>(livePaths.status(id), undefined, { signal }),
  });
  useRealtimeEvent(LIVE_TOPIC, (event) => {
    const parsed = liveHealth.safeParse(event.payload);
    if (event.type !== LIVE_HEALTH_EVENT || !parsed.success || parsed.data.inputId !== id) return;
    const previous = queryClient.getQueryData<LiveHealth>(key);
    queryClient.setQueryData(key, parsed.data);
    // On air, off air or refused: the record's state and reason changed too.
    if (previous?.connected !== parsed.data.connected || previous?.state !== parsed.data.state) {
      void queryClient.invalidateQueries({ queryKey: streamKeys.one(id) });
    }
  });
  return fetched.data ?? null;
}

function EditForm({ input }: { input: LiveInput }) {
  const t = useT();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<StreamDraft>({
    name: input.name,
    latencyMode: input.latencyMode,
    equirectangular: input.equirectangular,
    geoBlocking: input.geoBlocking,
  });
  const [deleting, setDeleting] = useState(false);
  const update = useUpdateStream(input.id);
  const remove = useDeleteStream(input.id, () => navigate('/medias/streams/list'));
  return (
    <Card withBorder padding="md">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          update.mutate({ ...draft, name: draft.name.trim() });
        }}
      >
        <Stack>
          <StreamFields draft={draft} onChange={setDraft} />
          <Group justify="space-between">
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={18} aria-hidden />}
              onClick={() => setDeleting(true)}
            >
              {t('streams.delete')}
            </Button>
            <Button type="submit" loading={update.isPending} disabled={draft.name.trim() === ''}>
              {t('streams.save')}
            </Button>
          </Group>
        </Stack>
      </form>
      <ConfirmDialog
        opened={deleting}
        title={t('streams.deleteTitle')}
        confirmLabel={t('streams.delete')}
        danger
        busy={remove.isPending}
        onCancel={() => setDeleting(false)}
        onConfirm={() => remove.mutate(undefined)}
      >
        <Text size="sm">{t('streams.deleteBody')}</Text>
      </ConfirmDialog>
    </Card>
  );
}

/**
 * /medias/streams/edit/:inputId: the input's fields, its encoder settings (URL, key revealed on
 * demand, rotated), its health live over the socket and a preview of its live edge; a video aired
 * into it, and its recording made into a video.
 */
export function StreamEdit() {
  const id = Number(useParams().inputId);
  const input = useStream(id);
  const health = useLiveHealth(id);
  usePageTitle(input.data?.name ?? null);
  if (!input.data) return null;
  const record = input.data;
  const onAir = health?.connected === true && health.segments >= 2;
  return (
    <Grid gap="lg" align="flex-start">
      <Grid.Col span={{ base: 12, lg: 6 }}>
        <Stack>
          <Group gap="sm">
            <StreamStateBadge state={record.state} />
          </Group>
          {record.stateReason && (
            <Alert color="orange" data-testid="stream-reason">
              <ServerReason message={record.stateReasonMessage} text={record.stateReason} />
            </Alert>
          )}
          <EditForm key={record.id} input={record} />
          <StreamConnection input={record} />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 6 }}>
        <Stack>
          <StreamHealthPanel health={health} />
          <StreamPreview url={record.playback.liveUrl} name={record.name} onAir={onAir} />
          <AirVideoPanel
            input={record}
            connected={health?.connected === true && record.conversion?.state !== 'playing'}
          />
          <AssemblyPanel input={record} connected={health?.connected === true} />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
