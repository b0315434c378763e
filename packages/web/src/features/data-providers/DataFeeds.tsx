import { Alert, Button, Card, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  DATA_PROVIDER_MAPPING_ENTITIES,
  type DataProviderMappingEntity,
  SUBSCRIPTION_LIMITS,
} from '@regie/contract/data-provider-subscriptions';
import { FEED_PROVIDERS, type FeedProvider } from '@regie/contract/feeds';
import { isOneOf } from '@regie/contract/guards';
import { useState } from 'react';
import { useT } from '../../i18n/use-t.ts';
import {
  PROVIDER_NAMES,
  useCreateMapping,
  useMappableRecords,
  useMappings,
  useRecordOptions,
} from './data-feeds-calls.ts';
import { MappingCard } from './MappingCard.tsx';

/**
 * /data-import/feeds: the account's data provider mappings (a competition, season or event tied
 * to the provider's id for it), each event mapping with its feed subscriptions, their status,
 * last poll and last error. Credentials are typed once and never shown again.
 */
export function DataFeeds() {
  const t = useT();
  const mappings = useMappings();
  return (
    <Stack maw={1000}>
      <Title order={2} size="h3">
        {t('dataFeeds.title')}
      </Title>
      <Text size="sm">{t('dataFeeds.intro')}</Text>
      <MappingForm />
      <Title order={2} size="h4">
        {t('dataFeeds.mappings')}
      </Title>
      {mappings.data && mappings.data.data.length === 0 ? <Alert variant="light">{t('dataFeeds.empty')}</Alert> : null}
      {(mappings.data?.data ?? []).map((mapping) => (
        <MappingCard key={mapping.id} mapping={mapping} />
      ))}
    </Stack>
  );
}

/** Makes a mapping: provider, kind, one of the account's records of that kind, the provider's id. */
function MappingForm() {
  const t = useT();
  const [provider, setProvider] = useState<FeedProvider>('statsbomb');
  const [entity, setEntity] = useState<DataProviderMappingEntity>('event');
  const [recordId, setRecordId] = useState<string | null>(null);
  const [providerId, setProviderId] = useState('');
  const [label, setLabel] = useState('');
  const records = useMappableRecords(entity);
  const create = useCreateMapping();
  const options = useRecordOptions(records.data);

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="data-feeds-new">
      <Stack
        gap="sm"
        component="form"
        onSubmit={(event) => {
          event.preventDefault();
          if (!recordId || !providerId.trim()) return;
          const body = {
            provider,
            entity,
            recordId: Number(recordId),
            providerId: providerId.trim(),
            ...(label.trim() ? { label: label.trim() } : {}),
          };
          create.mutate(body, {
            onSuccess: () => {
              setProviderId('');
              setLabel('');
            },
          });
        }}
      >
        <Title order={2} size="h4" id="data-feeds-new">
          {t('dataFeeds.newMapping')}
        </Title>
        <Group grow align="flex-start">
          <Select
            label={t('dataFeeds.field.provider')}
            data={FEED_PROVIDERS.map((value) => ({ value, label: PROVIDER_NAMES[value] }))}
            value={provider}
            allowDeselect={false}
            onChange={(value) => value && isOneOf(FEED_PROVIDERS, value) && setProvider(value)}
          />
          <Select
            label={t('dataFeeds.field.entity')}
            data={DATA_PROVIDER_MAPPING_ENTITIES.map((value) => ({ value, label: t(`dataFeeds.entity.${value}`) }))}
            value={entity}
            allowDeselect={false}
            onChange={(value) => {
              if (!value || !isOneOf(DATA_PROVIDER_MAPPING_ENTITIES, value)) return;
              setEntity(value);
              setRecordId(null);
            }}
          />
        </Group>
        <Select
          label={t('dataFeeds.field.record')}
          data={options}
          value={recordId}
          onChange={setRecordId}
          searchable
          required
          nothingFoundMessage={t('dataFeeds.noRecords')}
        />
        <Group grow align="flex-start">
          <TextInput
            label={t('dataFeeds.field.providerId')}
            description={t('dataFeeds.field.providerIdHint')}
            value={providerId}
            maxLength={SUBSCRIPTION_LIMITS.providerIdMaxLength}
            onChange={(event) => setProviderId(event.currentTarget.value)}
            required
          />
          <TextInput
            label={t('dataFeeds.field.label')}
            value={label}
            maxLength={SUBSCRIPTION_LIMITS.labelMaxLength}
            onChange={(event) => setLabel(event.currentTarget.value)}
          />
        </Group>
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending} disabled={!recordId || !providerId.trim()}>
            {t('dataFeeds.create')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
