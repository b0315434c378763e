import { Alert, Badge, Button, Group, MultiSelect, Progress, Skeleton, Stack, Text } from '@mantine/core';
import type { MotmGame } from '@regie/contract/games.schemas';
import { IconPlayerPlay, IconPlayerStop } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateTimeFormat } from '../../i18n/dates.ts';
import { useT } from '../../i18n/use-t.ts';
import { LazyDateTimeField } from '../../widgets/LazyDateTimeField.tsx';
import type { EventTabProps } from '../events/event-tabs.tsx';
import { Contestants, CreateGame, GameSection, Prizes } from './GamePanels.tsx';
import { useCanWriteGame, useEventGame, useLiveResults, useMotmNow, useUpdateGame } from './game-calls.ts';

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

/** The voting window in force (the game's own, else from the account's settings), run from here. */
function VotingWindow({ game, canWrite }: { game: MotmGame; canWrite: boolean }) {
  const t = useT();
  const { i18n } = useTranslation();
  const open = useMotmNow(game.eventId, game.id, 'open');
  const close = useMotmNow(game.eventId, game.id, 'close');
  const format = dateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const time = (value: string | null) => (value ? format.format(new Date(value)) : t('games.motm.unset'));
  return (
    <Group gap="sm">
      <Badge color={game.window.open ? 'green' : 'gray'} variant="dot" radius="sm" tt="none">
        {t(game.window.open ? 'games.motm.open' : 'games.motm.closed')}
      </Badge>
      <Text>{t('games.motm.window', { opens: time(game.window.opensAt), closes: time(game.window.closesAt) })}</Text>
      {canWrite &&
        (game.window.open ? (
          <Button
            color="red"
            variant="light"
            leftSection={<IconPlayerStop size={16} aria-hidden />}
            loading={close.isPending}
            onClick={() => close.mutate(undefined)}
          >
            {t('games.motm.closeNow')}
          </Button>
        ) : (
          <Button
            leftSection={<IconPlayerPlay size={16} aria-hidden />}
            loading={open.isPending}
            onClick={() => open.mutate(undefined)}
          >
            {t('games.motm.openNow')}
          </Button>
        ))}
    </Group>
  );
}

/** The form's value of a stored time: the same instant, to compare with what the picker gives. */
const sameInstant = (a: string | null, b: string | null) =>
  a === b || (a !== null && b !== null && Date.parse(a) === Date.parse(b));

/** The game's own voting times (24-hour pickers, spec §5); left empty, they come from the account's settings. */
function OwnWindow({ game, canWrite }: { game: MotmGame; canWrite: boolean }) {
  const t = useT();
  const save = useUpdateGame('motm', game.eventId, game.id);
  const [opens, setOpens] = useState<string | null>(game.opensAt);
  const [closes, setCloses] = useState<string | null>(game.closesAt);
  const changed = !sameInstant(opens, game.opensAt) || !sameInstant(closes, game.closesAt);
  const iso = (local: string) => dayjs(local).toISOString();
  return (
    <GameSection title={t('games.motm.ownWindow')}>
      <Text c="dimmed">{t('games.motm.ownWindowHint')}</Text>
      <Group align="flex-end" gap="sm">
        <LazyDateTimeField
          label={t('games.motm.opensAt')}
          disabled={!canWrite}
          value={opens}
          onChange={(next) => setOpens(iso(next))}
          onClear={() => setOpens(null)}
          w={220}
        />
        <LazyDateTimeField
          label={t('games.motm.closesAt')}
          disabled={!canWrite}
          value={closes}
          onChange={(next) => setCloses(iso(next))}
          onClear={() => setCloses(null)}
          w={220}
        />
        {canWrite && (
          <Button
            variant="light"
            disabled={!changed}
            loading={save.isPending}
            onClick={() => save.mutate({ opensAt: opens, closesAt: closes })}
          >
            {t('games.motm.saveWindow')}
          </Button>
        )}
      </Group>
    </GameSection>
  );
}

/**
 * Who fans may vote for: some of the players of both teams (the event's challengers of type
 * player), in the order picked; empty saves "all of them".
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
      {game.eligible.length === 0 && <Alert color="yellow">{t('games.motm.noPlayers')}</Alert>}
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
      <VotingWindow game={current} canWrite={canWrite} />
      <OwnWindow key={current.updatedAt} game={current} canWrite={canWrite} />
      <Candidates key={`candidates-${current.updatedAt}`} game={current} canWrite={canWrite} />
      <LiveResults game={current} />
      <Contestants kind="motm" gameId={current.id} />
      <Prizes owner="motm" ownerId={current.id} canWrite={canWrite} />
    </Stack>
  );
}
