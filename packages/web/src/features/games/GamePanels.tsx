import { Button, Card, Group, NumberInput, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { GAME_LIMITS, type GameKind } from '@regie/contract/games';
import type { Gift, Sponsor } from '@regie/contract/games.schemas';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useId, useState } from 'react';
import { useT } from '../../i18n/use-t.ts';
import {
  useAddGift,
  useAddSponsor,
  useContestants,
  useCreateGame,
  useExportContestants,
  useGifts,
  useRemovePrize,
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
  onRemove,
  describe,
}: {
  items: readonly (Sponsor | Gift)[];
  label: string;
  canWrite: boolean;
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
            <Button
              variant="subtle"
              color="red"
              size="xs"
              aria-label={t('games.prizes.remove', { name: item.name })}
              onClick={() => onRemove(item.id)}
            >
              <IconTrash size={16} aria-hidden />
            </Button>
          )}
        </Group>
      ))}
    </Stack>
  );
}

/** The name, image and link fields a sponsor and a gift share. */
function usePrizeFields() {
  const [name, setName] = useState('');
  const [imageUrl, setImageUrl] = useState('');
  const [link, setLink] = useState('');
  return {
    values: { name, imageUrl: optional(imageUrl), link: optional(link) },
    reset: () => {
      setName('');
      setImageUrl('');
      setLink('');
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

/** The game's sponsors and gifts (a gift for a range of ranks). */
export function Prizes({ kind, gameId, canWrite }: { kind: GameKind; gameId: number; canWrite: boolean }) {
  const t = useT();
  const sponsors = useSponsors(kind, gameId);
  const gifts = useGifts(kind, gameId);
  const addSponsor = useAddSponsor(kind, gameId);
  const addGift = useAddGift(kind, gameId);
  const removeSponsor = useRemovePrize(kind, gameId, 'sponsor');
  const removeGift = useRemovePrize(kind, gameId, 'gift');
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
  return (
    <>
      <GameSection title={t('games.sponsors.title')}>
        <PrizeList
          items={sponsors.data?.data ?? []}
          label={t('games.sponsors.title')}
          canWrite={canWrite}
          onRemove={(id) => removeSponsor.mutate(id)}
          describe={() => ''}
        />
        {canWrite && (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              addSponsor.mutate(sponsorFields.values, { onSuccess: sponsorFields.reset });
            }}
          >
            <Group align="flex-end" gap="sm">
              {sponsorFields.fields(t, `${kind}-sponsor`)}
              <Button type="submit" variant="light" loading={addSponsor.isPending}>
                {t('games.sponsors.add')}
              </Button>
            </Group>
          </form>
        )}
      </GameSection>
      <GameSection title={t('games.gifts.title')}>
        <PrizeList
          items={gifts.data?.data ?? []}
          label={t('games.gifts.title')}
          canWrite={canWrite}
          onRemove={(id) => removeGift.mutate(id)}
          describe={ranks}
        />
        {canWrite && (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              addGift.mutate({ ...giftFields.values, rankFrom, rankTo }, { onSuccess: giftFields.reset });
            }}
          >
            <Group align="flex-end" gap="sm">
              {giftFields.fields(t, `${kind}-gift`)}
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
              <Button type="submit" variant="light" loading={addGift.isPending}>
                {t('games.gifts.add')}
              </Button>
            </Group>
          </form>
        )}
      </GameSection>
    </>
  );
}
