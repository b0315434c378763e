import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { SIMULCAST_LIMITS, type SimulcastProvider } from '@regie/contract/simulcast';
import { type FormEvent, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useT } from '../../i18n/use-t.ts';
import { AwsStatusNote } from './AwsStatusNote.tsx';
import { useCreateSimulcast, useSimulcastSources } from './simulcast-calls.ts';
import { SIMULCAST_ROUTES } from './simulcast-routes.ts';

export interface SimulcastFields {
  name: string;
  inputId: number | null;
}

/** Name and live input of a simulcast; `busy` while the call runs. */
export function SimulcastFieldsForm({
  initial,
  submitLabel,
  busy,
  onSubmit,
}: {
  initial: SimulcastFields;
  submitLabel: string;
  busy: boolean;
  onSubmit: (fields: SimulcastFields) => void;
}) {
  const t = useT();
  const [name, setName] = useState(initial.name);
  const [inputId, setInputId] = useState<number | null>(initial.inputId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({ name: name.trim(), inputId });
  };
  return (
    <form onSubmit={submit}>
      <Stack gap="sm" maw={520}>
        <TextInput
          label={t('simulcast.form.name')}
          required
          maxLength={SIMULCAST_LIMITS.nameMax}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <SourceSelect value={inputId} onChange={setInputId} />
        {inputId === null && (
          <Text size="sm" c="dimmed">
            {t('simulcast.form.noInput')}
          </Text>
        )}
        <Group>
          <Button type="submit" loading={busy} disabled={name.trim() === ''}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The account's live inputs by name, with their state; cleared, the simulcast has no source. */
function SourceSelect({ value, onChange }: { value: number | null; onChange: (inputId: number | null) => void }) {
  const t = useT();
  const sources = useSimulcastSources();
  // The same options while the sources are the same (react-query keeps an unchanged answer's
  // identity); a source's new state changes its label in place (options are keyed by value).
  const data = useMemo(
    () =>
      (sources.data?.data ?? []).map((source) => ({
        value: String(source.id),
        label: `${source.name} (${t(`simulcast.source.${source.state}`)})`,
      })),
    [sources.data, t],
  );
  return (
    <Select
      label={t('simulcast.form.inputId')}
      description={t('simulcast.form.inputIdHint')}
      placeholder={sources.isPending ? t('simulcast.source.loading') : t('simulcast.source.choose')}
      data={data}
      value={value === null ? null : String(value)}
      onChange={(chosen) => onChange(chosen === null ? null : Number(chosen))}
      clearable
      searchable
      nothingFoundMessage={t('simulcast.source.none')}
      error={sources.isError ? t('simulcast.source.failed') : undefined}
    />
  );
}

function SimulcastNew({ provider }: { provider: SimulcastProvider }) {
  const t = useT();
  const navigate = useNavigate();
  const create = useCreateSimulcast((simulcast) => navigate(SIMULCAST_ROUTES[provider].edit(simulcast.id)));
  return (
    <Stack gap="md">
      {provider === 'aws' && <AwsStatusNote />}
      <SimulcastFieldsForm
        initial={{ name: '', inputId: null }}
        submitLabel={t('simulcast.form.create')}
        busy={create.isPending}
        onSubmit={(fields) => create.mutate({ ...fields, provider })}
      />
    </Stack>
  );
}

/** /events/simulcasts/new (tab info; stats opens once created). */
export function SimulcastNewScreen() {
  return <SimulcastNew provider="local" />;
}

/** /events/aws-simulcasts/new */
export function AwsSimulcastNewScreen() {
  return <SimulcastNew provider="aws" />;
}
