import { Button, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { ENTITIES, type EntityName, type QueryBody, type QueryResult } from '@regie/contract/query-builder';
import { IconDownload, IconPlayerPlay } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { QueryBuilder, type RuleGroupType } from 'react-querybuilder';
import { useAction } from '../../../api/action.ts';
import { useApi } from '../../../api/api-context.ts';
import { useT } from '../../../i18n/use-t.ts';
import { type Grouping, QueryGrouping } from './QueryGrouping.tsx';
import { QueryResults } from './QueryResults.tsx';
import { exportQuery, runQuery } from './query-calls.ts';
import { QueryAction, QueryNotToggle, QueryValueEditor, QueryValueSelector } from './query-controls.tsx';
import { builderFields, ENTITY_KEYS } from './query-labels.ts';

const EMPTY_QUERY: RuleGroupType = { combinator: 'and', rules: [] };
const NO_GROUPING: Grouping = { groupBy: [], aggregate: { fn: 'count' }, limit: 100 };

const isEntity = (value: string): value is EntityName => (ENTITIES as readonly string[]).includes(value);

const CONTROLS = {
  valueSelector: QueryValueSelector,
  actionElement: QueryAction,
  notToggle: QueryNotToggle,
  valueEditor: QueryValueEditor,
};

/**
 * /admin-tools/query-builder (platform admins): pick the records, build the filters with
 * react-querybuilder (Mantine controls), group and count, run, read the table, export the CSV.
 */
export function QueryBuilderScreen() {
  const t = useT();
  const api = useApi();
  const [entity, setEntity] = useState<EntityName>('fans');
  const [query, setQuery] = useState<RuleGroupType>(EMPTY_QUERY);
  const [grouping, setGrouping] = useState<Grouping>(NO_GROUPING);
  const [result, setResult] = useState<{ entity: EntityName; limit: number; answer: QueryResult } | null>(null);
  const fields = useMemo(() => builderFields(entity, t), [entity, t]);
  const translations = useMemo(
    () => ({
      fields: { title: t('queryBuilder.field') },
      operators: { title: t('queryBuilder.operator') },
      combinators: { title: t('queryBuilder.combinator') },
      value: { title: t('queryBuilder.value') },
      addRule: { label: t('queryBuilder.addRule'), title: t('queryBuilder.addRule') },
      addGroup: { label: t('queryBuilder.addGroup'), title: t('queryBuilder.addGroup') },
      removeRule: { label: '⨯', title: t('queryBuilder.removeRule') },
      removeGroup: { label: '⨯', title: t('queryBuilder.removeGroup') },
      notToggle: { label: t('queryBuilder.not'), title: t('queryBuilder.not') },
    }),
    [t],
  );
  const combinators = useMemo(
    () => [
      { name: 'and', value: 'and', label: t('queryBuilder.combinator.and') },
      { name: 'or', value: 'or', label: t('queryBuilder.combinator.or') },
    ],
    [t],
  );
  const body = (): QueryBody => ({ entity, query, ...grouping });
  const run = useAction((input: QueryBody) => runQuery(api, input), {
    pending: false,
    success: false,
    onSuccess: (answer) => setResult({ entity, limit: grouping.limit, answer }),
  });
  const exported = useAction((input: QueryBody) => exportQuery(api, input), { pending: 'queryBuilder.exporting' });

  return (
    <Stack maw={1200}>
      {/* The page's title (h1) is the menu's 'Query builder': the section is named after it. */}
      <Paper withBorder radius="lg" p="lg" component="section" aria-label={t('queryBuilder.title')}>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('queryBuilder.intro')}
          </Text>
          <NativeSelect
            label={t('queryBuilder.entity')}
            w={260}
            data={ENTITIES.map((name) => ({ value: name, label: t(ENTITY_KEYS[name]) }))}
            value={entity}
            onChange={(event) => {
              const next = event.currentTarget.value;
              if (!isEntity(next)) return;
              setEntity(next);
              setQuery(EMPTY_QUERY);
              setGrouping(NO_GROUPING);
            }}
          />
          <Stack gap="xs" component="section" aria-labelledby="query-filters-title">
            <Title order={3} size="h5" id="query-filters-title">
              {t('queryBuilder.filters')}
            </Title>
            <div className="regie-query-builder">
              <QueryBuilder
                key={entity}
                fields={fields}
                query={query}
                onQueryChange={setQuery}
                combinators={combinators}
                controlElements={CONTROLS}
                translations={translations}
                listsAsArrays
                showNotToggle
                resetOnFieldChange
              />
            </div>
          </Stack>
          <QueryGrouping entity={entity} value={grouping} onChange={setGrouping} />
          <Group>
            <Button
              leftSection={<IconPlayerPlay size={16} aria-hidden />}
              loading={run.isPending}
              onClick={() => run.mutate(body(), { onError: () => undefined })}
            >
              {t('queryBuilder.run')}
            </Button>
            <Button
              variant="outline"
              leftSection={<IconDownload size={16} aria-hidden />}
              loading={exported.isPending}
              onClick={() => exported.mutate(body(), { onError: () => undefined })}
            >
              {t('queryBuilder.export')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      <QueryResults
        entity={result?.entity ?? entity}
        result={result?.answer ?? null}
        limit={result?.limit ?? grouping.limit}
      />
    </Stack>
  );
}
