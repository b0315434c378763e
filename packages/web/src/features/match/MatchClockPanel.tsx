import { ActionIcon, Button, Group, Kbd, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import type { MessageKey } from '@regie/contract/i18n/en';
import { MATCH_PERIODS, type MatchPeriod, PERIOD_KEYS } from '@regie/contract/match-clock';
import { IconPlayerTrackNext, IconX } from '@tabler/icons-react';
import { type RefObject, useEffect, useRef } from 'react';
import { useT } from '../../i18n/use-t.ts';
import { isTypingTarget } from '../markers/use-marker-keys.ts';
import { type Draft, periodsOf, useEventPeriods } from './match-clock-calls.ts';

/**
 * The markers tab's match clock: where each period kicks off in the event's video. A button per
 * period (or Alt + its number, anywhere but in a field) sets it at the player's position and
 * saves at once, during the live as on the replay; the fields take typed seconds, saved with the
 * save button. The server moves every imported marker with them (their changes come back on the
 * event's channel, so the timeline follows).
 */
export function MatchClockPanel({ eventId, media }: { eventId: number; media: RefObject<HTMLVideoElement | null> }) {
  const t = useT();
  const { draft, setDraft, save, dirty, loaded } = useEventPeriods(eventId);
  const latest = useRef({ draft, save });
  latest.current = { draft, save };

  const kickOff = (period: MatchPeriod) => {
    const position = Math.round((media.current?.currentTime ?? 0) * 10) / 10;
    const next: Draft = { ...latest.current.draft, [period]: position };
    setDraft(next);
    latest.current.save(periodsOf(next));
  };

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!event.altKey || event.ctrlKey || event.metaKey || event.repeat || isTypingTarget(event.target)) return;
      const period = MATCH_PERIODS.find((candidate) => event.code === `Digit${PERIOD_KEYS[candidate]}`);
      if (!period) return;
      event.preventDefault();
      kickOffRef.current(period);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
  const kickOffRef = useRef(kickOff);
  kickOffRef.current = kickOff;

  const name = (period: MatchPeriod) => t(`match.clock.period.${period}` as MessageKey);
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="match-clock-title">
      <Title order={2} size="h5" id="match-clock-title" mb={4}>
        {t('match.clock.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('match.clock.intro')}
      </Text>
      <Stack gap="xs">
        {MATCH_PERIODS.map((period) => (
          <Group key={period} gap="xs" wrap="nowrap" align="flex-end">
            <Button
              variant="light"
              size="xs"
              leftSection={<IconPlayerTrackNext size={14} aria-hidden />}
              rightSection={<Kbd size="xs">{t('match.clock.keyHint', { key: PERIOD_KEYS[period] })}</Kbd>}
              aria-keyshortcuts={`Alt+${PERIOD_KEYS[period]}`}
              disabled={!loaded}
              onClick={() => kickOff(period)}
              style={{ flex: '0 0 auto' }}
            >
              {t('match.clock.kickOff', { period: name(period) })}
            </Button>
            <NumberInput
              size="xs"
              label={t('match.clock.startsAt', { period: name(period) })}
              min={0}
              step={0.1}
              decimalScale={1}
              value={draft[period] ?? ''}
              onChange={(value) => setDraft({ ...draft, [period]: typeof value === 'number' ? value : null })}
              style={{ flex: 1 }}
              data-testid={`period-${period}`}
            />
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t('match.clock.clear', { period: name(period) })}
              onClick={() => setDraft({ ...draft, [period]: null })}
              disabled={draft[period] === null || draft[period] === undefined}
              mb={2}
            >
              <IconX size={16} aria-hidden />
            </ActionIcon>
          </Group>
        ))}
      </Stack>
      <Group mt="sm" gap="sm">
        <Button size="xs" onClick={() => save(periodsOf(draft))} disabled={!dirty}>
          {t('match.clock.save')}
        </Button>
        {dirty && (
          <Text size="xs" c="dimmed">
            {t('match.clock.unsaved')}
          </Text>
        )}
      </Group>
    </Paper>
  );
}
