import { Alert, Button, Group, Select, Stack, Text } from '@mantine/core';
import { SOCIAL_PLATFORM_NAMES, SOCIAL_TARGET_KINDS, type SocialLink } from '@regie/contract/social';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../../../i18n/use-t.ts';
import { useSocialActions, useSocialTargets } from './social-calls.ts';

interface Props {
  link: SocialLink;
}

/**
 * Where a Facebook, YouTube or Instagram link publishes: its page, channel or business account.
 * Until one is chosen (`needsTarget`) the list is offered at once; once chosen, its name with
 * Change to pick another. Only an active link can list its targets.
 */
export function TargetPicker({ link }: Props) {
  const t = useT();
  const kind = SOCIAL_TARGET_KINDS[link.platform];
  const [changing, setChanging] = useState(false);
  const active = link.state === 'active';
  const picking = active && (link.needsTarget || changing);
  // Back from the list (chosen or cancelled), the keyboard's focus returns to Change.
  const changeButton = useRef<HTMLButtonElement>(null);
  const [refocus, setRefocus] = useState(false);
  useEffect(() => {
    if (refocus && !picking) {
      changeButton.current?.focus();
      setRefocus(false);
    }
  }, [refocus, picking]);
  const stopChanging = () => {
    setChanging(false);
    setRefocus(true);
  };
  if (!kind) return null;
  const label = t(`settings.social.target.${kind}`);
  const name = SOCIAL_PLATFORM_NAMES[link.platform];

  if (picking) {
    return <TargetSelect link={link} label={label} onDone={stopChanging} onCancel={changing ? stopChanging : null} />;
  }
  if (link.needsTarget) {
    return (
      <Text size="sm" c="dimmed">
        {t('settings.social.targetNeeded')}
      </Text>
    );
  }
  return (
    <Group gap="sm" wrap="wrap" align="center">
      <Text size="sm">
        <Text span c="dimmed" size="sm">
          {label}
        </Text>{' '}
        <Text span fw={600} size="sm">
          {link.targetName ?? link.targetId}
        </Text>
      </Text>
      {active && (
        <Button
          ref={changeButton}
          size="compact-sm"
          variant="subtle"
          onClick={() => setChanging(true)}
          aria-label={t('settings.social.changeNamed', { name })}
        >
          {t('settings.social.change')}
        </Button>
      )}
    </Group>
  );
}

interface SelectProps {
  link: SocialLink;
  label: string;
  onDone: () => void;
  /** Null while a target must be chosen (nothing to go back to). */
  onCancel: (() => void) | null;
}

/** The list of what the link can publish to; choosing one saves it. */
function TargetSelect({ link, label, onDone, onCancel }: SelectProps) {
  const t = useT();
  const targets = useSocialTargets(link.platform, true);
  const { chooseTarget } = useSocialActions(link.platform);
  const input = useRef<HTMLInputElement>(null);
  // Change replaced its button with the list: the keyboard's focus follows (not on a first choice).
  const [focusOnOpen] = useState(onCancel !== null);
  const loading = targets.isPending;
  useEffect(() => {
    if (focusOnOpen && !loading) input.current?.focus();
  }, [focusOnOpen, loading]);
  const options = (targets.data ?? []).map((target) => ({ value: target.id, label: target.name }));
  const choose = (id: string | null) => {
    const target = targets.data?.find((candidate) => candidate.id === id);
    if (target) chooseTarget.mutate(target, { onSuccess: onDone });
  };
  return (
    <Stack gap="xs">
      {link.needsTarget && (
        <Text size="sm" fw={500}>
          {t('settings.social.targetNeeded')}
        </Text>
      )}
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          ref={input}
          label={label}
          placeholder={targets.isPending ? t('app.loading') : t('settings.social.targetPlaceholder')}
          data={options}
          value={link.needsTarget ? null : link.targetId}
          onChange={choose}
          disabled={targets.isPending || chooseTarget.isPending}
          allowDeselect={false}
          nothingFoundMessage={t('settings.social.noTargets')}
          w={280}
          maw="100%"
        />
        {onCancel && (
          <Button variant="default" size="sm" onClick={onCancel}>
            {t('resource.common.cancel')}
          </Button>
        )}
      </Group>
      {targets.isSuccess && targets.data.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('settings.social.noTargets')}
        </Text>
      )}
      {targets.isError && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle aria-hidden />}
          title={t('resource.common.loadFailed')}
        >
          <Text size="sm">{targets.error.message}</Text>
          <Button variant="default" size="xs" mt="sm" onClick={() => void targets.refetch()}>
            {t('app.retry')}
          </Button>
        </Alert>
      )}
    </Stack>
  );
}
