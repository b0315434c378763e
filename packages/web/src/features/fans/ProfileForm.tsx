import {
  Alert,
  Button,
  Group,
  Loader,
  MultiSelect,
  NumberInput,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { FAN_LIMITS } from '@regie/contract/fans';
import type { Profile, ProfileRules } from '@regie/contract/fans.schemas';
import { type FormEvent, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useLabel, useT } from '../../i18n/use-t.ts';
import { usePageTitle } from '../../widgets/page-title.ts';
import { fanTagLabel } from './fan-tag-label.ts';
import { useFanOptions, useProfile, useProfileActions, useRulesCount } from './fans-calls.ts';
import { profileEditPath } from './ProfilesList.tsx';

const NO_RULES: ProfileRules = { tagIds: [], activeWithinDays: null, productIds: [] };
const ids = (values: string[]) => values.map(Number);
const strings = (values: number[]) => values.map(String);

/** The rules' live count: how many fans they hold now (fans added by hand come on top). */
function LiveCount({ rules }: { rules: ProfileRules }) {
  const t = useT();
  const [debounced] = useDebouncedValue(rules, 300);
  const count = useRulesCount(debounced);
  const hasRules = rules.tagIds.length > 0 || rules.activeWithinDays !== null || rules.productIds.length > 0;
  return (
    <Text aria-live="polite" fw={600}>
      {hasRules ? t('fans.profiles.liveCount', { count: count.data?.count ?? 0 }) : t('fans.profiles.byHandOnly')}
    </Text>
  );
}

/** The profile's rules: tags, activity, purchases. */
function RulesFields({ rules, onChange }: { rules: ProfileRules; onChange: (rules: ProfileRules) => void }) {
  const t = useT();
  const label = useLabel();
  const options = useFanOptions();
  const tagChoices = (options.data?.tags ?? []).map((tag) => ({
    value: String(tag.id),
    label: fanTagLabel(tag, label),
  }));
  const productChoices = (options.data?.products ?? []).map((product) => ({
    value: String(product.id),
    label: product.name,
  }));
  return (
    <>
      <MultiSelect
        label={t('fans.profiles.ruleTags')}
        data={tagChoices}
        value={strings(rules.tagIds)}
        onChange={(values) => onChange({ ...rules, tagIds: ids(values) })}
        searchable
        clearable
      />
      <NumberInput
        label={t('fans.profiles.ruleActive')}
        min={1}
        max={3650}
        allowDecimal={false}
        value={rules.activeWithinDays ?? ''}
        onChange={(value) =>
          onChange({ ...rules, activeWithinDays: typeof value === 'number' && value >= 1 ? value : null })
        }
      />
      <MultiSelect
        label={t('fans.profiles.ruleProducts')}
        data={productChoices}
        value={strings(rules.productIds)}
        onChange={(values) => onChange({ ...rules, productIds: ids(values) })}
        searchable
        clearable
      />
    </>
  );
}

function ProfileFields({ profile }: { profile: Profile | null }) {
  const t = useT();
  const navigate = useNavigate();
  const [name, setName] = useState(profile?.name ?? '');
  const [description, setDescription] = useState(profile?.description ?? '');
  const [rules, setRules] = useState<ProfileRules>(profile?.rules ?? NO_RULES);
  const actions = useProfileActions(profile?.id ?? null, (saved) =>
    navigate(saved ? profileEditPath(saved.id) : '/crm/fanProfiles/list'),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actions.save.mutate({ name, description, rules });
  };
  const remove = () => {
    if (profile && window.confirm(t('fans.profiles.deleteConfirm', { name: profile.name })))
      actions.remove.mutate(undefined);
  };
  return (
    <form onSubmit={submit}>
      <Stack gap="md" maw={640}>
        <TextInput
          label={t('fans.profiles.name')}
          required
          maxLength={FAN_LIMITS.profileNameMax}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <Textarea
          label={t('fans.profiles.description')}
          maxLength={500}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
        />
        <Text fw={600}>{t('fans.profiles.rules')}</Text>
        <Text size="sm" c="dimmed">
          {t('fans.profiles.rulesHint')}
        </Text>
        <RulesFields rules={rules} onChange={setRules} />
        <LiveCount rules={rules} />
        {profile && <Text size="sm">{t('fans.profiles.memberCount', { count: profile.memberCount })}</Text>}
        <Group>
          <Button type="submit" disabled={name.trim() === ''} loading={actions.save.isPending}>
            {t(profile ? 'fans.profiles.save' : 'fans.profiles.create')}
          </Button>
          {profile && (
            <Button color="red" variant="subtle" onClick={remove} loading={actions.remove.isPending}>
              {t('fans.profiles.delete')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}

/** /crm/fanProfiles/new */
export function ProfileNewScreen() {
  return <ProfileFields profile={null} />;
}

function ProfileEdit({ id }: { id: number }) {
  const t = useT();
  const profile = useProfile(id);
  usePageTitle(profile.data?.name ?? null);
  if (profile.isError) return <Alert color="red">{t('fans.profiles.notFound')}</Alert>;
  if (!profile.data) return <Loader size="sm" aria-label={t('app.loading')} />;
  return <ProfileFields key={profile.data.id} profile={profile.data} />;
}

/** /crm/fanProfiles/edit/:id */
export function ProfileEditScreen() {
  const t = useT();
  const id = Number(useParams().id);
  if (!Number.isInteger(id) || id <= 0) return <Alert color="red">{t('fans.profiles.notFound')}</Alert>;
  return <ProfileEdit key={id} id={id} />;
}
