import { Button, Group, Select, TextInput } from '@mantine/core';
import { FAN_STATUSES } from '@regie/contract/fans';
import type { FanOptions } from '@regie/contract/fans.schemas';
import { type FormEvent, useEffect, useState } from 'react';
import { useLabel, useT } from '../../i18n/use-t.ts';
import { fanTagLabel } from './fan-tag-label.ts';
import { EMPTY_FILTER, type FanListFilter } from './fans-filter.ts';

interface Props {
  filter: FanListFilter;
  options: FanOptions | undefined;
  onChange: (filter: FanListFilter) => void;
}

const choices = (rows: readonly { id: number; name: string }[] | undefined) =>
  (rows ?? []).map((row) => ({ value: String(row.id), label: row.name }));
const idOf = (value: string | null) => (value ? Number(value) : null);
const statusOf = (value: string | null) => FAN_STATUSES.find((status) => status === value) ?? null;

/** The fans list's filters: the search applies when submitted, the others at once. */
export function FanFilters({ filter, options, onChange }: Props) {
  const t = useT();
  const label = useLabel();
  const [search, setSearch] = useState(filter.search);
  useEffect(() => setSearch(filter.search), [filter.search]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange({ ...filter, search });
  };
  const tags = (options?.tags ?? []).map((tag) => ({ value: String(tag.id), label: fanTagLabel(tag, label) }));
  return (
    <form onSubmit={submit} aria-label={t('fans.filters')}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label={t('fans.filter.search')}
          placeholder={t('fans.filter.searchPlaceholder')}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          maxLength={100}
          w={240}
        />
        <Button type="submit" variant="light">
          {t('fans.filter.apply')}
        </Button>
        <Select
          label={t('fans.filter.profile')}
          data={choices(options?.profiles)}
          value={filter.profileId === null ? null : String(filter.profileId)}
          onChange={(value) => onChange({ ...filter, profileId: idOf(value) })}
          clearable
          searchable
          w={200}
        />
        <Select
          label={t('fans.filter.tag')}
          data={tags}
          value={filter.tagId === null ? null : String(filter.tagId)}
          onChange={(value) => onChange({ ...filter, tagId: idOf(value) })}
          clearable
          searchable
          w={200}
        />
        <Select
          label={t('fans.filter.product')}
          data={choices(options?.products)}
          value={filter.productId === null ? null : String(filter.productId)}
          onChange={(value) => onChange({ ...filter, productId: idOf(value) })}
          clearable
          searchable
          w={200}
        />
        <Select
          label={t('fans.filter.status')}
          data={FAN_STATUSES.map((status) => ({ value: status, label: t(`fans.status.${status}`) }))}
          value={filter.status}
          onChange={(value) => onChange({ ...filter, status: statusOf(value) })}
          clearable
          w={220}
        />
        <TextInput
          type="date"
          label={t('fans.filter.activeFrom')}
          value={filter.activeFrom ?? ''}
          onChange={(event) => onChange({ ...filter, activeFrom: event.currentTarget.value || null })}
        />
        <TextInput
          type="date"
          label={t('fans.filter.activeTo')}
          value={filter.activeTo ?? ''}
          onChange={(event) => onChange({ ...filter, activeTo: event.currentTarget.value || null })}
        />
        <Button variant="subtle" onClick={() => onChange(EMPTY_FILTER)}>
          {t('fans.filter.clear')}
        </Button>
      </Group>
    </form>
  );
}
