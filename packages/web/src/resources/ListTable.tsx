import { Badge, Checkbox, ColorSwatch, Group, Image, Skeleton, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconCheck, IconSelector, IconX } from '@tabler/icons-react';
import type { KeyboardEvent, ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useT } from '../i18n/use-t.ts';
import type { AnyResource, ResourceRecord } from './any-resource.ts';
import { type CellContext, cellText } from './cell-format.ts';
import { titleColumn } from './columns.ts';
import type { Sort } from './list-state.ts';
import { ReferenceCell } from './ReferenceCell.tsx';
import classes from './resources.module.css';

interface Props {
  resource: AnyResource;
  columns: readonly string[];
  rows: readonly ResourceRecord[] | null;
  sort: Sort;
  onSort: (field: string) => void;
  selected: ReadonlySet<number>;
  onSelect: (ids: ReadonlySet<number>) => void;
  /** Checkboxes only for users who may delete. */
  selectable: boolean;
  editHref: ((id: number) => string) | null;
  context: CellContext;
  pageSize: number;
  fetching: boolean;
}

const SORT_ICONS = { asc: IconArrowUp, desc: IconArrowDown } as const;

function SortHeader({
  label,
  field,
  sort,
  onSort,
}: {
  label: string;
  field: string;
  sort: Sort;
  onSort: (field: string) => void;
}) {
  const active = sort.field === field;
  const Icon = active ? SORT_ICONS[sort.direction] : IconSelector;
  return (
    <UnstyledButton className={classes.headerButton} onClick={() => onSort(field)}>
      {label}
      <Icon size={14} stroke={active ? 2.2 : 1.5} aria-hidden opacity={active ? 1 : 0.5} />
    </UnstyledButton>
  );
}

/** A cell drawn for the eye: option badges, yes/no marks, colour swatches, image thumbnails. */
function Cell({
  resource,
  field,
  record,
  context,
}: {
  resource: AnyResource;
  field: string;
  record: ResourceRecord;
  context: CellContext;
}) {
  const value = record[field];
  const widget = resource.ui[field]?.widget;
  const Custom = resource.ui[field]?.custom?.Cell;
  if (Custom) return <Custom value={value} record={record} />;
  const reference = resource.ui[field]?.reference;
  if (widget === 'reference' && reference && typeof value === 'number') {
    return <ReferenceCell reference={reference} id={value} />;
  }
  const text = cellText(resource, field, value, context);
  if (text === '')
    return (
      <Text span c="dimmed">
        —
      </Text>
    );
  if (widget === 'select')
    return (
      <Badge variant="light" radius="sm" tt="none">
        {text}
      </Badge>
    );
  if (widget === 'switch') {
    const Mark = value === true ? IconCheck : IconX;
    return (
      <Mark
        size={18}
        aria-label={text}
        color={value === true ? 'var(--mantine-color-teal-8)' : 'var(--mantine-color-gray-6)'}
      />
    );
  }
  if (widget === 'color') {
    return (
      <Group gap={6} wrap="nowrap">
        <ColorSwatch color={text} size={16} />
        <Text span size="sm">
          {text}
        </Text>
      </Group>
    );
  }
  if (widget === 'image') return <Image src={context.imageUrl(text)} alt="" h={32} w={48} fit="contain" radius="sm" />;
  return <>{text}</>;
}

/** The rows of a list: sortable headers, row checkboxes, a skeleton while the first page loads. */
export function ListTable({
  resource,
  columns,
  rows,
  sort,
  onSort,
  selected,
  onSelect,
  selectable,
  editHref,
  context,
  pageSize,
  fetching,
}: Props) {
  const t = useT();
  const navigate = useNavigate();
  const ids = (rows ?? []).map((row) => row.id);
  const chosenHere = ids.filter((id) => selected.has(id)).length;
  const toggle = (id: number, checked: boolean) => {
    const next = new Set(selected);
    if (checked) next.add(id);
    else next.delete(id);
    onSelect(next);
  };
  // The row's link sits on the column that names the record (its name, not its position).
  const first = titleColumn(resource, columns);

  const headers: ReactNode[] = columns.map((field) => {
    const label = context.labels.field(field);
    const sortable = resource.sortable.includes(field);
    const ariaSort = sort.field === field ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined;
    return (
      <Table.Th key={field} aria-sort={sortable ? (ariaSort ?? 'none') : undefined}>
        {sortable ? <SortHeader label={label} field={field} sort={sort} onSort={onSort} /> : label}
      </Table.Th>
    );
  });

  return (
    <Table.ScrollContainer minWidth={560}>
      <Table
        highlightOnHover={Boolean(editHref)}
        verticalSpacing="sm"
        horizontalSpacing="md"
        className={fetching && rows ? classes.loading : undefined}
      >
        <Table.Thead>
          <Table.Tr>
            {selectable && (
              <Table.Th w={44}>
                <Checkbox
                  aria-label={t('resource.common.selectPage')}
                  checked={ids.length > 0 && chosenHere === ids.length}
                  indeterminate={chosenHere > 0 && chosenHere < ids.length}
                  disabled={ids.length === 0}
                  onChange={(event) => {
                    const next = new Set(selected);
                    for (const id of ids) {
                      if (event.currentTarget.checked) next.add(id);
                      else next.delete(id);
                    }
                    onSelect(next);
                  }}
                />
              </Table.Th>
            )}
            {headers}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows === null &&
            Array.from({ length: Math.min(pageSize, 8) }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart.
              <Table.Tr key={index} aria-hidden>
                {selectable && (
                  <Table.Td>
                    <Skeleton h={18} w={18} radius="sm" />
                  </Table.Td>
                )}
                {columns.map((field) => (
                  <Table.Td key={field}>
                    <Skeleton h={12} w={`${50 + ((index * 17 + field.length * 7) % 45)}%`} radius="xl" />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          {rows?.map((record) => {
            const href = editHref?.(record.id) ?? null;
            const name = cellText(resource, first ?? 'id', record[first ?? 'id'], context) || `#${record.id}`;
            return (
              <Table.Tr
                key={record.id}
                className={href ? classes.row : undefined}
                onClick={href ? () => navigate(href) : undefined}
                bg={selected.has(record.id) ? 'var(--mantine-color-regie-0)' : undefined}
              >
                {selectable && (
                  <Table.Td onClick={(event) => event.stopPropagation()}>
                    <Checkbox
                      aria-label={t('resource.common.selectRow', { name })}
                      checked={selected.has(record.id)}
                      onChange={(event) => toggle(record.id, event.currentTarget.checked)}
                    />
                  </Table.Td>
                )}
                {columns.map((field) => (
                  <Table.Td key={field}>
                    {field === first && href ? (
                      <Link
                        to={href}
                        className={classes.rowLink}
                        onClick={(event) => event.stopPropagation()}
                        onKeyDown={(event: KeyboardEvent) => event.stopPropagation()}
                      >
                        <Cell resource={resource} field={field} record={record} context={context} />
                      </Link>
                    ) : (
                      <Cell resource={resource} field={field} record={record} context={context} />
                    )}
                  </Table.Td>
                ))}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
