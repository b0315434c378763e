import { Alert, Button, Group, Loader, NumberInput, Paper, Stack, Switch, Text } from '@mantine/core';
import { type Game, type GameSettingField, gameSettingFields, gameSettingsPaths } from '@regie/contract/games.settings';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useAction } from '../../api/action.ts';
import { useApi } from '../../api/api-context.ts';
import { useT } from '../../i18n/use-t.ts';
import { FIELD_TEXTS, GAME_INTROS, isFieldName } from './game-settings-fields.ts';

type Values = Readonly<Record<string, number | boolean>>;

const settingsKey = (game: Game) => ['games', 'settings', game] as const;

function isValues(value: unknown): value is Values {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every((item) => typeof item === 'number' || typeof item === 'boolean')
  );
}

function FieldControl({
  field,
  value,
  onChange,
}: {
  field: GameSettingField;
  value: number | boolean | undefined;
  onChange: (value: number | boolean) => void;
}) {
  const t = useT();
  if (!isFieldName(field.name)) return null;
  const texts = FIELD_TEXTS[field.name];
  if (field.kind === 'boolean') {
    return (
      <Switch
        label={t(texts.label)}
        description={t(texts.hint)}
        checked={value === true}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
    );
  }
  return (
    <NumberInput
      label={t(texts.label)}
      description={t(texts.hint)}
      value={typeof value === 'number' ? value : ''}
      min={field.min}
      max={field.max}
      allowDecimal={false}
      maw={360}
      onChange={(next) => typeof next === 'number' && onChange(next)}
    />
  );
}

/** A game's settings form: what is stored, the fields changed here, saved together. */
function GameSettingsForm({ game, stored }: { game: Game; stored: Values }) {
  const t = useT();
  const api = useApi();
  const [changes, setChanges] = useState<Values>({});
  const save = useAction((body: Values) => api.put<unknown>(gameSettingsPaths[game], body), {
    success: 'games.settings.saved',
    invalidate: [settingsKey(game)],
    onSuccess: () => setChanges({}),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(changes);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        {gameSettingFields(game).map((field) => (
          <FieldControl
            key={field.name}
            field={field}
            value={changes[field.name] ?? stored[field.name]}
            onChange={(value) => setChanges((current) => ({ ...current, [field.name]: value }))}
          />
        ))}
        <Group>
          <Button type="submit" loading={save.isPending} disabled={Object.keys(changes).length === 0}>
            {t('games.settings.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /account/gamification/{game}: the account's settings of one fan game (contract games.settings.ts). */
export function GameSettingsScreen({ game }: { game: Game }) {
  const t = useT();
  const api = useApi();
  const stored = useQuery({
    queryKey: settingsKey(game),
    queryFn: ({ signal }) => api.get<unknown>(gameSettingsPaths[game], undefined, { signal }),
  });
  return (
    <Paper withBorder radius="lg" p="xl" maw={880}>
      <Stack gap="lg">
        <Text c="dimmed">{t(GAME_INTROS[game])}</Text>
        {stored.isError && <Alert color="red">{t('games.settings.error')}</Alert>}
        {stored.isPending && <Loader size="sm" aria-label={t('app.loading')} />}
        {isValues(stored.data) && (
          <GameSettingsForm key={JSON.stringify(stored.data)} game={game} stored={stored.data} />
        )}
      </Stack>
    </Paper>
  );
}

export const TriviaSettingsScreen = () => <GameSettingsScreen game="trivia" />;
export const PredictorSettingsScreen = () => <GameSettingsScreen game="predictor" />;
export const MotmSettingsScreen = () => <GameSettingsScreen game="motm" />;
