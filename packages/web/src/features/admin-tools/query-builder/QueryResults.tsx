import { Paper, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import type { EntityName, QueryResult, ResultColumn } from '@regie/contract/query-builder';
import { useT } from '../../../i18n/use-t.ts';
import { BUCKET_KEYS, dataKey, fieldsOf } from './query-labels.ts';

interface Props {
  entity: EntityName;
  result: QueryResult | null;
  limit: number;
}

/** The answer as a table: the columns' labels, one line per row or group (with its count). */
export function QueryResults({ entity, result, limit }: Props) {
  const t = useT();
  const fields = fieldsOf(entity);
  const header = (column: ResultColumn) => {
    if (column.type === 'count') return t('queryBuilder.count');
    const field = fields.find((candidate) => candidate.name === column.field);
    const label = field ? t(dataKey(field.labelKey)) : column.field;
    return column.bucket ? `${label} (${t(BUCKET_KEYS[column.bucket])})` : label;
  };
  const cell = (column: ResultColumn, value: QueryResult['rows'][number][number]) => {
    if (value === null) return '—';
    if (typeof value === 'boolean') return value ? t('queryBuilder.yes') : t('queryBuilder.no');
    if (column.type === 'enum' && typeof value === 'string') return t(dataKey(`queryBuilder.value.${value}`));
    return String(value);
  };
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="query-results-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="query-results-title">
          {t('queryBuilder.results')}
        </Title>
        {!result && <Text c="dimmed">{t('queryBuilder.notRun')}</Text>}
        {result && (
          <Text size="sm" role="status">
            {result.rows.length === 0
              ? t('queryBuilder.empty')
              : t('queryBuilder.rowCount', { count: result.rows.length })}
            {result.truncated && ` ${t('queryBuilder.truncated', { count: limit })}`}
          </Text>
        )}
        {result && result.rows.length > 0 && (
          <ScrollArea type="auto">
            <Table striped withTableBorder aria-labelledby="query-results-title" data-testid="query-results">
              <Table.Thead>
                <Table.Tr>
                  {result.columns.map((column) => (
                    <Table.Th key={column.name} scope="col">
                      {header(column)}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {result.rows.map((row, index) => (
                  // Rows have no identity of their own (groups have none): their place is their key.
                  // biome-ignore lint/suspicious/noArrayIndexKey: see above
                  <Table.Tr key={index}>
                    {result.columns.map((column, at) => (
                      <Table.Td
                        key={column.name}
                        ta={column.type === 'count' || column.type === 'number' ? 'right' : 'left'}
                      >
                        {cell(column, row[at] ?? null)}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        )}
      </Stack>
    </Paper>
  );
}
