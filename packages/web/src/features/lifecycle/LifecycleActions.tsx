import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import type { MessageKey } from '@regie/contract/i18n/en';
import type { LifecycleResource, LifecycleState, LifecycleTransition } from '@regie/contract/lifecycle';
import { useState } from 'react';
import { useT } from '../../i18n/use-t.ts';
import { ConfirmDialog } from '../../widgets/ConfirmDialog.tsx';
import { GoLiveDialog } from './GoLiveDialog.tsx';
import { useLifecycle, useTransition } from './lifecycle-calls.ts';

/** The words that name the record: an event's, a conference's. */
const WORDS: Readonly<
  Record<
    LifecycleResource,
    {
      confirmTitle: MessageKey;
      /** Null: going live opens the Go live checks instead of a question. */
      confirmStart: MessageKey | null;
      confirmEnd: MessageKey;
      done: MessageKey;
    }
  >
> = {
  events: {
    confirmTitle: 'lifecycle.confirmTitle',
    confirmStart: null,
    confirmEnd: 'lifecycle.confirm.end',
    done: 'lifecycle.done',
  },
  'business-players': {
    confirmTitle: 'conferences.lifecycle.confirmTitle',
    confirmStart: 'conferences.lifecycle.confirmStart',
    confirmEnd: 'conferences.lifecycle.confirmEnd',
    done: 'conferences.lifecycle.done',
  },
};

const STATE_COLOURS: Readonly<Record<LifecycleState, string>> = { upcoming: 'blue', live: 'red', replay: 'teal' };

/**
 * Go live / End live for an event or a conference (contract lifecycle.ts): the buttons of the
 * transitions that leave its state, each variant offered only when this user may call it
 * (otherwise disabled, saying why), a confirmation before each, and the new state once done.
 */
export function LifecycleActions({ resource, id }: { resource: LifecycleResource; id: number }) {
  const t = useT();
  const words = WORDS[resource];
  const status = useLifecycle(resource, id);
  const move = useTransition(resource, id);
  const [asked, setAsked] = useState<LifecycleTransition | null>(null);
  const [moved, setMoved] = useState<LifecycleState | null>(null);
  const data = status.data;
  if (!data) return null;
  const stateLabel = (state: LifecycleState) => t(`resource.events.state.${state}`);
  // A sport event goes live through its checks (what fans will get); a conference through a question.
  const checked = words.confirmStart === null;
  const run = (transition: LifecycleTransition, withoutCamera = false) =>
    move.mutate(
      { transition, withoutCamera },
      { onSuccess: (result) => setMoved(result.state), onSettled: () => setAsked(null) },
    );

  return (
    <Card withBorder padding="sm" component="section" aria-label={t('lifecycle.title')}>
      <Stack gap="xs">
        <Group gap="sm">
          <Text fw={600}>{t('lifecycle.title')}</Text>
          <Badge color={STATE_COLOURS[data.state]} variant="dot" tt="none" radius="sm" data-testid="lifecycle-state">
            {t('lifecycle.state', { state: stateLabel(data.state) })}
          </Badge>
        </Group>
        {data.transitions.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('lifecycle.none')}
          </Text>
        ) : (
          <>
            {/* Only what can run is a button; the variants this user or server cannot run say why in a line. */}
            <Group gap="xs" align="flex-start">
              {data.transitions
                .filter(({ allowed }) => allowed)
                .map(({ transition }) => (
                  <Button
                    key={transition}
                    size="xs"
                    color={transition === 'start-live' ? 'red' : 'dark'}
                    variant={transition === 'start-live' || transition === 'process-end-live' ? 'filled' : 'default'}
                    onClick={() => setAsked(transition)}
                  >
                    {t(`lifecycle.transition.${transition}`)}
                  </Button>
                ))}
            </Group>
            {data.transitions.map(
              ({ transition, reason }) =>
                reason && (
                  <Text key={transition} size="xs" c="dimmed" data-testid="lifecycle-unavailable">
                    {t(`lifecycle.unavailable.${reason}`, { action: t(`lifecycle.transition.${transition}`) })}
                  </Text>
                ),
            )}
          </>
        )}
        {moved && (
          <Text size="sm" role="status">
            {t(words.done, { state: stateLabel(moved) })}
          </Text>
        )}
      </Stack>
      {checked && (
        <GoLiveDialog
          eventId={id}
          opened={asked === 'start-live'}
          busy={move.isPending}
          onCancel={() => setAsked(null)}
          onGoLive={(withoutCamera) => run('start-live', withoutCamera)}
        />
      )}
      <ConfirmDialog
        opened={asked !== null && !(checked && asked === 'start-live')}
        title={t(words.confirmTitle)}
        confirmLabel={asked ? t(`lifecycle.transition.${asked}`) : ''}
        danger={asked !== 'start-live'}
        busy={move.isPending}
        onCancel={() => setAsked(null)}
        onConfirm={() => asked && run(asked)}
      >
        <Text size="sm">
          {asked === 'start-live' && words.confirmStart ? t(words.confirmStart) : t(words.confirmEnd)}
        </Text>
      </ConfirmDialog>
    </Card>
  );
}
