import { Badge, Button, Group, Paper, Skeleton, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { clipTemplatesResource } from '@regie/contract/resources/clip-templates';
import { IconPlus } from '@tabler/icons-react';
import { useT } from '../../i18n/use-t.ts';
import type { ResourceRecord } from '../../resources/any-resource.ts';
import { RecordDialogs, RowActions, useRecordDialogs } from '../../resources/RecordDialogs.tsx';
import { ReferenceCell } from '../../resources/ReferenceCell.tsx';
import { type ResourceLabels, useResourceLabels } from '../../resources/resource-labels.ts';
import { useLocalListController } from '../../resources/use-list-controller.ts';
import { useResourceAccess } from '../../resources/use-resource-access.ts';

export const templatesResource = clipTemplatesResource;
/** An account has a handful of templates: one page, by name, shows them all. */
export const TEMPLATES_STATE = { pageSize: 100, sort: { field: 'name', direction: 'asc' } } as const;
/** The templates are edited in the dialog of a nested list, with no parent. */
const TEMPLATES_CHILD = { resource: templatesResource, parentField: '', nested: true };
const nameOf = (record: ResourceRecord) => String(record.name ?? '');

/**
 * The account's clip templates (seconds kept before and after a marker, the skin, the default
 * one), made and changed in the generic form's dialog.
 */
export function ClipTemplatesPanel() {
  const labels = useResourceLabels(templatesResource);
  const { canWrite } = useResourceAccess(templatesResource);
  const controller = useLocalListController(templatesResource, { initial: TEMPLATES_STATE });
  const dialogs = useRecordDialogs(controller, { child: TEMPLATES_CHILD, parentId: 0, labels, nameOf });
  const { rows } = controller;

  return (
    <Paper withBorder radius="lg" shadow="xs" p="lg" component="section" aria-labelledby="clip-templates-title">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="clip-templates-title">
          {labels.title()}
        </Title>
        {canWrite && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={() => dialogs.edit('new')}
          >
            {labels.newRecord()}
          </Button>
        )}
      </Group>
      {rows === null ? (
        <Skeleton h={64} radius="md" />
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {labels.empty()}
        </Text>
      ) : (
        <TemplatesTable
          rows={rows}
          labels={labels}
          canWrite={canWrite}
          onEdit={dialogs.edit}
          onDelete={dialogs.askDelete}
        />
      )}
      <RecordDialogs {...dialogs.dialogProps} />
    </Paper>
  );
}

/** One row per template: name (and whether it is the default), skin, seconds kept around the marker. */
function TemplatesTable({
  rows,
  labels,
  canWrite,
  onEdit,
  onDelete,
}: {
  rows: readonly ResourceRecord[];
  labels: ResourceLabels;
  canWrite: boolean;
  onEdit(record: ResourceRecord): void;
  onDelete(record: ResourceRecord): void;
}) {
  const t = useT();
  return (
    <Table verticalSpacing="xs" fz="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{labels.field('name')}</Table.Th>
          <Table.Th>{labels.field('clipSkinId')}</Table.Th>
          <Table.Th>{t('clips.ui.beforeAfter')}</Table.Th>
          <Table.Th w={80}>
            <VisuallyHidden>{t('clips.ui.actions')}</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((record) => {
          const name = String(record.name);
          return (
            <Table.Tr key={record.id}>
              <Table.Td fw={600}>
                {name}{' '}
                {record.isDefault === true && (
                  <Badge size="xs" variant="light" ml={4}>
                    {t('clips.ui.default')}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>
                {typeof record.clipSkinId === 'number' ? (
                  <ReferenceCell reference="clip-skins" id={record.clipSkinId} />
                ) : (
                  '—'
                )}
              </Table.Td>
              <Table.Td>
                {t('clips.ui.secondsAround', {
                  before: Number(record.secondsBefore),
                  after: Number(record.secondsAfter),
                })}
              </Table.Td>
              <Table.Td>
                {canWrite && <RowActions name={name} onEdit={() => onEdit(record)} onDelete={() => onDelete(record)} />}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
