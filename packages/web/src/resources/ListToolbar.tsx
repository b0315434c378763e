import { Button, Checkbox, Group, MultiSelect, Popover, Select, Stack, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { AUTOCOMPLETE_DEBOUNCE_MS } from '@regie/contract/ui';
import { IconColumns3, IconDownload, IconPlus, IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useT } from '../i18n/use-t.ts';
import type { AnyResource } from './any-resource.ts';
import type { ListState } from './list-state.ts';
import type { ResourceLabels } from './resource-labels.ts';
import classes from './resources.module.css';

interface Props {
  resource: AnyResource;
  labels: ResourceLabels;
  state: ListState;
  onChange: (change: Partial<ListState>, options?: { replace?: boolean }) => void;
  columns: {
    available: readonly string[];
    visible: readonly string[];
    choose: (columns: string[]) => void;
    reset: () => void;
  };
  /** Account names for the AccountId filter (platform admins acting for no account). */
  accounts: ReadonlyMap<number, string> | null;
  createHref: string | null;
  exporting: boolean;
  onExport: () => void;
}

/**
 * Text kept in the URL: typing reaches the URL 300 ms after the last key, and a change of the
 * URL made elsewhere (back button, 'Clear filters') refills the box.
 */
function useUrlText(value: string, commit: (text: string) => void) {
  const [text, setText] = useState(value);
  const committed = useRef(value);
  const debouncedCommit = useDebouncedCallback((next: string) => {
    committed.current = next;
    commit(next);
  }, AUTOCOMPLETE_DEBOUNCE_MS);
  useEffect(() => {
    if (value === committed.current) return;
    committed.current = value;
    setText(value);
  }, [value]);
  const change = (next: string) => {
    setText(next);
    debouncedCommit(next.trim());
  };
  return [text, change] as const;
}

function SearchBox({
  value,
  onSearch,
  placeholder,
}: {
  value: string;
  onSearch: (text: string) => void;
  placeholder: string;
}) {
  const t = useT();
  const [text, change] = useUrlText(value, onSearch);
  return (
    <TextInput
      aria-label={t('resource.common.search')}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={text}
      onChange={(event) => change(event.currentTarget.value)}
      w={{ base: '100%', sm: 260 }}
      type="search"
    />
  );
}

function FilterInput({
  resource,
  field,
  labels,
  state,
  onChange,
  accounts,
}: Omit<Props, 'columns' | 'createHref' | 'exporting' | 'onExport'> & { field: string }) {
  const t = useT();
  const label = labels.field(field);
  const values = [...(state.filters[field] ?? [])];
  const set = (next: string[]) => onChange({ filters: { ...state.filters, [field]: next } });
  if (field === 'AccountId') {
    if (!accounts) return null;
    return (
      <Select
        aria-label={label}
        placeholder={label}
        data={[...accounts].map(([id, name]) => ({ value: String(id), label: name || `#${id}` }))}
        value={values[0] ?? null}
        onChange={(next) => set(next ? [next] : [])}
        searchable
        clearable
        w={200}
      />
    );
  }
  const ui = resource.ui[field];
  const Custom = ui?.custom?.Filter;
  if (Custom) return <Custom label={label} values={values} onChange={set} />;
  if (ui?.widget === 'switch') {
    return (
      <Select
        aria-label={label}
        placeholder={label}
        data={[
          { value: 'true', label: `${label}: ${t('resource.common.yes')}` },
          { value: 'false', label: `${label}: ${t('resource.common.no')}` },
        ]}
        value={values[0] ?? null}
        onChange={(next) => set(next ? [next] : [])}
        clearable
        w={180}
      />
    );
  }
  if (ui?.options) {
    return (
      <MultiSelect
        aria-label={label}
        placeholder={values.length === 0 ? label : undefined}
        data={ui.options.map((option) => ({ value: option, label: labels.option(field, option) }))}
        value={values}
        onChange={set}
        clearable
        miw={180}
        maw={320}
      />
    );
  }
  return <TextFilter label={label} value={values[0] ?? ''} onFilter={(text) => set(text ? [text] : [])} />;
}

function TextFilter({ label, value, onFilter }: { label: string; value: string; onFilter: (text: string) => void }) {
  const [text, change] = useUrlText(value, onFilter);
  return (
    <TextInput
      aria-label={label}
      placeholder={label}
      value={text}
      onChange={(event) => change(event.currentTarget.value)}
      w={180}
    />
  );
}

/** Search, declared filters, column choice, CSV export and the creation button of a list. */
export function ListToolbar(props: Props) {
  const t = useT();
  const { resource, labels, state, onChange, columns, createHref, exporting, onExport } = props;
  return (
    <Group justify="space-between" align="flex-start" gap="sm" className={classes.toolbar}>
      <Group gap="sm" align="flex-start">
        <SearchBox
          value={state.search}
          onSearch={(search) => onChange({ search }, { replace: true })}
          placeholder={t('resource.common.searchPlaceholder')}
        />
        {resource.filters.map((field) => (
          <FilterInput key={field} {...props} field={field} />
        ))}
      </Group>
      <Group gap="xs">
        <Popover position="bottom-end" shadow="md" width={240} trapFocus>
          <Popover.Target>
            <Button variant="default" leftSection={<IconColumns3 size={16} aria-hidden />}>
              {t('resource.common.columns')}
            </Button>
          </Popover.Target>
          <Popover.Dropdown>
            <Checkbox.Group
              label={t('resource.common.columnsLabel')}
              value={[...columns.visible]}
              onChange={columns.choose}
            >
              <Stack gap={8} mt="xs">
                {columns.available.map((column) => (
                  <Checkbox key={column} value={column} label={labels.field(column)} />
                ))}
              </Stack>
            </Checkbox.Group>
            <Button variant="subtle" size="compact-sm" mt="sm" onClick={columns.reset}>
              {t('resource.common.columnsReset')}
            </Button>
          </Popover.Dropdown>
        </Popover>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={onExport}
          loading={exporting}
        >
          {t('resource.common.exportCsv')}
        </Button>
        {createHref && (
          <Button component={Link} to={createHref} leftSection={<IconPlus size={16} aria-hidden />}>
            {t('resource.common.create')}
          </Button>
        )}
      </Group>
    </Group>
  );
}
