import { Badge, EmptyState, Group, Paper, Skeleton, Table, Text, Title } from '@mantine/core';
import { paths } from '@regie/contract/api';
import type { ProductFan } from '@regie/contract/resources/products';
import type { ListResponse } from '@regie/contract/resources/shapes';
import { IconUsersGroup } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useApi } from '../../api/api-context.ts';
import { paymentKeys } from '../../api/query-keys.ts';
import { useT } from '../../i18n/use-t.ts';
import { CELL_DATE_FORMAT } from '../../resources/cell-format.ts';
import type { TabPanelProps } from '../../resources/customization.ts';

/** Fans shown at once on the tab; the CRM lists them all. */
const FANS_LIMIT = 100;

/** The fans tab of a product: who bought it, the latest purchase first (GET products/{id}/fans). */
export function ProductFans({ record }: TabPanelProps) {
  const t = useT();
  const client = useApi();
  const fans = useQuery({
    queryKey: paymentKeys.productFans(record.id),
    queryFn: ({ signal }) =>
      client.get<ListResponse<ProductFan>>(paths.productFans(record.id), { limit: FANS_LIMIT }, { signal }),
  });
  const name = String(record.name ?? `#${record.id}`);
  const rows = fans.data?.data ?? null;
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-label={t('productFans.title', { name })} maw={980}>
      <Group gap="xs" mb="md">
        <Title order={2} size="h3">
          {t('productFans.title', { name })}
        </Title>
        {fans.data && <Badge variant="light">{fans.data.total}</Badge>}
      </Group>
      {fans.isError ? (
        <Text c="red.8" size="sm" role="alert">
          {t('resource.common.loadFailed')}
        </Text>
      ) : rows === null ? (
        <Skeleton h={80} radius="md" />
      ) : rows.length === 0 ? (
        <EmptyState
          py={40}
          icon={<IconUsersGroup size={28} aria-hidden />}
          variant="light"
          title={t('productFans.empty')}
        />
      ) : (
        <Table verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('productFans.column.fan')}</Table.Th>
              <Table.Th>{t('productFans.column.purchasedAt')}</Table.Th>
              <Table.Th>{t('productFans.column.expiresAt')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((fan) => (
              <Table.Tr key={fan.fanId}>
                <Table.Td>{t('productFans.fan', { id: fan.fanId })}</Table.Td>
                <Table.Td>{dayjs(fan.purchasedAt).format(CELL_DATE_FORMAT)}</Table.Td>
                <Table.Td>
                  {fan.expiresAt ? dayjs(fan.expiresAt).format(CELL_DATE_FORMAT) : t('productFans.never')}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}
