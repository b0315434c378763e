import { Badge, Button, Card, Group, NumberInput, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import {
  type MappingItem,
  SUBSCRIPTION_LIMITS,
  type SubscriptionItem,
} from '@regie/contract/data-provider-subscriptions';
import { useState } from 'react';
import { useDateFormats } from '../../i18n/use-date-formats.ts';
import { useT } from '../../i18n/use-t.ts';
import { PasswordField } from '../../widgets/PasswordField.tsx';
import {
  PROVIDER_NAMES,
  useDeleteMapping,
  useRemoveSubscription,
  useSubscribe,
  useUpdateSubscription,
} from './data-feeds-calls.ts';

/** One mapping: what it ties, and for an event its feed subscriptions with their status. */
export function MappingCard({ mapping }: { mapping: MappingItem }) {
  const t = useT();
  const remove = useDeleteMapping();
  const record = mapping.recordName ?? t('dataFeeds.recordGone', { id: String(mapping.recordId) });
  const titleId = `mapping-${mapping.id}`;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Title order={3} size="h5" id={titleId}>
              {t('dataFeeds.mappingTitle', { entity: t(`dataFeeds.entity.${mapping.entity}`), record })}
            </Title>
            <Text size="sm">
              {t('dataFeeds.mappingIds', {
                provider: PROVIDER_NAMES[mapping.provider],
                providerId: mapping.providerId,
              })}
              {mapping.label ? ` · ${mapping.label}` : ''}
            </Text>
          </Stack>
          <Button
            variant="outline"
            color="red.8"
            size="xs"
            aria-label={t('dataFeeds.deleteMappingOf', { record })}
            loading={remove.isPending}
            onClick={() => remove.mutate(mapping.id)}
          >
            {t('dataFeeds.deleteMapping')}
          </Button>
        </Group>
        {mapping.entity === 'event' ? (
          <>
            <Title order={4} size="h6">
              {t('dataFeeds.subscriptions')}
            </Title>
            <SubscriptionTable mappingId={mapping.id} subscriptions={mapping.subscriptions} />
            <SubscriptionForm mappingId={mapping.id} />
          </>
        ) : (
          <Text size="sm">{t('dataFeeds.eventOnly')}</Text>
        )}
      </Stack>
    </Card>
  );
}

function StatusBadge({ subscription }: { subscription: SubscriptionItem }) {
  const t = useT();
  if (!subscription.active)
    return (
      <Badge variant="outline" color="dark">
        {t('dataFeeds.status.inactive')}
      </Badge>
    );
  if (subscription.lastStatus === null)
    return (
      <Badge variant="outline" color="dark">
        {t('dataFeeds.status.never')}
      </Badge>
    );
  if (subscription.lastStatus === 'error')
    return (
      <Badge variant="outline" color="red.9">
        {t('dataFeeds.status.error')}
      </Badge>
    );
  if (subscription.lastStatus === 'unchanged')
    return (
      <Badge variant="outline" color="blue.9">
        {t('dataFeeds.status.unchanged')}
      </Badge>
    );
  return (
    <Badge variant="outline" color="teal.9">
      {t('dataFeeds.status.ok', { count: String(subscription.lastCreated) })}
    </Badge>
  );
}

function SubscriptionTable({ mappingId, subscriptions }: { mappingId: number; subscriptions: SubscriptionItem[] }) {
  const t = useT();
  if (subscriptions.length === 0) return <Text size="sm">{t('dataFeeds.noSubscriptions')}</Text>;
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('dataFeeds.column.url')}</Table.Th>
            <Table.Th>{t('dataFeeds.column.interval')}</Table.Th>
            <Table.Th>{t('dataFeeds.column.status')}</Table.Th>
            <Table.Th>{t('dataFeeds.column.lastPolled')}</Table.Th>
            <Table.Th>{t('dataFeeds.column.lastError')}</Table.Th>
            <Table.Th>{t('dataFeeds.column.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {subscriptions.map((subscription) => (
            <SubscriptionRow key={subscription.id} mappingId={mappingId} subscription={subscription} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** One subscription: its status, its interval (editable), pause or resume, remove. */
function SubscriptionRow({ mappingId, subscription }: { mappingId: number; subscription: SubscriptionItem }) {
  const t = useT();
  const dates = useDateFormats();
  const remove = useRemoveSubscription(mappingId);
  const toggle = useUpdateSubscription(mappingId, subscription.active ? 'dataFeeds.paused' : 'dataFeeds.resumed');
  const url = subscription.url;
  return (
    <Table.Tr data-testid={`subscription-${subscription.id}`}>
      <Table.Td>
        <Text size="sm" style={{ wordBreak: 'break-all' }}>
          {url}
        </Text>
        {subscription.hasCredentials ? (
          <Text size="xs" c="dimmed">
            {t('dataFeeds.withCredentials')}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>
        <IntervalForm mappingId={mappingId} subscription={subscription} />
      </Table.Td>
      <Table.Td>
        <StatusBadge subscription={subscription} />
      </Table.Td>
      <Table.Td>{subscription.lastPolledAt ? dates.dateTime(subscription.lastPolledAt) : '—'}</Table.Td>
      <Table.Td>{subscription.lastError ?? '—'}</Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Button
            variant="outline"
            size="xs"
            aria-label={t(subscription.active ? 'dataFeeds.pauseSubscription' : 'dataFeeds.resumeSubscription', {
              url,
            })}
            loading={toggle.isPending}
            onClick={() => toggle.mutate({ id: subscription.id, body: { paused: subscription.active } })}
          >
            {t(subscription.active ? 'dataFeeds.pause' : 'dataFeeds.resume')}
          </Button>
          <Button
            variant="outline"
            color="red.8"
            size="xs"
            aria-label={t('dataFeeds.removeSubscription', { url })}
            onClick={() => remove.mutate(subscription.id)}
          >
            {t('dataFeeds.remove')}
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** The subscription's interval, changed in place (Enter or the save button); the same limits as at creation. */
function IntervalForm({ mappingId, subscription }: { mappingId: number; subscription: SubscriptionItem }) {
  const t = useT();
  const save = useUpdateSubscription(mappingId, 'dataFeeds.intervalSaved');
  // What is typed and not saved yet; the saved value otherwise (it may change from elsewhere).
  const [typed, setTyped] = useState<number | '' | null>(null);
  const interval = typed ?? subscription.intervalSeconds;
  const url = subscription.url;
  const changed = typeof interval === 'number' && interval !== subscription.intervalSeconds;
  return (
    <Group
      gap="xs"
      wrap="nowrap"
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        if (changed)
          save.mutate(
            { id: subscription.id, body: { intervalSeconds: interval } },
            { onSuccess: () => setTyped(null) },
          );
      }}
    >
      <NumberInput
        aria-label={t('dataFeeds.intervalOf', { url })}
        size="xs"
        w={90}
        value={interval}
        min={SUBSCRIPTION_LIMITS.intervalMinSeconds}
        max={SUBSCRIPTION_LIMITS.intervalMaxSeconds}
        allowDecimal={false}
        allowNegative={false}
        rightSection={<Text size="xs">{t('dataFeeds.secondsUnit')}</Text>}
        onChange={(value) => setTyped(typeof value === 'number' ? value : '')}
      />
      <Button
        type="submit"
        variant="outline"
        size="xs"
        aria-label={t('dataFeeds.saveInterval', { url })}
        loading={save.isPending}
        disabled={!changed}
      >
        {t('dataFeeds.save')}
      </Button>
    </Group>
  );
}

/** Adds a subscription: the feed's URL, its credentials (sent as basic authentication) and the interval. */
function SubscriptionForm({ mappingId }: { mappingId: number }) {
  const t = useT();
  const subscribe = useSubscribe(mappingId);
  const [url, setUrl] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [interval, setInterval] = useState<number>(SUBSCRIPTION_LIMITS.intervalDefaultSeconds);
  const hasCredentials = username !== '' || password !== '';
  return (
    <Stack
      gap="xs"
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        if (!url.trim()) return;
        const body = {
          url: url.trim(),
          intervalSeconds: interval,
          ...(hasCredentials ? { username, password } : {}),
        };
        subscribe.mutate(body, {
          onSuccess: () => {
            setUrl('');
            setUsername('');
            setPassword('');
          },
        });
      }}
    >
      <TextInput
        label={t('dataFeeds.field.url')}
        type="url"
        value={url}
        maxLength={SUBSCRIPTION_LIMITS.urlMaxLength}
        onChange={(event) => setUrl(event.currentTarget.value)}
        required
      />
      <Group grow align="flex-start">
        <TextInput
          label={t('dataFeeds.field.username')}
          value={username}
          autoComplete="off"
          maxLength={SUBSCRIPTION_LIMITS.credentialMaxLength}
          onChange={(event) => setUsername(event.currentTarget.value)}
        />
        <PasswordField
          label={t('dataFeeds.field.password')}
          value={password}
          autoComplete="new-password"
          maxLength={SUBSCRIPTION_LIMITS.credentialMaxLength}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
        <NumberInput
          label={t('dataFeeds.field.interval')}
          value={interval}
          min={SUBSCRIPTION_LIMITS.intervalMinSeconds}
          max={SUBSCRIPTION_LIMITS.intervalMaxSeconds}
          allowDecimal={false}
          onChange={(value) => setInterval(typeof value === 'number' ? value : SUBSCRIPTION_LIMITS.intervalMinSeconds)}
        />
      </Group>
      <Text size="xs">{t('dataFeeds.credentialsHint')}</Text>
      <Group justify="flex-end">
        <Button type="submit" loading={subscribe.isPending} disabled={!url.trim()}>
          {t('dataFeeds.subscribe')}
        </Button>
      </Group>
    </Stack>
  );
}
