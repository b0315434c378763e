import { Badge, Group, Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { formatDateRange, parseDateRange } from '@regie/contract/resources/define';
import { EVENT_STATES, type EventState } from '@regie/contract/resources/events';
import { AUTOCOMPLETE_DEBOUNCE_MS } from '@regie/contract/ui';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useReferencedRecords } from '../../api/reference-labels.ts';
import { recordLabel, referenceLocation, useResourceOptions } from '../../api/resource-queries.ts';
import { useT } from '../../i18n/use-t.ts';
import type { ResourceRecord } from '../../resources/any-resource.ts';
import type { FilterInputProps } from '../../resources/customization.ts';
import { idOf, useChildOptions } from './sport-data-options.ts';

/** Badge colours of the states: upcoming ahead, live now, replay recorded. */
const STATE_COLORS: Readonly<Record<EventState, string>> = { upcoming: 'blue', live: 'red', replay: 'gray' };

function isEventState(value: unknown): value is EventState {
  return EVENT_STATES.some((state) => state === value);
}

/** The state as a badge: a coloured dot beside dark text (readable, WCAG AA). */
export function StateCell({ value }: { value: unknown; record: ResourceRecord }) {
  const t = useT();
  if (!isEventState(value)) return null;
  return (
    <Badge variant="dot" radius="sm" tt="none" color={STATE_COLORS[value]} data-state={value}>
      {t(`resource.events.state.${value}`)}
    </Badge>
  );
}

/** A filter over another resource's records, searchable (sports, competitions, videos). */
function ReferenceFilter({ label, values, onChange, reference }: FilterInputProps & { reference: string }) {
  const location = useMemo(() => referenceLocation(reference), [reference]);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, AUTOCOMPLETE_DEBOUNCE_MS);
  const chosenId = idOf(values[0]);
  const chosen = useReferencedRecords(location, chosenId === null ? [] : [chosenId]);
  const found = useResourceOptions(location, debounced);
  const data = useMemo(() => {
    const byId = new Map<string, string>();
    for (const record of [...chosen.values(), ...(found.data?.data ?? [])]) {
      byId.set(String(record.id), recordLabel(record));
    }
    return [...byId].map(([value, text]) => ({ value, label: text }));
  }, [chosen, found.data]);
  return (
    <Select
      aria-label={label}
      placeholder={label}
      data={data}
      value={chosenId === null ? null : String(chosenId)}
      onChange={(next) => onChange(next ? [next] : [])}
      searchValue={search}
      onSearchChange={setSearch}
      searchable
      clearable
      w={200}
    />
  );
}

export const SportFilter = (props: FilterInputProps) => <ReferenceFilter {...props} reference="sports" />;
export const CompetitionFilter = (props: FilterInputProps) => <ReferenceFilter {...props} reference="competitions" />;
export const VideoFilter = (props: FilterInputProps) => <ReferenceFilter {...props} reference="videos" />;

/**
 * A season (of the competition filtered on) or a round (of the season filtered on): the parent
 * is read from the URL, where the list keeps its filters. A choice that no longer belongs to the
 * parent (the competition changed) is dropped.
 */
function ChildFilter({
  label,
  values,
  onChange,
  kind,
  parentKey,
}: FilterInputProps & { kind: 'seasons' | 'rounds'; parentKey: string }) {
  const t = useT();
  const [params] = useSearchParams();
  const parents = params.getAll(parentKey);
  const parentId = parents.length === 1 ? idOf(parents[0]) : null;
  const { options, settled } = useChildOptions(kind, parentId);
  const chosen = values[0] ?? null;
  const stale = chosen !== null && settled && !options.some((option) => option.value === chosen);
  useEffect(() => {
    if (stale) onChange([]);
  }, [stale, onChange]);
  return (
    <Select
      aria-label={label}
      placeholder={
        parentId === null
          ? t(kind === 'seasons' ? 'events.cascade.chooseCompetition' : 'events.cascade.chooseSeason')
          : label
      }
      data={options}
      value={stale ? null : chosen}
      onChange={(next) => onChange(next ? [next] : [])}
      disabled={parentId === null}
      searchable
      clearable
      w={200}
    />
  );
}

export const SeasonFilter = (props: FilterInputProps) => (
  <ChildFilter {...props} kind="seasons" parentKey="competitionId" />
);
export const RoundFilter = (props: FilterInputProps) => <ChildFilter {...props} kind="rounds" parentKey="seasonId" />;

/** A day of a date input, as the start of that day (from) or its end (to), in the user's time zone. */
function dayBound(day: string, end: boolean): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const date = new Date(`${day}T${end ? '23:59:59.999' : '00:00:00.000'}`);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

function dayOf(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (number: number) => String(number).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The start date between two days (either may be left empty), kept in the URL as `from..to`. */
export function StartsAtFilter({ values, onChange }: FilterInputProps) {
  const t = useT();
  const range = values[0] ? parseDateRange(values[0]) : null;
  const set = (side: 'from' | 'to', day: string) => {
    const next = { from: range?.from ?? null, to: range?.to ?? null, [side]: dayBound(day, side === 'to') };
    onChange(next.from || next.to ? [formatDateRange(next)] : []);
  };
  return (
    <Group gap={6} wrap="nowrap">
      <TextInput
        type="date"
        aria-label={t('events.list.from')}
        title={t('events.list.from')}
        value={dayOf(range?.from ?? null)}
        onChange={(event) => set('from', event.currentTarget.value)}
        w={150}
      />
      <TextInput
        type="date"
        aria-label={t('events.list.to')}
        title={t('events.list.to')}
        value={dayOf(range?.to ?? null)}
        onChange={(event) => set('to', event.currentTarget.value)}
        w={150}
      />
    </Group>
  );
}
