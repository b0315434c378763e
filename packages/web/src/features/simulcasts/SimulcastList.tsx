import { Alert, Anchor, Badge, Button, Group, Loader, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import {
  SIMULCAST_PAGE_SIZE,
  SIMULCAST_STATES,
  type Simulcast,
  type SimulcastProvider,
  type SimulcastState,
} from '@regie/contract/simulcast';
import { useState } from 'react';
import { Link } from 'react-router';
import { useT } from '../../i18n/use-t.ts';
import { PagePagination } from '../../widgets/PagePagination.tsx';
import { AwsStatusNote } from './AwsStatusNote.tsx';
import { useSimulcasts } from './simulcast-calls.ts';
import { SIMULCAST_ROUTES, STATE_KEYS, STATUS_COLOURS, STATUS_KEYS } from './simulcast-routes.ts';

const ALL = 'all';

/** The account's simulcasts of one provider, filtered by state, a page at a time, each with its targets' status. */
function SimulcastList({ provider }: { provider: SimulcastProvider }) {
  const t = useT();
  const [state, setState] = useState<SimulcastState | null>(null);
  const [page, setPage] = useState(1);
  const list = useSimulcasts(provider, state, page);
  const routes = SIMULCAST_ROUTES[provider];
  const choices = [
    { value: ALL, label: t('simulcast.list.all') },
    ...SIMULCAST_STATES.map((value) => ({ value, label: t(STATE_KEYS[value]) })),
  ];
  const choose = (value: string) => {
    setState(SIMULCAST_STATES.find((item) => item === value) ?? null);
    setPage(1);
  };
  const lastPage = Math.max(1, Math.ceil((list.data?.total ?? 0) / SIMULCAST_PAGE_SIZE));
  return (
    <Stack gap="md">
      {provider === 'aws' && <AwsStatusNote />}
      <Group justify="space-between">
        <SegmentedControl
          aria-label={t('simulcast.list.filter')}
          data={choices}
          value={state ?? ALL}
          onChange={choose}
        />
        <Button component={Link} to={routes.create}>
          {t('simulcast.list.new')}
        </Button>
      </Group>
      {list.isError && <Alert color="red">{t('simulcast.list.error')}</Alert>}
      {list.isPending && <Loader size="sm" aria-label={t('app.loading')} />}
      {list.data && list.data.data.length === 0 && <Text c="dimmed">{t('simulcast.list.empty')}</Text>}
      {list.data && list.data.data.length > 0 && <SimulcastTable simulcasts={list.data.data} provider={provider} />}
      {lastPage > 1 && <PagePagination total={lastPage} value={page} onChange={setPage} />}
    </Stack>
  );
}

function SimulcastTable({ simulcasts, provider }: { simulcasts: readonly Simulcast[]; provider: SimulcastProvider }) {
  const t = useT();
  const routes = SIMULCAST_ROUTES[provider];
  return (
    <Table striped highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('simulcast.list.name')}</Table.Th>
          <Table.Th>{t('simulcast.list.state')}</Table.Th>
          <Table.Th>{t('simulcast.list.targets')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {simulcasts.map((simulcast) => (
          <Table.Tr key={simulcast.id}>
            <Table.Td>
              <Anchor
                component={Link}
                to={routes.edit(simulcast.id)}
                aria-label={t('simulcast.list.open', { name: simulcast.name })}
              >
                {simulcast.name}
              </Anchor>
            </Table.Td>
            <Table.Td>
              <Badge color={simulcast.state === 'live' ? 'green' : 'gray'}>{t(STATE_KEYS[simulcast.state])}</Badge>
            </Table.Td>
            <Table.Td>
              <Group gap={4}>
                {simulcast.targets.map((target) => (
                  <Badge key={target.id} variant="light" color={STATUS_COLOURS[target.status]}>
                    {target.name} · {t(STATUS_KEYS[target.status])}
                  </Badge>
                ))}
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** /events/simulcasts/list */
export function SimulcastListScreen() {
  return <SimulcastList provider="local" />;
}

/** /events/aws-simulcasts/list */
export function AwsSimulcastListScreen() {
  return <SimulcastList provider="aws" />;
}
