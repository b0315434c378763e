import { Alert, Button, Group, NumberInput, Skeleton, Stack, Text } from '@mantine/core';
import { GAME_LIMITS } from '@regie/contract/games';
import type { CalculateResponse, PredictorGame } from '@regie/contract/games.schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateTimeFormat } from '../../i18n/dates.ts';
import { useT } from '../../i18n/use-t.ts';
import type { EventTabProps } from '../events/event-tabs.tsx';
import { Contestants, CreateGame, GameSection, Prizes } from './GamePanels.tsx';
import { useCalculate, useCanWriteGame, useEventGame, useUpdateGame } from './game-calls.ts';

function Goals({ label, value, onChange }: { label: string; value: number; onChange: (value: number) => void }) {
  return (
    <NumberInput
      label={label}
      min={0}
      max={GAME_LIMITS.scoreMax}
      allowDecimal={false}
      value={value}
      onChange={(next) => onChange(typeof next === 'number' ? next : 0)}
      w={140}
    />
  );
}

/** The game's points for the exact score and the right result. */
function Points({ game, canWrite }: { game: PredictorGame; canWrite: boolean }) {
  const t = useT();
  const save = useUpdateGame('predictor', game.eventId, game.id);
  const [exact, setExact] = useState(game.exactScorePoints);
  const [right, setRight] = useState(game.rightResultPoints);
  const changed = exact !== game.exactScorePoints || right !== game.rightResultPoints;
  return (
    <GameSection title={t('games.predictor.points')}>
      <Group align="flex-end" gap="sm">
        {[
          ['games.settings.field.exactScorePoints', exact, setExact] as const,
          ['games.settings.field.rightResultPoints', right, setRight] as const,
        ].map(([key, value, set]) => (
          <NumberInput
            key={key}
            label={t(key)}
            min={0}
            max={100}
            allowDecimal={false}
            readOnly={!canWrite}
            value={value}
            onChange={(next) => set(typeof next === 'number' ? next : 0)}
            w={220}
          />
        ))}
        {canWrite && (
          <Button
            variant="light"
            disabled={!changed}
            loading={save.isPending}
            onClick={() => save.mutate({ exactScorePoints: exact, rightResultPoints: right })}
          >
            {t('games.predictor.savePoints')}
          </Button>
        )}
      </Group>
    </GameSection>
  );
}

/** The final score and the calculation (safe to run again: same points). */
function Calculate({ game, canWrite }: { game: PredictorGame; canWrite: boolean }) {
  const t = useT();
  const calculate = useCalculate(game.eventId, game.id);
  const [home, setHome] = useState(game.finalScore?.home ?? 0);
  const [away, setAway] = useState(game.finalScore?.away ?? 0);
  const [last, setLast] = useState<CalculateResponse | null>(null);
  return (
    <GameSection title={t('games.predictor.results')}>
      {!game.locked && <Text>{t('games.predictor.notLocked')}</Text>}
      {game.finalScore && (
        <Text>{t('games.predictor.finalScore', { home: game.finalScore.home, away: game.finalScore.away })}</Text>
      )}
      {canWrite && (
        <Group align="flex-end" gap="sm">
          <Goals label={t('games.predictor.homeGoals')} value={home} onChange={setHome} />
          <Goals label={t('games.predictor.awayGoals')} value={away} onChange={setAway} />
          <Button
            disabled={!game.locked}
            loading={calculate.isPending}
            onClick={() => calculate.mutate({ home, away }, { onSuccess: setLast })}
          >
            {t('games.predictor.calculate')}
          </Button>
        </Group>
      )}
      {last && (
        <Alert color="green" role="status">
          {t('games.predictor.calculated', {
            scored: last.scored,
            exact: last.exact,
            right: last.rightResult,
            missed: last.missed,
          })}
        </Alert>
      )}
    </GameSection>
  );
}

/** The event's predictor tab: the game, its points, the calculation, contestants, sponsors and gifts. */
export function PredictorTab({ eventId }: EventTabProps) {
  const t = useT();
  const { i18n } = useTranslation();
  const canWrite = useCanWriteGame('predictor');
  const game = useEventGame('predictor', eventId);
  if (game.isPending) return <Skeleton h={120} radius="lg" maw={980} />;
  if (game.isError) return <Alert color="red">{t('games.loadError')}</Alert>;
  if (!game.data) return <CreateGame kind="predictor" eventId={eventId} canWrite={canWrite} />;
  const current = game.data;
  const locks = dateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(current.locksAt),
  );
  return (
    <Stack gap="lg" maw={980}>
      <Text>
        {t(current.locked ? 'games.predictor.locked' : 'games.predictor.locksAt', { time: locks })}{' '}
        {t('games.predictor.predictions', { count: current.predictions })}
      </Text>
      <Points key={current.updatedAt} game={current} canWrite={canWrite} />
      <Calculate game={current} canWrite={canWrite} />
      <Contestants kind="predictor" gameId={current.id} />
      <Prizes owner="predictor" ownerId={current.id} canWrite={canWrite} />
    </Stack>
  );
}
