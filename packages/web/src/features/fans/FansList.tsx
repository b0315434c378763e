import { Alert, Anchor, Button, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { canWrite } from '@regie/contract/access';
import { FANS_RULE } from '@regie/contract/fans';
import type { FanRow } from '@regie/contract/fans.schemas';
import { IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useDateFormats } from '../../i18n/use-date-formats.ts';
import { useT } from '../../i18n/use-t.ts';
import { useAccessSubject } from '../../session/access.ts';
import { FanBulkBar } from './FanBulkBar.tsx';
import { FanFilters } from './FanFilters.tsx';
import { FanStatusBadge } from './FanStatusBadge.tsx';
import { fanEditPath } from './fan-paths.ts';
import { useFanOptions, useFans } from './fans-calls.ts';
import { apiFilter, type FanListFilter, filterFromParams, paramsFromFilter } from './fans-filter.ts';
import { NewFanDialog } from './NewFanDialog.tsx';

/** One page of fans: each opens their page. */
function FansTable({ fans }: { fans: readonly FanRow[] }) {
  const t = useT();
  const dates = useDateFormats();
  return (
    <Table striped highlightOnHover aria-label={t('fans.list.title')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('fans.field.nickname')}</Table.Th>
          <Table.Th>{t('fans.field.email')}</Table.Th>
          <Table.Th>{t('fans.field.name')}</Table.Th>
          <Table.Th>{t('fans.field.country')}</Table.Th>
          <Table.Th>{t('fans.field.lastActiveAt')}</Table.Th>
          <Table.Th>{t('fans.field.status')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {fans.map((fan) => (
          <Table.Tr key={fan.id}>
            <Table.Td>
              <Anchor component={Link} to={fanEditPath(fan.id)}>
                {fan.nickname}
              </Anchor>
            </Table.Td>
            <Table.Td>{fan.email}</Table.Td>
            <Table.Td>{`${fan.firstName} ${fan.lastName}`.trim()}</Table.Td>
            <Table.Td>{fan.country ?? ''}</Table.Td>
            <Table.Td>{fan.lastActiveAt ? dates.dateTime(fan.lastActiveAt) : ''}</Table.Td>
            <Table.Td>
              <FanStatusBadge fan={fan} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** "New fan" (CRM writers only): a dialog, then the new fan's page. */
function NewFanAction() {
  const t = useT();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const mayWrite = canWrite(useAccessSubject(), FANS_RULE);
  if (!mayWrite) return null;
  return (
    <Group justify="flex-end">
      <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setOpen(true)}>
        {t('fans.new')}
      </Button>
      {open && <NewFanDialog onClose={() => setOpen(false)} onCreated={(fan) => navigate(fanEditPath(fan.id))} />}
    </Group>
  );
}

/**
 * /crm/fans/list: the account's fans, newest first. The filters and the page (`after`) live in
 * the address; pages go by keyset (next: the page's cursor; previous: the cursors seen before).
 */
export function FansList() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => filterFromParams(params), [params]);
  const after = params.get('after');
  const [previous, setPrevious] = useState<(string | null)[]>([]);
  const sent = useMemo(() => apiFilter(filter), [filter]);
  const list = useFans(sent, after);
  const options = useFanOptions();
  const change = (next: FanListFilter) => {
    setPrevious([]);
    setParams(paramsFromFilter(next));
  };
  const goNext = (cursor: string) => {
    setPrevious([...previous, after]);
    setParams(paramsFromFilter(filter, cursor));
  };
  const goBack = () => {
    setParams(paramsFromFilter(filter, previous.at(-1) ?? null));
    setPrevious(previous.slice(0, -1));
  };
  const page = list.data;
  return (
    <Stack gap="md">
      <NewFanAction />
      <FanFilters filter={filter} options={options.data} onChange={change} />
      {list.isError && <Alert color="red">{t('fans.list.error')}</Alert>}
      {list.isPending && <Loader size="sm" aria-label={t('app.loading')} />}
      {page && (
        <>
          <Text aria-live="polite">
            {t(page.totalCapped ? 'fans.list.totalMany' : 'fans.list.total', { count: page.total })}
          </Text>
          <FanBulkBar filter={sent} total={page.total} totalCapped={page.totalCapped} options={options.data} />
          {page.data.length === 0 ? <Text c="dimmed">{t('fans.list.empty')}</Text> : <FansTable fans={page.data} />}
          <Group>
            <Button variant="default" disabled={after === null} onClick={goBack}>
              {t('fans.list.previous')}
            </Button>
            <Button
              variant="default"
              disabled={!page.nextCursor}
              onClick={() => page.nextCursor && goNext(page.nextCursor)}
            >
              {t('fans.list.next')}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
