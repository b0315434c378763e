import { Skeleton, Stack } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { TabPanelProps } from '../../resources/customization.ts';
import { EventModulesSync } from './EventTabPanel.tsx';

const LifecycleActions = lazy(() =>
  import('../lifecycle/LifecycleActions.tsx').then((m) => ({ default: m.LifecycleActions })),
);
const ControlRoomLink = lazy(() => import('../live/ControlRoomLink.tsx').then((m) => ({ default: m.ControlRoomLink })));
const AttachmentsPanel = lazy(() =>
  import('../attachments/AttachmentsPanel.tsx').then((m) => ({ default: m.AttachmentsPanel })),
);
const RepostPanel = lazy(() => import('../reposts/RepostPanel.tsx').then((m) => ({ default: m.RepostPanel })));

/**
 * Under the form of a saved event: on every form tab, the top bar learns which tabs its modules
 * open; on info, what staff do with the event besides its fields — take it live and end it
 * (features/lifecycle) or open its control room, its documents (features/attachments) and posting its video to the
 * social networks (features/reposts).
 */
export function EventBelowForm({ record, tab }: TabPanelProps & { tab: string | null }) {
  return (
    <>
      <EventModulesSync record={record} />
      {(tab === null || tab === 'info') && (
        <Suspense fallback={<Skeleton h={120} radius="lg" maw={980} />}>
          <Stack gap="lg" maw={980} mt="lg">
            <LifecycleActions resource="events" id={record.id} />
            <ControlRoomLink eventId={record.id} />
            <AttachmentsPanel eventId={record.id} />
            <RepostPanel eventId={record.id} />
          </Stack>
        </Suspense>
      )}
    </>
  );
}
