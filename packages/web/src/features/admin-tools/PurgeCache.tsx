import { CloseButton, Group, Paper, Radio, Stack, Text } from '@mantine/core';
import { CACHE_KEYS } from '@regie/contract/cache';
import { isOneOf } from '@regie/contract/guards';
import { IconBuildingStore } from '@tabler/icons-react';
import { useState } from 'react';
import type { SimulatedAccount } from '../../api/client.ts';
import { useT } from '../../i18n/use-t.ts';
import { AccountSearch } from '../../widgets/AccountSearch.tsx';
import { CachePurgeCard } from '../cache/CachePurgeCard.tsx';

const SCOPES = ['all', 'admin-payloads', 'account'] as const;
type Scope = (typeof SCOPES)[number];

/** The cache key of a choice; null while 'one account' has no account yet. */
export function purgeKey(scope: Scope, account: Pick<SimulatedAccount, 'id'> | null): string | null {
  if (scope === 'all') return CACHE_KEYS.all;
  if (scope === 'admin-payloads') return CACHE_KEYS.adminPayloads;
  return account ? CACHE_KEYS.adminPayload(account.id) : null;
}

/**
 * /admin-tools/purge-cache: drop a server cache now rather than waiting for it to expire — all of
 * it, every account's start-up data, or one account's (found with the account search).
 */
export function PurgeCache() {
  const t = useT();
  const [scope, setScope] = useState<Scope>('account');
  const [account, setAccount] = useState<SimulatedAccount | null>(null);

  return (
    <Stack maw={720}>
      <CachePurgeCard
        title={t('cache.tool.title')}
        description={t('cache.tool.text')}
        cacheKey={purgeKey(scope, account)}
      >
        <Radio.Group
          label={t('cache.tool.scope')}
          value={scope}
          onChange={(value) => isOneOf(SCOPES, value) && setScope(value)}
        >
          <Stack gap="sm" mt="xs">
            <Radio value="account" label={t('cache.tool.account')} description={t('cache.tool.accountHint')} />
            <Radio
              value="admin-payloads"
              label={t('cache.tool.adminPayloads')}
              description={t('cache.tool.adminPayloadsHint')}
            />
            <Radio value="all" label={t('cache.tool.all')} description={t('cache.tool.allHint')} />
          </Stack>
        </Radio.Group>
        {scope === 'account' &&
          (account ? (
            <Paper withBorder radius="md" p="sm" bg="regie.0">
              <Group justify="space-between" wrap="nowrap">
                <Text fw={600} style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
                  <IconBuildingStore size={18} aria-hidden />
                  {account.name}
                </Text>
                <CloseButton aria-label={t('cache.tool.clearAccount')} onClick={() => setAccount(null)} />
              </Group>
            </Paper>
          ) : (
            <AccountSearch label={t('cache.tool.accountLabel')} onSelect={setAccount} />
          ))}
      </CachePurgeCard>
    </Stack>
  );
}
