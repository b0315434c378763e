import { Alert, Badge, Grid, Group, Paper, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { PUBLICATION_STATES, type PublicationState } from '@regie/contract/publications';
import { SOCIAL_PLATFORM_NAMES, SOCIAL_PLATFORMS, type SocialPlatform } from '@regie/contract/social';
import { useSearchParams } from 'react-router';
import { useT } from '../../i18n/use-t.ts';
import { PagePagination } from '../../widgets/PagePagination.tsx';
import { PublicationItem } from './PublicationItem.tsx';
import {
  PUBLICATIONS_PAGE_SIZE,
  useMayPublish,
  usePublicationsLive,
  usePublicationsPage,
} from './publication-calls.ts';

const positive = (value: string | null) => {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : null;
};
const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  (values as readonly string[]).includes(value ?? '') ? (value as T) : null;

/**
 * Medias › Publications (issue 41): every publication of the account to its social accounts,
 * newest first, by state and platform, a page at a time (the address keeps them), each followed
 * live: its upload's progress, its link once published, the platform's reason once failed, and
 * Cancel or Retry.
 */
export function PublicationsScreen() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const state = oneOf(PUBLICATION_STATES, params.get('state'));
  const platform = oneOf(SOCIAL_PLATFORMS, params.get('platform'));
  const page = positive(params.get('page')) ?? 1;
  const change = (next: { state?: PublicationState | null; platform?: SocialPlatform | null; page?: number }) => {
    const merged = { state, platform, page: 1, ...next };
    const out: Record<string, string> = {};
    if (merged.state) out.state = merged.state;
    if (merged.platform) out.platform = merged.platform;
    if (merged.page > 1) out.page = String(merged.page);
    setParams(out, { replace: true });
  };
  usePublicationsLive();
  const mayAct = useMayPublish();
  const list = usePublicationsPage({
    ...(state ? { state } : {}),
    ...(platform ? { platform } : {}),
    limit: PUBLICATIONS_PAGE_SIZE,
    offset: (page - 1) * PUBLICATIONS_PAGE_SIZE,
  });
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / PUBLICATIONS_PAGE_SIZE));
  return (
    <Stack gap="lg">
      <Grid gap="sm" align="flex-end">
        <Grid.Col span={{ base: 6, md: 3 }}>
          <Select
            label={t('publications.filter.state')}
            placeholder={t('publications.filter.anyState')}
            data={PUBLICATION_STATES.map((value) => ({ value, label: t(`publications.state.${value}`) }))}
            value={state}
            onChange={(value) => change({ state: oneOf(PUBLICATION_STATES, value) })}
            clearable
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, md: 3 }}>
          <Select
            label={t('publications.filter.platform')}
            placeholder={t('publications.filter.anyPlatform')}
            data={SOCIAL_PLATFORMS.map((value) => ({ value, label: SOCIAL_PLATFORM_NAMES[value] }))}
            value={platform}
            onChange={(value) => change({ platform: oneOf(SOCIAL_PLATFORMS, value) })}
            clearable
          />
        </Grid.Col>
      </Grid>
      <Paper withBorder radius="lg" shadow="xs" p="lg" component="section" aria-labelledby="publications-title">
        <Stack gap="sm">
          <Group gap="xs">
            <Title order={2} size="h4" id="publications-title">
              {t('publications.title')}
            </Title>
            {list.data && (
              <Badge variant="light" radius="sm">
                {list.data.total}
              </Badge>
            )}
          </Group>
          {list.isError ? (
            <Alert color="red" role="alert">
              {t('publications.failed')}
            </Alert>
          ) : !list.data ? (
            <Skeleton h={64} />
          ) : list.data.data.length === 0 ? (
            <Text size="sm" c="dimmed">
              {state || platform ? t('publications.emptyFiltered') : t('publications.empty')}
            </Text>
          ) : (
            <Stack gap="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="publications-list">
              {list.data.data.map((item) => (
                <PublicationItem key={item.id} publication={item} mayAct={mayAct} showVideo />
              ))}
            </Stack>
          )}
          {pages > 1 && <PagePagination total={pages} value={page} onChange={(next) => change({ page: next })} />}
        </Stack>
      </Paper>
    </Stack>
  );
}
