import { Alert, Badge, Button, Group, MultiSelect, Progress, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import type { MotmGame } from '@regie/contract/games.schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useT } from '../../i18n/use-t.ts';
import type { EventTabProps } from '../events/event-tabs.tsx';
import { Contestants, CreateGame, GameSection, Prizes } from './GamePanels.tsx';
import { useCanWriteGame, useEventGame, useLiveResults, useUpdateGame } from './game-calls.ts';

/** Each candidate's votes and share, replaced live as votes arrive. */
function LiveResults({ game }: { game: MotmGame }) {
  const t = useT();
  const results = useLiveResults(game);
  const names = new Map(game.candidates.map((candidate) => [candidate.challengerId, candidate.name]));
  const rows = results.data?.results ?? [];
  return (
    <GameSection title={t('games.motm.results')}>
      <Text aria-live="polite">{t('games.motm.votes', { count: results.data?.total ?? 0 })}</Text>
      <Stack
        gap="xs"
        component="ul"
        aria-label={t('games.motm.results')}
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {rows.map((row) => {
          const name = names.get(row.challengerId) ?? `#${row.challengerId}`;
          return (
            <li key={row.challengerId}>
              <Group justify="space-between">
                <Text>{name}</Text>
                <Text>{t('games.motm.share', { votes: row.votes, percent: row.percent })}</Text>
              </Group>
              <Progress value={row.percent} aria-label={t('games.motm.shareOf', { name })} />
            </li>
          );
        })}
      </Stack>
    </GameSection>
  );
}

/** The voting window in force (the game's own, else from the account's settings). */
function VotingWindow({ game }: { game: MotmGame }) {
  const t = useT();
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const time = (value: string | null) => (value ? format.format(new Date(value)) : t('games.motm.unset'));
  return (
    <Group gap="sm">
      <Badge color={game.window.open ? 'green' : 'gray'} variant="dot" radius="sm" tt="none">
        {t(game.window.open ? 'games.motm.open' : 'games.motm.closed')}
      </Badge>
      <Text>{t('games.motm.window', { opens: time(game.window.opensAt), closes: time(game.window.closesAt) })}</Text>
    </Group>
  );
}

/** An ISO time as a datetime-local input shows it (the browser's time zone), '' for none. */
function localInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}
const isoOf = (local: string) => (local === '' ? null : new Date(local).toISOString());

/** The game's own voting times; left empty, they come from the account's settings. */
function OwnWindow({ game, canWrite }: { game: MotmGame; canWrite: boolean }) {
  const t = useT();
  const save = useUpdateGame('motm', game.eventId, game.id);
  const [opens, setOpens] = useState(localInput(game.opensAt));
  const [closes, setCloses] = useState(localInput(game.closesAt));
  const changed = opens !== localInput(game.opensAt) || closes !== localInput(game.closesAt);
  return (
    <GameSection title={t('games.motm.ownWindow')}>
      <Text c="dimmed">{t('games.motm.ownWindowHint')}</Text>
      <Group align="flex-end" gap="sm">
        <TextInput
          type="datetime-local"
          label={t('games.motm.opensAt')}
          readOnly={!canWrite}
          value={opens}
          onChange={(event) => setOpens(event.currentTarget.value)}
        />
        <TextInput
          type="datetime-local"
          label={t('games.motm.closesAt')}
          readOnly={!canWrite}
          value={closes}
          onChange={(event) => setCloses(event.currentTarget.value)}
        />
        {canWrite && (
          <Button
            variant="light"
            disabled={!changed}
            loading={save.isPending}
            onClick={() => save.mutate({ opensAt: isoOf(opens), closesAt: isoOf(closes) })}
          >
            {t('games.motm.saveWindow')}
          </Button>
        )}
      </Group>
    </GameSection>
  );
}

/**
 * Who fans may vote for: some of the event's challengers, in the order picked; empty saves "all of
 * them" (the server then takes every challenger of the event).
 */
function Candidates({ game, canWrite }: { game: MotmGame; canWrite: boolean }) {
  const t = useT();
  const save = useUpdateGame('motm', game.eventId, game.id);
  const current = game.candidates.map((candidate) => String(candidate.challengerId));
  const [picked, setPicked] = useState<string[]>(current);
  const changed = picked.join(',') !== current.join(',');
  return (
    <GameSection title={t('games.motm.candidates')}>
      <Text c="dimmed">{t('games.motm.candidatesHint')}</Text>
      <Group align="flex-end" gap="sm">
        <MultiSelect
          label={t('games.motm.pickCandidates')}
          data={game.eligible.map((challenger) => ({ value: String(challenger.challengerId), label: challenger.name }))}
          value={picked}
          onChange={setPicked}
          readOnly={!canWrite}
          searchable={canWrite}
          clearable={canWrite}
          miw={320}
          style={{ flex: 1 }}
        />
        {canWrite && (
          <Button
            variant="light"
            disabled={!changed}
            loading={save.isPending}
            onClick={() => save.mutate({ candidateIds: picked.map(Number) })}
          >
            {t('games.motm.saveCandidates')}
          </Button>
        )}
      </Group>
    </GameSection>
  );
}

/** The event's motm tab: the window, the candidates, the live results, the voters, sponsors and gifts. */
export function MotmTab({ eventId }: EventTabProps) {
  const t = useT();
  const canWrite = useCanWriteGame('motm');
  const game = useEventGame('motm', eventId);
  if (game.isPending) return <Skeleton h={120} radius="lg" maw={980} />;
  if (game.isError) return <Alert color="red">{t('games.loadError')}</Alert>;
  if (!game.data) return <CreateGame kind="motm" eventId={eventId} canWrite={canWrite} />;
  const current = game.data;
  return (
    <Stack gap="lg" maw={980}>
      <VotingWindow game={current} />
      <OwnWindow key={current.updatedAt} game={current} canWrite={canWrite} />
      <Candidates key={`candidates-${current.updatedAt}`} game={current} canWrite={canWrite} />
      <LiveResults game={current} />
      <Contestants kind="motm" gameId={current.id} />
      <Prizes owner="motm" ownerId={current.id} canWrite={canWrite} />
    </Stack>
  );
}
