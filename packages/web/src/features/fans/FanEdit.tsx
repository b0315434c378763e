import { Alert, Button, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { canWrite } from '@regie/contract/access';
import { FANS_RULE } from '@regie/contract/fans';
import type { FanDetail } from '@regie/contract/fans.schemas';
import { useNavigate, useParams } from 'react-router';
import { useCurrentEntry } from '../../app/route-entry.ts';
import { useDateFormats } from '../../i18n/use-date-formats.ts';
import { useT } from '../../i18n/use-t.ts';
import { useAccessSubject } from '../../session/access.ts';
import { usePageTitle } from '../../widgets/page-title.ts';
import { FanDetailsForm } from './FanForm.tsx';
import { FanStatusBadge } from './FanStatusBadge.tsx';
import { ActivitiesTab, ProductsTab, ProfilesPanel, SessionsTab, TagsTab } from './FanTabs.tsx';
import { useFan, useFanActions } from './fans-calls.ts';

type Actions = ReturnType<typeof useFanActions>;

function InfosTab({ fan, actions }: { fan: FanDetail; actions: Actions }) {
  const t = useT();
  const dates = useDateFormats();
  const mayWrite = canWrite(useAccessSubject(), FANS_RULE);
  // Email, names, language and consents are the form's; these are only read.
  const fields: [string, string][] = [
    [t('fans.field.country'), fan.country ?? ''],
    [t('fans.field.createdAt'), dates.dateTime(fan.createdAt)],
    [t('fans.field.lastActiveAt'), fan.lastActiveAt ? dates.dateTime(fan.lastActiveAt) : ''],
  ];
  const remove = () => {
    if (window.confirm(t('fans.deleteConfirm', { name: fan.nickname }))) actions.remove.mutate(undefined);
  };
  return (
    <Stack gap="lg">
      <FanDetailsForm key={fan.id} fan={fan} save={actions.save} mayWrite={mayWrite} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" component="dl">
        {fields.map(([label, value]) => (
          <div key={label}>
            <Text component="dt" size="sm" c="dimmed">
              {label}
            </Text>
            <Text component="dd" m={0}>
              {value || '—'}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      <Group>
        <FanStatusBadge fan={fan} size="lg" />
        <Button
          color={fan.isBlocked ? 'blue' : 'red'}
          variant="light"
          loading={actions.block.isPending}
          onClick={() => actions.block.mutate(!fan.isBlocked)}
        >
          {t(fan.isBlocked ? 'fans.unblock' : 'fans.block')}
        </Button>
        <Button color="red" variant="subtle" loading={actions.remove.isPending} onClick={remove}>
          {t('fans.delete')}
        </Button>
      </Group>
      <ProfilesPanel fan={fan} actions={actions} />
    </Stack>
  );
}

function FanEdit({ id }: { id: number }) {
  const t = useT();
  const entry = useCurrentEntry();
  const navigate = useNavigate();
  const fan = useFan(id);
  const actions = useFanActions(id, () => navigate('/crm/fans/list'));
  usePageTitle(fan.data?.nickname ?? null);
  if (fan.isError) return <Alert color="red">{t('fans.notFound')}</Alert>;
  if (!fan.data) return <Loader size="sm" aria-label={t('app.loading')} />;
  switch (entry?.node.path) {
    case 'tags':
      return <TagsTab fan={fan.data} actions={actions} />;
    case 'session':
      return <SessionsTab fan={fan.data} />;
    case 'activities':
      return <ActivitiesTab fan={fan.data} />;
    case 'products':
      return <ProductsTab fan={fan.data} />;
    default:
      return <InfosTab fan={fan.data} actions={actions} />;
  }
}

/** /crm/fans/edit/:id (tabs infos, tags, session, activities, products) */
export function FanEditScreen() {
  const t = useT();
  const id = Number(useParams().id);
  if (!Number.isInteger(id) || id <= 0) return <Alert color="red">{t('fans.notFound')}</Alert>;
  return <FanEdit key={id} id={id} />;
}
