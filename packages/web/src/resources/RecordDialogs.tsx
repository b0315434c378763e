import { ActionIcon, Group, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { resourceCalls } from '../api/resource-api.ts';
import { useT } from '../i18n/use-t.ts';
import { ConfirmDialog } from '../widgets/ConfirmDialog.tsx';
import type { ResourceRecord } from './any-resource.ts';
import { NestedRecordDialog } from './NestedRecordDialog.tsx';
import type { ChildResource } from './nested-resource.ts';
import type { ResourceLabels } from './resource-labels.ts';
import type { ListController } from './use-list-controller.ts';

interface Props {
  child: ChildResource;
  parentId: number;
  calls: ReturnType<typeof resourceCalls>;
  labels: ResourceLabels;
  /** The record in the edit dialog, 'new' to make one, null for no dialog. */
  editing: ResourceRecord | 'new' | null;
  onEditClosed: () => void;
  /** The record whose deletion waits for confirmation, and the name it is shown by. */
  deleting: ResourceRecord | null;
  deletingName: string;
  deletingBusy: boolean;
  onDeleteCancelled: () => void;
  onDeleteConfirmed: (record: ResourceRecord) => void;
}

/** The two dialogs of a list of records edited in place: edit/create, and delete with confirmation. */
export function RecordDialogs(props: Props) {
  const t = useT();
  const { editing, deleting } = props;
  return (
    <>
      {editing !== null && (
        <NestedRecordDialog
          child={props.child}
          parentId={props.parentId}
          record={editing === 'new' ? null : editing}
          calls={props.calls}
          labels={props.labels}
          onClose={props.onEditClosed}
        />
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('resource.common.deleteOneTitle')}
        confirmLabel={t('resource.common.delete')}
        danger
        busy={props.deletingBusy}
        onCancel={props.onDeleteCancelled}
        onConfirm={() => {
          if (deleting) props.onDeleteConfirmed(deleting);
        }}
      >
        <Text size="sm">{t('resource.common.deleteRecordWarning', { name: props.deletingName })}</Text>
      </ConfirmDialog>
    </>
  );
}

/**
 * The state of a list's dialogs (which record is edited, which one waits for its deletion to be
 * confirmed), wired to the list controller's delete: spread `dialogProps` on RecordDialogs.
 */
export function useRecordDialogs(
  controller: Pick<ListController, 'calls' | 'remove'>,
  setup: { child: ChildResource; parentId: number; labels: ResourceLabels; nameOf: (record: ResourceRecord) => string },
) {
  const [editing, setEditing] = useState<ResourceRecord | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ResourceRecord | null>(null);
  const { remove } = controller;
  const dialogProps: Props = {
    child: setup.child,
    parentId: setup.parentId,
    calls: controller.calls,
    labels: setup.labels,
    editing,
    onEditClosed: () => setEditing(null),
    deleting,
    deletingName: deleting ? setup.nameOf(deleting) : '',
    deletingBusy: remove.isPending,
    onDeleteCancelled: () => setDeleting(null),
    onDeleteConfirmed: (record) => {
      setDeleting(null);
      remove.mutate([record.id], { onError: () => undefined });
    },
  };
  return { edit: setEditing, askDelete: setDeleting, dialogProps };
}

/** A row's edit and delete buttons in a list edited in place; a button without its handler is left out. */
export function RowActions({
  name,
  onEdit,
  onDelete,
}: {
  name: string;
  onEdit: (() => void) | null;
  onDelete: (() => void) | null;
}) {
  const t = useT();
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {onEdit && (
        <ActionIcon variant="subtle" aria-label={t('resource.nested.edit', { name })} onClick={onEdit}>
          <IconPencil size={16} aria-hidden />
        </ActionIcon>
      )}
      {onDelete && (
        <ActionIcon
          variant="subtle"
          color="red.8"
          aria-label={t('resource.nested.delete', { name })}
          onClick={onDelete}
        >
          <IconTrash size={16} aria-hidden />
        </ActionIcon>
      )}
    </Group>
  );
}
