import { Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  CSV_EVENT_FIELDS,
  CSV_EVENT_REQUIRED_FIELDS,
  CSV_FIXTURE_FIELDS,
  CSV_FIXTURE_REQUIRED_FIELDS,
  type CsvColumnMapping,
} from '@regie/contract/feeds';
import { useT } from '../../i18n/use-t.ts';

/** Every field a CSV may hold (fixtures or one match's events), the fixtures' first. */
const FIELDS = [...new Set<string>([...CSV_FIXTURE_FIELDS, ...CSV_EVENT_FIELDS])];
const REQUIRED = new Set<string>([...CSV_FIXTURE_REQUIRED_FIELDS, ...CSV_EVENT_REQUIRED_FIELDS]);

/**
 * The CSV's columns mapped to the fields Regie reads: one select per field, whose options are the
 * headers of the file's first line (read in the browser). Saved per sport with the preview.
 */
export function CsvColumns({
  headers,
  columns,
  onChange,
}: {
  headers: readonly string[];
  columns: CsvColumnMapping;
  onChange: (columns: CsvColumnMapping) => void;
}) {
  const t = useT();
  const options = [
    { value: '', label: t('dataImport.csv.none') },
    ...headers.map((header) => ({ value: header, label: header })),
  ];
  // A saved column the file does not have stays visible, so the user sees why it is empty.
  const withSaved = (value: string | undefined) =>
    value && !headers.includes(value) ? [...options, { value, label: value }] : options;
  return (
    <Stack gap="xs">
      <Title order={4}>{t('dataImport.csv.title')}</Title>
      <Text size="sm" c="dimmed">
        {headers.length > 0 ? t('dataImport.csv.hint') : t('dataImport.csv.noHeaders')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {FIELDS.map((field) => (
          <Select
            key={field}
            label={REQUIRED.has(field) ? t('dataImport.csv.required', { field }) : field}
            aria-label={t('dataImport.csv.field', { field })}
            data={withSaved(columns[field])}
            value={columns[field] ?? ''}
            allowDeselect={false}
            onChange={(value) => {
              const next = { ...columns };
              if (value) next[field] = value;
              else delete next[field];
              onChange(next);
            }}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
