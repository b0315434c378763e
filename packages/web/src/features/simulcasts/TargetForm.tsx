import { Button, Group, PasswordInput, TextInput } from '@mantine/core';
import { SIMULCAST_LIMITS, type SimulcastTarget, type TargetUpdateBody } from '@regie/contract/simulcast';
import { type FormEvent, useState } from 'react';
import { useT } from '../../i18n/use-t.ts';

/**
 * A target's name, URL and key. Adding, the key is required; changing, an empty key keeps the
 * saved one (which is never shown: only its hint).
 */
export function TargetForm({
  target,
  busy,
  onSubmit,
  onCancel,
}: {
  target?: SimulcastTarget;
  busy: boolean;
  onSubmit: (body: TargetUpdateBody) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const t = useT();
  const [name, setName] = useState(target?.name ?? '');
  const [url, setUrl] = useState(target?.url ?? '');
  const [streamKey, setStreamKey] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: TargetUpdateBody = { name: name.trim(), url: url.trim(), ...(streamKey ? { streamKey } : {}) };
    void onSubmit(body).then(() => {
      setStreamKey('');
      if (!target) {
        setName('');
        setUrl('');
      }
    });
  };
  return (
    <form onSubmit={submit}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label={t('simulcast.targets.name')}
          required
          maxLength={SIMULCAST_LIMITS.nameMax}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <TextInput
          label={t('simulcast.targets.url')}
          required
          type="url"
          maxLength={SIMULCAST_LIMITS.urlMax}
          placeholder="rtmps://"
          value={url}
          onChange={(event) => setUrl(event.currentTarget.value)}
          miw={280}
        />
        <PasswordInput
          label={target ? t('simulcast.targets.keyKeep', { hint: target.streamKeyHint }) : t('simulcast.targets.key')}
          required={!target}
          autoComplete="off"
          maxLength={SIMULCAST_LIMITS.keyMax}
          value={streamKey}
          onChange={(event) => setStreamKey(event.currentTarget.value)}
        />
        <Button type="submit" loading={busy}>
          {target ? t('simulcast.targets.save') : t('simulcast.targets.add')}
        </Button>
        {onCancel && (
          <Button variant="default" onClick={onCancel}>
            {t('simulcast.targets.cancel')}
          </Button>
        )}
      </Group>
    </form>
  );
}
