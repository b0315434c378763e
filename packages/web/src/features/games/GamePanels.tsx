import { Button, Card, Group, NumberInput, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { GAME_LIMITS, type GameKind, type PrizeOwner } from '@regie/contract/games';
import type { Gift, Sponsor } from '@regie/contract/games.schemas';
import { IconDownload, IconPencil, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useId, useState } from 'react';
import { useT } from '../../i18n/use-t.ts';
import {
  useContestants,
  useCreateGame,
  useExportContestants,
  useGifts,
  useRemovePrize,
  useSavePrize,
  useSponsors,
} from './game-calls.ts';

/** A titled card of a game tab. */
export function GameSection({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <Card withBorder radius="lg" p="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId}>
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

/** The event has no game of this kind yet: say what it is and offer to make it. */
export function CreateGame({ kind, eventId, canWrite }: { kind: GameKind; eventId: number; canWrite: boolean }) {
  const t = useT();
  const create = useCreateGame(kind, eventId);
  return (
    <GameSection title={t(`games.${kind}.none`)}>
      <Text>{t(`games.${kind}.intro`)}</Text>
      <Group>
        <Button disabled={!canWrite} loading={create.isPending} onClick={() => create.mutate(undefined)}>
          {t(`games.${kind}.create`)}
        </Button>
      </Group>
    </GameSection>
  );
}

/** The fans who played: how many, the first of them, and the CSV of all. */
export function Contestants({ kind, gameId }: { kind: GameKind; gameId: number }) {
  const t = useT();
  const contestants = useContestants(kind, gameId);
  const exported = useExportContestants(kind, gameId);
  const count = contestants.data?.count ?? 0;
  return (
    <GameSection title={t('games.contestants.title')}>
      <Group justify="space-between">
        <Text aria-live="polite">{t('games.contestants.count', { count })}</Text>
        <Button
          variant="light"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={exported.isPending}
          disabled={count === 0}
          onClick={() => exported.mutate(undefined)}
        >
          {t('games.contestants.export')}
        </Button>
      </Group>
      {count > 0 && (
        <Table.ScrollContainer minWidth={480}>
          <Table striped aria-label={t('games.contestants.title')}>
            <Table.Thead>
              <Table.Tr>
                {kind === 'predictor' && <Table.Th>{t('games.contestants.rank')}</Table.Th>}
                <Table.Th>{t('games.contestants.fan')}</Table.Th>
                <Table.Th>
                  {t(kind === 'predictor' ? 'games.contestants.prediction' : 'games.contestants.vote')}
                </Table.Th>
                {kind === 'predictor' && <Table.Th>{t('games.contestants.points')}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {contestants.data?.rows.map((row) => (
                <Table.Tr key={row.fanId}>
                  {'rank' in row && <Table.Td>{row.rank ?? '–'}</Table.Td>}
                  <Table.Td>
                    {row.nickname}{' '}
                    <Text span c="dimmed" size="sm">
                      {row.email}
                    </Text>
                  </Table.Td>
                  <Table.Td>{'home' in row ? `${row.home} – ${row.away}` : row.challenger}</Table.Td>
                  {'points' in row && <Table.Td>{row.points ?? '–'}</Table.Td>}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </GameSection>
  );
}

/** What an empty optional field sends. */
const optional = (value: string) => (value.trim() === '' ? null : value.trim());

function PrizeList({
  items,
  label,
  canWrite,
  onEdit,
  onRemove,
  describe,
}: {
  items: readonly (Sponsor | Gift)[];
  label: string;
  canWrite: boolean;
  onEdit: (item: Sponsor | Gift) => void;
  onRemove: (id: number) => void;
  describe: (item: Sponsor | Gift) => string;
}) {
  const t = useT();
  if (items.length === 0) return <Text c="dimmed">{t('games.prizes.none')}</Text>;
  return (
    <Stack gap={4} component="ul" aria-label={label} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {items.map((item) => (
        <Group key={item.id} component="li" justify="space-between" wrap="nowrap">
          <Text>
            {item.link ? (
              <a href={item.link} target="_blank" rel="noreferrer">
                {item.name}
              </a>
            ) : (
              item.name
            )}{' '}
            <Text span c="dimmed" size="sm">
              {describe(item)}
            </Text>
          </Text>
          {canWrite && (
            <Group gap={4} wrap="nowrap">
              <Button
                variant="subtle"
                size="xs"
                aria-label={t('games.prizes.edit', { name: item.name })}
                onClick={() => onEdit(item)}
              >
                <IconPencil size={16} aria-hidden />
              </Button>
              <Button
                variant="subtle"
                color="red"
                size="xs"
                aria-label={t('games.prizes.remove', { name: item.name })}
                onClick={() => onRemove(item.id)}
              >
                <IconTrash size={16} aria-hidden />
              </Button>
            </Group>
          )}
        </Group>
      ))}
    </Stack>
  );
}

/** The name, image and link fields a sponsor and a gift share; `editing` is the one being changed. */
function usePrizeFields() {
  const [name, setName] = useState('');
  const [imageUrl, setImageUrl] = useState('');
  const [link, setLink] = useState('');
  const [editing, setEditing] = useState<number | null>(null);
  return {
    values: { name, imageUrl: optional(imageUrl), link: optional(link) },
    editing,
    load: (item: Sponsor | Gift) => {
      setName(item.name);
      setImageUrl(item.imageUrl ?? '');
      setLink(item.link ?? '');
      setEditing(item.id);
    },
    reset: () => {
      setName('');
      setImageUrl('');
      setLink('');
      setEditing(null);
    },
    fields: (t: ReturnType<typeof useT>, prefix: string) => (
      <>
        <TextInput
          label={t('games.prizes.name')}
          required
          maxLength={GAME_LIMITS.nameMax}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          id={`${prefix}-name`}
        />
        <TextInput
          label={t('games.prizes.imageUrl')}
          type="url"
          placeholder="https://"
          value={imageUrl}
          onChange={(event) => setImageUrl(event.currentTarget.value)}
          id={`${prefix}-image`}
        />
        <TextInput
          label={t('games.prizes.link')}
          type="url"
          placeholder="https://"
          value={link}
          onChange={(event) => setLink(event.currentTarget.value)}
          id={`${prefix}-link`}
        />
      </>
    ),
  };
}

/** Save (add, or change the one loaded) and, while changing, cancel. */
function PrizeFormButtons({
  editing,
  pending,
  addLabel,
  onCancel,
}: {
  editing: boolean;
  pending: boolean;
  addLabel: string;
  onCancel: () => void;
}) {
  const t = useT();
  return (
    <>
      <Button type="submit" variant="light" loading={pending}>
        {editing ? t('games.prizes.save') : addLabel}
      </Button>
      {editing && (
        <Button variant="subtle" onClick={onCancel}>
          {t('games.prizes.cancel')}
        </Button>
      )}
    </>
  );
}

/**
 * The sponsors and gifts (a gift for a range of ranks) of a game, or of a quiz (owner 'trivia'):
 * listed, added, changed (the pencil loads one into the form) and removed.
 */
export function Prizes({ owner, ownerId, canWrite }: { owner: PrizeOwner; ownerId: number; canWrite: boolean }) {
  const t = useT();
  const sponsors = useSponsors(owner, ownerId);
  const gifts = useGifts(owner, ownerId);
  const saveSponsor = useSavePrize(owner, ownerId, 'sponsor');
  const saveGift = useSavePrize(owner, ownerId, 'gift');
  const removeSponsor = useRemovePrize(owner, ownerId, 'sponsor');
  const removeGift = useRemovePrize(owner, ownerId, 'gift');
  const sponsorFields = usePrizeFields();
  const giftFields = usePrizeFields();
  const [rankFrom, setRankFrom] = useState<number>(1);
  const [rankTo, setRankTo] = useState<number>(1);
  const ranks = (item: Sponsor | Gift) =>
    'rankFrom' in item
      ? item.rankFrom === item.rankTo
        ? t('games.gifts.rank', { rank: item.rankFrom })
        : t('games.gifts.ranks', { from: item.rankFrom, to: item.rankTo })
      : '';
  const resetGift = () => {
    giftFields.reset();
    setRankFrom(1);
    setRankTo(1);
  };
  return (
    <>
      <GameSection title={t('games.sponsors.title')}>
        <PrizeList
          items={sponsors.data?.data ?? []}
          label={t('games.sponsors.title')}
          canWrite={canWrite}
          onEdit={sponsorFields.load}
          onRemove={(id) => removeSponsor.mutate(id)}
          describe={() => ''}
        />
        {canWrite && (
          <form
            aria-label={t(sponsorFields.editing === null ? 'games.sponsors.add' : 'games.sponsors.edit')}
            onSubmit={(event) => {
              event.preventDefault();
              saveSponsor.mutate(
                { id: sponsorFields.editing, body: sponsorFields.values },
                { onSuccess: sponsorFields.reset },
              );
            }}
          >
            <Group align="flex-end" gap="sm">
              {sponsorFields.fields(t, `${owner}-sponsor`)}
              <PrizeFormButtons
                editing={sponsorFields.editing !== null}
                pending={saveSponsor.isPending}
                addLabel={t('games.sponsors.add')}
                onCancel={sponsorFields.reset}
              />
            </Group>
          </form>
        )}
      </GameSection>
      <GameSection title={t('games.gifts.title')}>
        <PrizeList
          items={gifts.data?.data ?? []}
          label={t('games.gifts.title')}
          canWrite={canWrite}
          onEdit={(item) => {
            giftFields.load(item);
            if ('rankFrom' in item) {
              setRankFrom(item.rankFrom);
              setRankTo(item.rankTo);
            }
          }}
          onRemove={(id) => removeGift.mutate(id)}
          describe={ranks}
        />
        {canWrite && (
          <form
            aria-label={t(giftFields.editing === null ? 'games.gifts.add' : 'games.gifts.edit')}
            onSubmit={(event) => {
              event.preventDefault();
              saveGift.mutate(
                { id: giftFields.editing, body: { ...giftFields.values, rankFrom, rankTo } },
                { onSuccess: resetGift },
              );
            }}
          >
            <Group align="flex-end" gap="sm">
              {giftFields.fields(t, `${owner}-gift`)}
              <NumberInput
                label={t('games.gifts.rankFrom')}
                min={1}
                max={GAME_LIMITS.rankMax}
                allowDecimal={false}
                value={rankFrom}
                onChange={(value) => setRankFrom(typeof value === 'number' ? value : 1)}
                w={120}
              />
              <NumberInput
                label={t('games.gifts.rankTo')}
                min={1}
                max={GAME_LIMITS.rankMax}
                allowDecimal={false}
                value={rankTo}
                onChange={(value) => setRankTo(typeof value === 'number' ? value : 1)}
                w={120}
              />
              <PrizeFormButtons
                editing={giftFields.editing !== null}
                pending={saveGift.isPending}
                addLabel={t('games.gifts.add')}
                onCancel={resetGift}
              />
            </Group>
          </form>
        )}
      </GameSection>
    </>
  );
}
