import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import type { MessageKey } from '@regie/contract/i18n/en';
import type { LifecycleResource, LifecycleState, LifecycleTransition } from '@regie/contract/lifecycle';
import { useState } from 'react';
import { useT } from '../../i18n/use-t.ts';
import { ConfirmDialog } from '../../widgets/ConfirmDialog.tsx';
import { useLifecycle, useTransition } from './lifecycle-calls.ts';

/** The words that name the record: an event's, a conference's. */
const WORDS: Readonly<
  Record<
    LifecycleResource,
    { confirmTitle: MessageKey; confirmStart: MessageKey; confirmEnd: MessageKey; done: MessageKey }
  >
> = {
  events: {
    confirmTitle: 'lifecycle.confirmTitle',
    confirmStart: 'lifecycle.confirm.start-live',
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
          <Group gap="xs" align="flex-start">
            {data.transitions.map(({ transition, allowed, reason }) => (
              <Stack key={transition} gap={2}>
                <Button
                  size="xs"
                  color={transition === 'start-live' ? 'red' : 'dark'}
                  variant={transition === 'start-live' || transition === 'process-end-live' ? 'filled' : 'default'}
                  disabled={!allowed}
                  onClick={() => setAsked(transition)}
                >
                  {t(`lifecycle.transition.${transition}`)}
                </Button>
                {reason && (
                  <Text size="xs" c="dimmed">
                    {t(`lifecycle.reason.${reason}`)}
                  </Text>
                )}
              </Stack>
            ))}
          </Group>
        )}
        {moved && (
          <Text size="sm" role="status">
            {t(words.done, { state: stateLabel(moved) })}
          </Text>
        )}
      </Stack>
      <ConfirmDialog
        opened={asked !== null}
        title={t(words.confirmTitle)}
        confirmLabel={asked ? t(`lifecycle.transition.${asked}`) : ''}
        danger={asked !== 'start-live'}
        busy={move.isPending}
        onCancel={() => setAsked(null)}
        onConfirm={() =>
          asked &&
          move.mutate(asked, {
            onSuccess: (result) => setMoved(result.state),
            onSettled: () => setAsked(null),
          })
        }
      >
        <Text size="sm">{asked === 'start-live' ? t(words.confirmStart) : t(words.confirmEnd)}</Text>
      </ConfirmDialog>
    </Card>
  );
}
