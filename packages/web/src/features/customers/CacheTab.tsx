import { SimpleGrid } from '@mantine/core';
import { CACHE_KEYS } from '@regie/contract/cache';
import { useT } from '../../i18n/use-t.ts';
import type { TabPanelProps } from '../../resources/customization.ts';
import { CachePurgeCard } from '../cache/CachePurgeCard.tsx';

/**
 * A customer's 'cache' tab: drop the start-up data the server keeps for this account (its sports
 * list, …), or every cache. Entries come back on the next request, so a purge is always safe.
 */
export function CacheTab({ record }: TabPanelProps) {
  const t = useT();
  const name = typeof record.name === 'string' ? record.name : `#${record.id}`;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" maw={980}>
      <CachePurgeCard
        title={t('cache.account.title')}
        description={t('cache.account.text', { name })}
        cacheKey={CACHE_KEYS.adminPayload(record.id)}
      />
      <CachePurgeCard title={t('cache.all.title')} description={t('cache.all.text')} cacheKey={CACHE_KEYS.all} />
    </SimpleGrid>
  );
}
