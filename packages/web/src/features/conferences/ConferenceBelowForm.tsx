import { Skeleton, Stack } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { TabPanelProps } from '../../resources/customization.ts';
import { SpeakersPanel } from './SpeakersPanel.tsx';

const LifecycleActions = lazy(() =>
  import('../lifecycle/LifecycleActions.tsx').then((m) => ({ default: m.LifecycleActions })),
);

/**
 * Under the info form of a saved conference, as under an event's: take it live and end it
 * (features/lifecycle), then its speakers in order.
 */
export function ConferenceBelowForm(props: TabPanelProps & { tab: string | null }) {
  return (
    <>
      {(props.tab === null || props.tab === 'info') && (
        <Suspense fallback={<Skeleton h={120} radius="lg" maw={980} />}>
          <Stack gap="lg" maw={980} mt="lg">
            <LifecycleActions resource="business-players" id={Number(props.record.id)} />
          </Stack>
        </Suspense>
      )}
      <SpeakersPanel {...props} />
    </>
  );
}
