import { Button, Group, Stack, Text, Title } from '@mantine/core';
import type { Publication } from '@regie/contract/publications';
import { IconShare } from '@tabler/icons-react';
import { useState } from 'react';
import { useT } from '../../i18n/use-t.ts';
import { PublicationItem } from './PublicationItem.tsx';
import { PublishDialog } from './PublishDialog.tsx';
import { useMayPublish, usePublicationsLive, useVideoPublications } from './publication-calls.ts';
import type { PublishableVideo } from './publish-form.ts';

/** "Publish" and the publications of one ready video (its media panel), followed live. */
export function VideoPublications({ video }: { video: PublishableVideo }) {
  const t = useT();
  const mayPublish = useMayPublish();
  const list = useVideoPublications(video.id);
  usePublicationsLive();
  const [open, setOpen] = useState(false);
  return (
    <Stack gap="xs" component="section" aria-labelledby="video-publications-title">
      <Group justify="space-between">
        <Title order={3} size="h5" id="video-publications-title">
          {t('publications.ofVideo')}
        </Title>
        {mayPublish && <PublishButton onClick={() => setOpen(true)} />}
      </Group>
      <PublicationsList items={list.data?.data ?? []} mayAct={mayPublish} />
      {list.data && list.data.data.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('publications.noneYet')}
        </Text>
      )}
      <PublishDialog video={video} opened={open} onClose={() => setOpen(false)} />
    </Stack>
  );
}

export function PublishButton({ onClick, label }: { onClick: () => void; label?: string }) {
  const t = useT();
  return (
    <Button size="xs" leftSection={<IconShare size={14} aria-hidden />} onClick={onClick} aria-label={label}>
      {t('publications.publish')}
    </Button>
  );
}

export function PublicationsList({ items, mayAct }: { items: readonly Publication[]; mayAct: boolean }) {
  if (items.length === 0) return null;
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {items.map((item) => (
        <PublicationItem key={item.id} publication={item} mayAct={mayAct} />
      ))}
    </Stack>
  );
}
