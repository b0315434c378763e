import { ActionIcon, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import {
  periodOf,
  RANKING_KINDS,
  RANKING_PATH_BY_KIND,
  type RankingKind,
  shiftDay,
  shiftMonth,
} from '@regie/contract/trivia.play';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { dateTimeFormat } from '../../i18n/dates.ts';
import { useT } from '../../i18n/use-t.ts';
import { RankingTable } from './RankingTable.tsx';

const today = () => new Date().toISOString().slice(0, 10);
const isKind = (value: string | null): value is RankingKind => RANKING_KINDS.some((kind) => kind === value);

/** "Week of 23 Nov 2026", "November 2026" in the user's language. */
function usePeriodLabel(kind: Exclude<RankingKind, 'global'>, day: string): string {
  const t = useT();
  const { i18n } = useTranslation();
  return useMemo(() => {
    const { from } = periodOf(kind, day);
    if (kind === 'month') {
      return dateTimeFormat(i18n.language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(from);
    }
    const date = dateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' }).format(from);
    return t('trivia.rankings.weekOf', { date });
  }, [kind, day, i18n.language, t]);
}

function PeriodPicker({
  kind,
  day,
  onChange,
}: {
  kind: Exclude<RankingKind, 'global'>;
  day: string;
  onChange: (day: string) => void;
}) {
  const t = useT();
  const label = usePeriodLabel(kind, day);
  const step = (direction: 1 | -1) =>
    onChange(kind === 'week' ? shiftDay(day, 7 * direction) : shiftMonth(day, direction));
  return (
    <Group gap="xs">
      <ActionIcon variant="default" onClick={() => step(-1)} aria-label={t(`trivia.rankings.previous.${kind}`)}>
        <IconChevronLeft size={16} aria-hidden />
      </ActionIcon>
      <Text fw={500} miw={180} ta="center" aria-live="polite">
        {label}
      </Text>
      <ActionIcon variant="default" onClick={() => step(1)} aria-label={t(`trivia.rankings.next.${kind}`)}>
        <IconChevronRight size={16} aria-hidden />
      </ActionIcon>
    </Group>
  );
}

/**
 * /trivia/rankings/list: the account's trivia rankings over every quiz, this week's or this
 * month's (or an earlier period's); the kind and the day live in the address.
 */
export function RankingsScreen() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const asked = params.get('kind');
  const kind: RankingKind = isKind(asked) ? asked : 'global';
  const day = params.get('date') ?? today();
  const choose = (next: RankingKind, nextDay?: string) =>
    setParams(next === 'global' ? {} : { kind: next, ...(nextDay ? { date: nextDay } : {}) });
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <SegmentedControl
          value={kind}
          onChange={(value) => isKind(value) && choose(value)}
          aria-label={t('trivia.rankings.kind')}
          data={RANKING_KINDS.map((value) => ({ value, label: t(`trivia.rankings.kind.${value}`) }))}
        />
        {kind !== 'global' && <PeriodPicker kind={kind} day={day} onChange={(next) => choose(kind, next)} />}
      </Group>
      <RankingTable
        key={`${kind}-${kind === 'global' ? '' : day}`}
        path={RANKING_PATH_BY_KIND[kind]}
        {...(kind === 'global' ? {} : { date: day })}
        label={t(`trivia.rankings.kind.${kind}`)}
      />
    </Stack>
  );
}
