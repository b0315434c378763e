import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { advertisingPaths } from '@regie/contract/advertising';
import type { AdvertisingSettings } from '@regie/contract/advertising.schemas';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useAction } from '../../api/action.ts';
import { useApi } from '../../api/api-context.ts';
import { useT } from '../../i18n/use-t.ts';

const ADVERTISING_KEY = ['advertising'] as const;
const TITLE_ID = 'playback-ads-title';

/** The tag's form: what is typed, saved whole (empty is no tag). */
function AdTagForm({ stored }: { stored: AdvertisingSettings }) {
  const t = useT();
  const api = useApi();
  const [tagUrl, setTagUrl] = useState(stored.tagUrl ?? '');
  const save = useAction((body: AdvertisingSettings) => api.put<AdvertisingSettings>(advertisingPaths.settings, body), {
    success: 'playback.ads.saved',
    invalidate: [ADVERTISING_KEY],
  });
  const next = tagUrl.trim() === '' ? null : tagUrl.trim();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ tagUrl: next });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('playback.ads.tagUrl')}
          description={t('playback.ads.tagUrlHint')}
          type="url"
          value={tagUrl}
          onChange={(event) => setTagUrl(event.currentTarget.value)}
          disabled={save.isPending}
        />
        <Group>
          <Button type="submit" loading={save.isPending} disabled={next === stored.tagUrl}>
            {t('playback.ads.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The Playback settings' Advertising section (ADVERTISING, contract advertising.ts): the account's
 * VAST or VMAP tag, played on the events that switch Advertising on (an event may give its own).
 */
export function SettingsAdvertising() {
  const t = useT();
  const api = useApi();
  const stored = useQuery({
    queryKey: ADVERTISING_KEY,
    queryFn: ({ signal }) => api.get<AdvertisingSettings>(advertisingPaths.settings, undefined, { signal }),
  });
  return (
    <Paper withBorder radius="lg" p="xl" component="section" aria-labelledby={TITLE_ID}>
      <Stack gap="lg">
        <div>
          <Title order={2} size="h4" id={TITLE_ID}>
            {t('playback.ads.title')}
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            {t('playback.ads.intro')}
          </Text>
        </div>
        {stored.isError && <Text c="red">{t('resource.common.loadFailed')}</Text>}
        {stored.data && <AdTagForm key={stored.data.tagUrl ?? ''} stored={stored.data} />}
      </Stack>
    </Paper>
  );
}
