import { Anchor, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ServerReason } from '../../i18n/server-message.tsx';
import { useDateFormats } from '../../i18n/use-date-formats.ts';
import { useT } from '../../i18n/use-t.ts';
import { StreamStateBadge } from './state-badge.tsx';
import { useStreams } from './streams-calls.ts';

/** /medias/streams/list: the account's live inputs, their state, and the way to a new one. */
export function StreamsList() {
  const t = useT();
  const dates = useDateFormats();
  const streams = useStreams();
  const rows = streams.data?.data ?? [];
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Text c="dimmed" maw={640}>
          {t('streams.list.intro')}
        </Text>
        <Button component={Link} to="/medias/streams/new" leftSection={<IconPlus size={18} aria-hidden />}>
          {t('streams.list.new')}
        </Button>
      </Group>
      {!streams.isLoading && rows.length === 0 ? (
        <Text>{t('streams.list.empty')}</Text>
      ) : (
        <Table striped highlightOnHover aria-label={t('streams.list.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('streams.column.name')}</Table.Th>
              <Table.Th>{t('streams.column.state')}</Table.Th>
              <Table.Th>{t('streams.column.latency')}</Table.Th>
              <Table.Th>{t('streams.column.lastLive')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((input) => (
              <Table.Tr key={input.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/medias/streams/edit/${input.id}`}>
                    {input.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Group gap="xs">
                    <StreamStateBadge state={input.state} />
                    <Text size="xs" c="dimmed">
                      <ServerReason message={input.stateReasonMessage} text={input.stateReason} />
                    </Text>
                  </Group>
                </Table.Td>
                <Table.Td>{t(`streams.latency.short.${input.latencyMode}`)}</Table.Td>
                <Table.Td>{input.lastLiveAt ? dates.dateTime(input.lastLiveAt) : t('streams.never')}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
