import { ActionIcon, Anchor, Badge, Box, Button, Group, Paper, Skeleton, Table, Text, Title } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconPlus } from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useApi } from '../api/api-context.ts';
import { nestedBase, resourceCalls } from '../api/resource-api.ts';
import { useT } from '../i18n/use-t.ts';
import { useImageUrl } from '../widgets/image-url.ts';
import type { AnyResource, ResourceRecord } from './any-resource.ts';
import { type CellContext, cellText } from './cell-format.ts';
import { childResource } from './nested-resource.ts';
import { RecordDialogs, RowActions, useRecordDialogs } from './RecordDialogs.tsx';
import { ReferenceCell } from './ReferenceCell.tsx';
import { type ResourceLabels, useResourceLabels } from './resource-labels.ts';
import { useLocalListController } from './use-list-controller.ts';

/** Most children shown at once: these lists are short (seasons, rounds, a product's offers). */
export const NESTED_LIST_LIMIT = 100;

interface Props {
  /** The child resource's declaration. */
  resource: AnyResource;
  parentId: number;
  /**
   * The child's field holding the parent's id: its declared parent field by default; a flat
   * resource narrowed by a field (subcategories by categoryId) names it.
   */
  parentField?: string;
  canWrite: boolean;
  /** The child's own edit page (subcategories); without one, children are changed in a dialog. */
  editHref?: (id: number) => string;
  /** Drawn under a child once it is opened (a season's rounds). */
  renderChildren?: (record: ResourceRecord) => ReactNode;
}

/**
 * The children of one record, under its edit form (a competition's seasons, a product's offers,
 * a category's subcategories): listed, made, changed and deleted without leaving the page.
 */
export function NestedResourceList({
  resource: declared,
  parentId,
  parentField,
  canWrite,
  editHref,
  renderChildren,
}: Props) {
  const t = useT();
  const client = useApi();
  const imageUrl = useImageUrl();
  const child = useMemo(() => childResource(declared, parentId, parentField), [declared, parentId, parentField]);
  const { resource } = child;
  const labels = useResourceLabels(resource);
  const calls = useMemo(
    () => resourceCalls(client, resource, nestedBase(resource, parentId)),
    [client, resource, parentId],
  );
  const permanentFilters = useMemo(
    () => (child.nested ? {} : { [child.parentField]: [String(parentId)] }),
    [child, parentId],
  );
  const controller = useLocalListController(resource, {
    calls,
    parentId,
    permanentFilters,
    initial: { pageSize: NESTED_LIST_LIMIT },
  });
  const { list, rows } = controller;
  const dialogs = useRecordDialogs(controller, { child, parentId, labels, nameOf });

  const context: CellContext = {
    labels,
    yes: t('resource.common.yes'),
    no: t('resource.common.no'),
    platform: t('resource.common.platform'),
    imageUrl,
  };
  const columns = resource.columns.filter((column) => column !== 'AccountId');

  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-label={labels.title()}>
      <NestedListHeader
        title={labels.title()}
        total={list.data?.total}
        newLabel={canWrite ? labels.newRecord() : null}
        onNew={() => dialogs.edit('new')}
      />
      {list.isError ? (
        <Text size="sm" c="red.8" role="alert">
          {t('resource.common.loadFailed')}
        </Text>
      ) : rows === null ? (
        <Skeleton h={64} radius="md" />
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {labels.empty()}
        </Text>
      ) : (
        <NestedTable
          resource={resource}
          rows={rows}
          total={list.data?.total ?? rows.length}
          columns={columns}
          labels={labels}
          context={context}
          canWrite={canWrite}
          editHref={editHref}
          renderChildren={renderChildren}
          onEdit={dialogs.edit}
          onDelete={dialogs.askDelete}
        />
      )}
      <RecordDialogs {...dialogs.dialogProps} />
    </Paper>
  );
}

/** The list's title with its count, and the button making a new child (for writers). */
function NestedListHeader({
  title,
  total,
  newLabel,
  onNew,
}: {
  title: string;
  total: number | undefined;
  /** Null: the user may not write. */
  newLabel: string | null;
  onNew(): void;
}) {
  return (
    <Group justify="space-between" mb="sm">
      <Group gap="xs">
        <Title order={3} size="h4">
          {title}
        </Title>
        {total !== undefined && (
          <Badge variant="light" radius="sm">
            {total}
          </Badge>
        )}
      </Group>
      {newLabel !== null && (
        <Button size="xs" variant="light" leftSection={<IconPlus size={14} aria-hidden />} onClick={onNew}>
          {newLabel}
        </Button>
      )}
    </Group>
  );
}

/** The children's table; a child with children of its own opens under its row. */
function NestedTable({
  resource,
  rows,
  total,
  columns,
  labels,
  context,
  canWrite,
  editHref,
  renderChildren,
  onEdit,
  onDelete,
}: {
  resource: AnyResource;
  rows: readonly ResourceRecord[];
  total: number;
  columns: readonly string[];
  labels: ResourceLabels;
  context: CellContext;
  canWrite: boolean;
  editHref: ((id: number) => string) | undefined;
  renderChildren: ((record: ResourceRecord) => ReactNode) | undefined;
  onEdit: (record: ResourceRecord) => void;
  onDelete: (record: ResourceRecord) => void;
}) {
  const t = useT();
  const [opened, setOpened] = useState<ReadonlySet<number>>(() => new Set());
  const toggle = (id: number) =>
    setOpened((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            {renderChildren && <Table.Th w={40} />}
            {columns.map((column) => (
              <Table.Th key={column}>{labels.field(column)}</Table.Th>
            ))}
            <Table.Th w={90} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((record) => (
            <NestedRow
              key={record.id}
              resource={resource}
              record={record}
              columns={columns}
              context={context}
              canWrite={canWrite}
              editHref={editHref}
              renderChildren={renderChildren}
              open={opened.has(record.id)}
              onToggle={() => toggle(record.id)}
              onEdit={() => onEdit(record)}
              onDelete={() => onDelete(record)}
            />
          ))}
        </Table.Tbody>
      </Table>
      {total > rows.length && (
        <Text size="xs" c="dimmed" mt="xs">
          {t('resource.nested.more', { shown: rows.length, total })}
        </Text>
      )}
    </Table.ScrollContainer>
  );
}

/** How a child is named to people (and to screen readers): its name, title or text, else its id. */
const nameOf = (record: ResourceRecord) => String(record.name ?? record.title ?? record.text ?? `#${record.id}`);

/** One child: its cells, its edit and delete buttons, and what is drawn under it once opened. */
function NestedRow({
  resource,
  record,
  columns,
  context,
  canWrite,
  editHref,
  renderChildren,
  open,
  onToggle,
  onEdit,
  onDelete,
}: {
  resource: AnyResource;
  record: ResourceRecord;
  columns: readonly string[];
  context: CellContext;
  canWrite: boolean;
  editHref: ((id: number) => string) | undefined;
  renderChildren: ((record: ResourceRecord) => ReactNode) | undefined;
  open: boolean;
  onToggle: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const t = useT();
  // The record's name leads to its page (or the first column when it has no name).
  const nameColumn = columns.includes('name') ? 'name' : columns[0];
  return (
    <>
      <Table.Tr>
        {renderChildren && (
          <Table.Td>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-expanded={open}
              aria-label={t('resource.nested.toggle', { name: nameOf(record) })}
              onClick={onToggle}
            >
              {open ? <IconChevronDown size={16} aria-hidden /> : <IconChevronRight size={16} aria-hidden />}
            </ActionIcon>
          </Table.Td>
        )}
        {columns.map((column) => (
          <Table.Td key={column}>
            <Cell
              resource={resource}
              field={column}
              record={record}
              context={context}
              first={column === nameColumn}
              editHref={editHref}
            />
          </Table.Td>
        ))}
        <Table.Td>
          <RowActions
            name={nameOf(record)}
            onEdit={canWrite && !editHref ? onEdit : null}
            onDelete={canWrite ? onDelete : null}
          />
        </Table.Td>
      </Table.Tr>
      {renderChildren && open && (
        <Table.Tr>
          <Table.Td colSpan={columns.length + 2}>
            <Box pl="xl">{renderChildren(record)}</Box>
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}

function Cell({
  resource,
  field,
  record,
  context,
  first,
  editHref,
}: {
  resource: AnyResource;
  field: string;
  record: ResourceRecord;
  context: CellContext;
  first: boolean;
  editHref: ((id: number) => string) | undefined;
}) {
  const ui = resource.ui[field];
  const value = record[field];
  if (ui?.widget === 'reference' && ui.reference && typeof value === 'number') {
    return <ReferenceCell reference={ui.reference} id={value} />;
  }
  const text = cellText(resource, field, value, context) || '—';
  if (first && editHref) {
    return (
      <Anchor component={Link} to={editHref(record.id)} size="sm" fw={600}>
        {text}
      </Anchor>
    );
  }
  return (
    <Text span size="sm" fw={first ? 600 : undefined}>
      {text}
    </Text>
  );
}
