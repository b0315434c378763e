import { ActionIcon, Alert, Button, Card, Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Graphic } from '@regie/contract/graphics';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useT } from '../../i18n/use-t.ts';
import { ConfirmDialog } from '../../widgets/ConfirmDialog.tsx';
import { useImageUrl } from '../../widgets/image-url.ts';
import { draftOf, type GraphicDraft, GraphicForm } from './GraphicForm.tsx';
import { GraphicPreview, type PreviewGraphic } from './GraphicPreview.tsx';
import { useDeleteGraphic, useEventGraphics, useEventPoster, useSaveGraphic } from './graphics-calls.ts';

/** The graphic being edited: a new one (id null) or an existing one, with its draft. */
interface Editing {
  id: number | null;
  draft: GraphicDraft;
}

function GraphicCard({ graphic, onEdit, onDelete }: { graphic: Graphic; onEdit: () => void; onDelete: () => void }) {
  const t = useT();
  return (
    <Card withBorder padding="sm" component="li" data-testid={`graphic-${graphic.id}`}>
      <Group wrap="nowrap" gap="sm" align="flex-start">
        <Image src={graphic.imageUrl} alt="" w={64} h={40} fit="contain" bg="gray.1" radius="sm" />
        <div style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600} size="sm">
            {graphic.name}
          </Text>
          <Text size="xs" c="dimmed">
            {t('graphics.summary', {
              kind: t(`graphics.kind.${graphic.kind}`),
              position: t(`graphics.position.${graphic.position}`),
              width: graphic.widthPercent.toLocaleString(),
              opacity: graphic.opacity.toLocaleString(),
            })}
          </Text>
        </div>
        <ActionIcon variant="subtle" onClick={onEdit} aria-label={`${t('graphics.edit')} ${graphic.name}`}>
          <IconPencil size={18} aria-hidden />
        </ActionIcon>
        <ActionIcon
          variant="subtle"
          color="red"
          onClick={onDelete}
          aria-label={`${t('graphics.delete')} ${graphic.name}`}
        >
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Group>
    </Card>
  );
}

/**
 * The event's 'graphics' tab (contract graphics.ts): its graphics, and a form with a live preview
 * over a frame of the event's video. Editing one previews it alone; otherwise all are shown.
 */
export function GraphicsTab({ eventId }: { eventId: number }) {
  const t = useT();
  const imageUrl = useImageUrl();
  const graphics = useEventGraphics(eventId);
  const poster = useEventPoster(eventId);
  const save = useSaveGraphic(eventId);
  const remove = useDeleteGraphic(eventId);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<Graphic | null>(null);
  const list = graphics.data?.data ?? [];
  const shown: PreviewGraphic[] = editing
    ? editing.draft.imageKey
      ? [{ ...editing.draft, imageUrl: imageUrl(editing.draft.imageKey) }]
      : []
    : list;

  const onSave = () => {
    if (!editing?.draft.imageKey) return;
    const body = { ...editing.draft, name: editing.draft.name.trim(), imageKey: editing.draft.imageKey };
    save.mutate({ id: editing.id, body }, { onSuccess: () => setEditing(null) });
  };

  return (
    <Stack gap="md">
      <GraphicsHeading onAdd={editing ? null : () => setEditing({ id: null, draft: draftOf(null) })} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <GraphicPreview poster={poster} graphics={shown} />
        {editing ? (
          <Card withBorder padding="md">
            <GraphicForm
              draft={editing.draft}
              onChange={(update) => setEditing((current) => current && { ...current, draft: update(current.draft) })}
              onSave={onSave}
              onCancel={() => setEditing(null)}
              busy={save.isPending}
            />
          </Card>
        ) : (
          <GraphicList
            list={list}
            loading={graphics.isLoading}
            onEdit={(graphic) => setEditing({ id: graphic.id, draft: draftOf(graphic) })}
            onDelete={setDeleting}
          />
        )}
      </SimpleGrid>
      <ConfirmDialog
        opened={deleting !== null}
        title={t('graphics.deleteTitle')}
        confirmLabel={t('graphics.delete')}
        danger
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
      >
        <Text size="sm">{t('graphics.deleteBody')}</Text>
      </ConfirmDialog>
    </Stack>
  );
}

/** The tab's title and intro, with the add button while no graphic is being edited (onAdd null). */
function GraphicsHeading({ onAdd }: { onAdd: (() => void) | null }) {
  const t = useT();
  return (
    <Group justify="space-between">
      <div>
        <Title order={2} size="h4">
          {t('graphics.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('graphics.intro')}
        </Text>
      </div>
      {onAdd && (
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={onAdd}>
          {t('graphics.add')}
        </Button>
      )}
    </Group>
  );
}

interface ListProps {
  list: readonly Graphic[];
  loading: boolean;
  onEdit: (graphic: Graphic) => void;
  onDelete: (graphic: Graphic) => void;
}

/** The event's graphics as cards, or a note while they load or when there are none. */
function GraphicList({ list, loading, onEdit, onDelete }: ListProps) {
  const t = useT();
  if (list.length === 0) return <Alert variant="light">{loading ? '…' : t('graphics.empty')}</Alert>;
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {list.map((graphic) => (
        <GraphicCard
          key={graphic.id}
          graphic={graphic}
          onEdit={() => onEdit(graphic)}
          onDelete={() => onDelete(graphic)}
        />
      ))}
    </Stack>
  );
}
