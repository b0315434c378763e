import { Checkbox, Table } from '@mantine/core';
import { useT } from '../i18n/use-t.ts';
import type { AnyResource, ResourceRecord } from './any-resource.ts';
import type { CellContext } from './cell-format.ts';
import { titleColumn } from './columns.ts';
import { SortHeader } from './ListCells.tsx';
import { ListRow, PlaceholderRows } from './ListRows.tsx';
import type { Sort } from './list-state.ts';
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
  const ids = (rows ?? []).map((row) => row.id);
  const toggle = (id: number, checked: boolean) => {
    const next = new Set(selected);
    if (checked) next.add(id);
    else next.delete(id);
    onSelect(next);
  };
  // The row's link sits on the column that names the record (its name, not its position).
  const first = titleColumn(resource, columns);

  return (
    <Table.ScrollContainer minWidth={560}>
      <Table
        highlightOnHover={Boolean(editHref)}
        verticalSpacing="sm"
        horizontalSpacing="md"
        className={fetching && rows ? classes.loading : undefined}
      >
        <Table.Thead>
          <HeaderRow
            resource={resource}
            columns={columns}
            sort={sort}
            onSort={onSort}
            labels={context.labels}
            page={selectable ? { ids, selected, onSelect } : null}
          />
        </Table.Thead>
        <Table.Tbody>
          {rows === null && <PlaceholderRows columns={columns} count={Math.min(pageSize, 8)} selectable={selectable} />}
          {rows?.map((record) => (
            <ListRow
              key={record.id}
              resource={resource}
              columns={columns}
              record={record}
              titleField={first}
              href={editHref?.(record.id) ?? null}
              selected={selectable ? selected.has(record.id) : null}
              onSelect={(checked) => toggle(record.id, checked)}
              context={context}
            />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

interface HeaderProps extends Pick<Props, 'resource' | 'columns' | 'sort' | 'onSort'> {
  labels: CellContext['labels'];
  /** The page's rows and the selection, for the 'select the page' checkbox; null without checkboxes. */
  page: (Pick<Props, 'selected' | 'onSelect'> & { ids: readonly number[] }) | null;
}

/** The column headers (sortable ones as buttons) and the checkbox that selects the page. */
function HeaderRow({ resource, columns, sort, onSort, labels, page }: HeaderProps) {
  const t = useT();
  return (
    <Table.Tr>
      {page && (
        <Table.Th w={44}>
          <PageCheckbox label={t('resource.common.selectPage')} {...page} />
        </Table.Th>
      )}
      {columns.map((field) => {
        const label = labels.field(field);
        const sortable = resource.sortable.includes(field);
        const ariaSort = sort.field === field ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined;
        return (
          <Table.Th key={field} aria-sort={sortable ? (ariaSort ?? 'none') : undefined}>
            {sortable ? <SortHeader label={label} field={field} sort={sort} onSort={onSort} /> : label}
          </Table.Th>
        );
      })}
    </Table.Tr>
  );
}

function PageCheckbox({
  label,
  ids,
  selected,
  onSelect,
}: Pick<Props, 'selected' | 'onSelect'> & { label: string; ids: readonly number[] }) {
  const chosenHere = ids.filter((id) => selected.has(id)).length;
  return (
    <Checkbox
      aria-label={label}
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
  );
}
