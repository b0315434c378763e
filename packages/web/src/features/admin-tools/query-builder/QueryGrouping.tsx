import { Group, NativeSelect, NumberInput, Stack, Title } from '@mantine/core';
import {
  DATE_BUCKETS,
  type DateBucket,
  type EntityName,
  type GroupByEntry,
  QUERY_LIMITS,
  type QueryAggregate,
} from '@regie/contract/query-builder';
import { useT } from '../../../i18n/use-t.ts';
import { BUCKET_KEYS, dataKey, fieldsOf } from './query-labels.ts';

export interface Grouping {
  groupBy: GroupByEntry[];
  aggregate: QueryAggregate;
  limit: number;
}

interface Props {
  entity: EntityName;
  value: Grouping;
  onChange: (value: Grouping) => void;
}

const isBucket = (value: string): value is DateBucket => (DATE_BUCKETS as readonly string[]).includes(value);

/** Up to two grouping fields (dates by day, week or month), what each group counts, and the row limit. */
export function QueryGrouping({ entity, value, onChange }: Props) {
  const t = useT();
  const fields = fieldsOf(entity);
  const groupable = fields.filter((field) => field.groupable);
  const none = { value: '', label: t('queryBuilder.noGroup') };
  const fieldChoices = groupable.map((field) => ({ value: field.name, label: t(dataKey(field.labelKey)) }));
  const setEntry = (index: number, entry: GroupByEntry | null) => {
    const next = [...value.groupBy];
    if (entry) next[index] = entry;
    else next.splice(index);
    const grouped = next.length > 0;
    onChange({ ...value, groupBy: next, ...(grouped ? {} : { aggregate: { fn: 'count' } }) });
  };
  const entryOf = (name: string): GroupByEntry | null => {
    if (!name) return null;
    const field = fields.find((candidate) => candidate.name === name);
    return field?.type === 'date' ? { field: name, bucket: 'day' } : { field: name };
  };
  const slots = value.groupBy.length < QUERY_LIMITS.maxGroupBy ? value.groupBy.length + 1 : value.groupBy.length;
  return (
    <Stack gap="xs" component="section" aria-labelledby="query-grouping-title">
      <Title order={3} size="h5" id="query-grouping-title">
        {t('queryBuilder.grouping')}
      </Title>
      <Group align="end">
        {Array.from({ length: slots }, (_, index) => {
          const entry = value.groupBy[index];
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: the first and the second grouping field
            <Group key={index} gap="xs" align="end">
              <NativeSelect
                label={index === 0 ? t('queryBuilder.groupBy') : t('queryBuilder.thenBy')}
                data={[
                  none,
                  ...fieldChoices.filter(
                    (choice) => !value.groupBy.some((other, at) => at !== index && other.field === choice.value),
                  ),
                ]}
                value={entry?.field ?? ''}
                onChange={(event) => setEntry(index, entryOf(event.currentTarget.value))}
              />
              {entry?.bucket && (
                <NativeSelect
                  label={t('queryBuilder.bucket')}
                  data={DATE_BUCKETS.map((bucket) => ({ value: bucket, label: t(BUCKET_KEYS[bucket]) }))}
                  value={entry.bucket}
                  onChange={(event) => {
                    const bucket = event.currentTarget.value;
                    if (isBucket(bucket)) setEntry(index, { ...entry, bucket });
                  }}
                />
              )}
            </Group>
          );
        })}
      </Group>
      <Group align="end">
        {value.groupBy.length > 0 && (
          <NativeSelect
            label={t('queryBuilder.aggregate')}
            data={[
              { value: 'count', label: t('queryBuilder.aggregate.count') },
              { value: 'countDistinct', label: t('queryBuilder.aggregate.countDistinct') },
            ]}
            value={value.aggregate.fn}
            onChange={(event) =>
              onChange({
                ...value,
                aggregate:
                  event.currentTarget.value === 'countDistinct'
                    ? { fn: 'countDistinct', field: fields[0]?.name ?? 'id' }
                    : { fn: 'count' },
              })
            }
          />
        )}
        {value.aggregate.fn === 'countDistinct' && (
          <NativeSelect
            label={t('queryBuilder.distinctField')}
            data={fields.map((field) => ({ value: field.name, label: t(dataKey(field.labelKey)) }))}
            value={value.aggregate.field}
            onChange={(event) =>
              onChange({ ...value, aggregate: { fn: 'countDistinct', field: event.currentTarget.value } })
            }
          />
        )}
        <NumberInput
          label={t('queryBuilder.limit')}
          min={1}
          max={QUERY_LIMITS.maxLimit}
          w={140}
          value={value.limit}
          onChange={(next) => {
            const limit = typeof next === 'number' ? next : Number(next);
            if (Number.isInteger(limit) && limit >= 1 && limit <= QUERY_LIMITS.maxLimit) onChange({ ...value, limit });
          }}
        />
      </Group>
    </Stack>
  );
}
