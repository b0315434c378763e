import { Alert, Badge, Button, Group, Loader, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { effectiveGrants } from '@regie/contract/access';
import { ADVERTISING_MODULE } from '@regie/contract/advertising';
import type { GeoSettings } from '@regie/contract/geo';
import { playbackPaths } from '@regie/contract/playback';
import type { PlaybackSettings, PlaybackSettingsResponse } from '@regie/contract/playback.schemas';
import { WATERMARK_MODULE } from '@regie/contract/watermark';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useAction } from '../../api/action.ts';
import { useApi } from '../../api/api-context.ts';
import { useDateFormats } from '../../i18n/use-date-formats.ts';
import { useT } from '../../i18n/use-t.ts';
import { useAccessSubject } from '../../session/access.ts';
import { GeoRuleField } from '../../widgets/GeoRuleField.tsx';
import { SettingsAdvertising } from './SettingsAdvertising.tsx';
import { SettingsWatermark } from './SettingsWatermark.tsx';

const SETTINGS_KEY = ['playback-settings'] as const;
const GEO_TITLE_ID = 'playback-geo-title';

/** The account's geo blocking: its rule, addresses without a country, and the database's date. */
function GeoBlockingForm({ stored }: { stored: PlaybackSettingsResponse }) {
  const t = useT();
  const api = useApi();
  const { date } = useDateFormats();
  const [geo, setGeo] = useState<GeoSettings>(stored.geoBlocking);
  const save = useAction((body: PlaybackSettings) => api.put<PlaybackSettingsResponse>(playbackPaths.settings, body), {
    success: 'playback.saved',
    invalidate: [SETTINGS_KEY],
  });
  const changed = JSON.stringify(geo) !== JSON.stringify(stored.geoBlocking);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ geoBlocking: { ...geo, countries: [...geo.countries] } });
  };
  return (
    <Paper withBorder radius="lg" p="xl" component="section" aria-labelledby={GEO_TITLE_ID}>
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <div>
            <Group gap="sm">
              <Title order={2} size="h4" id={GEO_TITLE_ID}>
                {t('playback.geo.title')}
              </Title>
              {!stored.modules.geoBlocking && (
                <Badge color="gray" variant="light">
                  {t('playback.moduleOff')}
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed" mt={4}>
              {t('playback.geo.intro')}
            </Text>
          </div>
          <GeoRuleField
            name="geoBlocking"
            label={t('playback.geo.rule')}
            value={{ mode: geo.mode, countries: geo.countries }}
            onChange={(rule) => rule && setGeo((current) => ({ ...current, ...rule }))}
            inherits={false}
            disabled={save.isPending}
          />
          <Switch
            label={t('playback.geo.unknownAddresses')}
            description={t('playback.geo.unknownAddressesHint')}
            checked={geo.unknownAddresses === 'allow'}
            onChange={(event) => {
              const allow = event.currentTarget.checked;
              setGeo((current) => ({ ...current, unknownAddresses: allow ? 'allow' : 'refuse' }));
            }}
            disabled={save.isPending}
          />
          <Text size="sm" c="dimmed">
            {t('playback.geo.database', { date: date(stored.geoDatabase.builtAt) })}
          </Text>
          <Group>
            <Button type="submit" loading={save.isPending} disabled={!changed}>
              {t('playback.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/**
 * /account/settings/playback (issue 47): where the account's fans may watch. Geo blocking first:
 * the countries allowed or refused on every page of the account (an event, a video or a live
 * input may have its own rule), and whether addresses without a country (a stadium's network)
 * may watch. With WATERMARK, the logo burned into the videos; with ADVERTISING, the ad tag (each
 * its own section and call).
 */
export function SettingsPlayback() {
  const t = useT();
  const api = useApi();
  const modules = effectiveGrants(useAccessSubject()).modules;
  const watermark = modules.includes(WATERMARK_MODULE);
  const advertising = modules.includes(ADVERTISING_MODULE);
  const stored = useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: ({ signal }) => api.get<PlaybackSettingsResponse>(playbackPaths.settings, undefined, { signal }),
  });
  return (
    <Stack gap="lg" maw={880}>
      {stored.isError && (
        <Alert color="red" title={t('resource.common.loadFailed')}>
          <Button variant="default" size="xs" onClick={() => void stored.refetch()}>
            {t('app.retry')}
          </Button>
        </Alert>
      )}
      {stored.isPending && <Loader size="sm" aria-label={t('app.loading')} />}
      {stored.data && <GeoBlockingForm key={JSON.stringify(stored.data.geoBlocking)} stored={stored.data} />}
      {watermark && <SettingsWatermark />}
      {advertising && <SettingsAdvertising />}
    </Stack>
  );
}
