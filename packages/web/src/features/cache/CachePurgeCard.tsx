import { Button, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconEraser } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useT } from '../../i18n/use-t.ts';
import { useCachePurge } from './use-cache-purge.ts';

interface Props {
  title: string;
  description: ReactNode;
  /** The cache key purged (contract cache.ts), or null while none is chosen. */
  cacheKey: string | null;
  children?: ReactNode;
}

/** One purge: what it drops, its key, the button, and how many entries the last purge dropped. */
export function CachePurgeCard({ title, description, cacheKey, children }: Props) {
  const t = useT();
  const { purge, last } = useCachePurge();
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {description}
        </Text>
        {children}
        <Group justify="space-between" align="center" mt="xs">
          <Text size="sm">
            {t('cache.key')}{' '}
            {cacheKey ? (
              <Code>{cacheKey}</Code>
            ) : (
              <Text span c="dimmed">
                —
              </Text>
            )}
          </Text>
          <Button
            color="red.8"
            variant="outline"
            leftSection={<IconEraser size={16} aria-hidden />}
            disabled={!cacheKey}
            loading={purge.isPending}
            onClick={() => cacheKey && purge.mutate(cacheKey, { onError: () => undefined })}
          >
            {t('cache.purge')}
          </Button>
        </Group>
        {last && (
          <Text size="sm" c="teal.9" role="status">
            {t('cache.purged', { key: last.key, count: last.purged })}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
