import { Button, Card, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useT } from '../../i18n/use-t.ts';
import { EMPTY_DRAFT, type StreamDraft, StreamFields } from './StreamFields.tsx';
import { useCreateStream } from './streams-calls.ts';

/** /medias/streams/new: name, latency mode and 360 flag; the key is made by the server, shown on the edit screen. */
export function StreamCreate() {
  const t = useT();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<StreamDraft>(EMPTY_DRAFT);
  const create = useCreateStream((input) => navigate(`/medias/streams/edit/${input.id}`));
  return (
    <Card withBorder padding="lg" maw={640}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate({ ...draft, name: draft.name.trim() });
        }}
      >
        <Stack>
          <StreamFields draft={draft} onChange={setDraft} />
          <Group justify="flex-end">
            <Button type="submit" loading={create.isPending} disabled={draft.name.trim() === ''}>
              {t('streams.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
