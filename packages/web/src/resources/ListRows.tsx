import { Checkbox, Skeleton, Table } from '@mantine/core';
import type { KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useT } from '../i18n/use-t.ts';
import type { AnyResource, ResourceRecord } from './any-resource.ts';
import { type CellContext, cellText } from './cell-format.ts';
import { Cell } from './ListCells.tsx';
import classes from './resources.module.css';

/** Grey rows where the first page will be, as many as it will have (at most 8). */
export function PlaceholderRows({
  columns,
  count,
  selectable,
}: {
  columns: readonly string[];
  count: number;
  selectable: boolean;
}) {
  return Array.from({ length: count }, (_, index) => (
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
  ));
}

interface RowProps {
  resource: AnyResource;
  columns: readonly string[];
  record: ResourceRecord;
  /** The column that names the record: it carries the link to the edit page. */
  titleField: string | undefined;
  href: string | null;
  /** Null when the user may not delete (no checkbox). */
  selected: boolean | null;
  onSelect: (checked: boolean) => void;
  context: CellContext;
}

/** One record: its checkbox, its cells, the whole row opening its edit page. */
export function ListRow({ resource, columns, record, titleField, href, selected, onSelect, context }: RowProps) {
  const t = useT();
  const navigate = useNavigate();
  const name = cellText(resource, titleField ?? 'id', record[titleField ?? 'id'], context) || `#${record.id}`;
  return (
    <Table.Tr
      className={href ? classes.row : undefined}
      onClick={href ? () => navigate(href) : undefined}
      bg={selected ? 'var(--mantine-color-regie-0)' : undefined}
    >
      {selected !== null && (
        <Table.Td onClick={(event) => event.stopPropagation()}>
          <Checkbox
            aria-label={t('resource.common.selectRow', { name })}
            checked={selected}
            onChange={(event) => onSelect(event.currentTarget.checked)}
          />
        </Table.Td>
      )}
      {columns.map((field) => (
        <Table.Td key={field}>
          {field === titleField && href ? (
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
}
