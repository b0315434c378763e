import type { SportEventTab } from '@regie/contract/events';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** What every tab body of the event's edit screen takes (ids are positive integers). */
export interface EventTabProps {
  eventId: number;
}

/**
 * The bodies of the sport event's tabs that are not its form, by tab (contract events.ts
 * SPORT_EVENT_TABS), each loaded when first opened. info, theme and settings are the event's
 * form (fields declared with their `tab`); a tab missing here and from the form shows the
 * 'not available yet' panel. Other domains' tabs join here: markers (features/markers/MarkersTab),
 * clip (features/clipping/EventClipTab), stats (features/stats/ContentStatsTab), graphics
 * (features/graphics/GraphicsTab), stream, multicam and 360 (features/live), predictor and motm
 * (features/games).
 */
export const EVENT_TAB_BODIES: {
  readonly [Tab in SportEventTab]?: LazyExoticComponent<ComponentType<EventTabProps>>;
} = {
  stream: lazy(() => import('../live/LiveStreamTab.tsx').then((m) => ({ default: m.EventStreamTab }))),
  multicam: lazy(() => import('../live/MulticamTab.tsx').then((m) => ({ default: m.MulticamTab }))),
  '360': lazy(() => import('../live/ImmersiveTab.tsx').then((m) => ({ default: m.ImmersiveTab }))),
  challengers: lazy(() => import('./ChallengersTab.tsx').then((m) => ({ default: m.ChallengersTab }))),
  markers: lazy(() => import('../markers/MarkersTab.tsx').then((m) => ({ default: m.MarkersTab }))),
  clip: lazy(() => import('../clipping/EventClipTab.tsx').then((m) => ({ default: m.EventClipTab }))),
  stats: lazy(() => import('../stats/ContentStatsTab.tsx').then((m) => ({ default: m.EventStatsTab }))),
  graphics: lazy(() => import('../graphics/GraphicsTab.tsx').then((m) => ({ default: m.GraphicsTab }))),
  chat: lazy(() => import('../chat/ChatTab.tsx').then((m) => ({ default: m.ChatTab }))),
  predictor: lazy(() => import('../games/PredictorTab.tsx').then((m) => ({ default: m.PredictorTab }))),
  motm: lazy(() => import('../games/MotmTab.tsx').then((m) => ({ default: m.MotmTab }))),
};

/** Tabs drawn by the generic edit form from the declaration's fields. */
export const EVENT_FORM_TABS: readonly SportEventTab[] = ['info', 'theme', 'settings'];
