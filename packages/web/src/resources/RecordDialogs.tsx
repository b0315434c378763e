import { Text } from '@mantine/core';
import type { resourceCalls } from '../api/resource-api.ts';
import { useT } from '../i18n/use-t.ts';
import { ConfirmDialog } from '../widgets/ConfirmDialog.tsx';
import type { ResourceRecord } from './any-resource.ts';
import { NestedRecordDialog } from './NestedRecordDialog.tsx';
import type { ChildResource } from './nested-resource.ts';
import type { ResourceLabels } from './resource-labels.ts';

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
