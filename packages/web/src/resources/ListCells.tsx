import { Badge, ColorSwatch, Group, Image, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconCheck, IconSelector, IconX } from '@tabler/icons-react';
import type { AnyResource, ResourceRecord } from './any-resource.ts';
import { type CellContext, cellText } from './cell-format.ts';
import type { Sort } from './list-state.ts';
import { ReferenceCell } from './ReferenceCell.tsx';
import classes from './resources.module.css';

const SORT_ICONS = { asc: IconArrowUp, desc: IconArrowDown } as const;

/** A sortable column's header: its label and the direction it sorts in. */
export function SortHeader({
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
export function Cell({
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
