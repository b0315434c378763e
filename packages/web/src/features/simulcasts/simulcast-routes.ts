import type { MessageKey } from '@regie/contract/i18n/en';
import type { SimulcastProvider, SimulcastState, TargetStatus } from '@regie/contract/simulcast';

/** Where each provider's screens are (contract menu.ts: events/simulcasts and events/aws-simulcasts). */
export const SIMULCAST_ROUTES: Readonly<
  Record<SimulcastProvider, { list: string; create: string; edit: (id: number) => string }>
> = {
  local: {
    list: '/events/simulcasts/list',
    create: '/events/simulcasts/new',
    edit: (id) => `/events/simulcasts/edit/${id}/info`,
  },
  aws: {
    list: '/events/aws-simulcasts/list',
    create: '/events/aws-simulcasts/new',
    edit: (id) => `/events/aws-simulcasts/edit/${id}/info`,
  },
};

export const STATE_KEYS: Readonly<Record<SimulcastState, MessageKey>> = {
  idle: 'simulcast.state.idle',
  live: 'simulcast.state.live',
};

export const STATUS_KEYS: Readonly<Record<TargetStatus, MessageKey>> = {
  idle: 'simulcast.status.idle',
  starting: 'simulcast.status.starting',
  live: 'simulcast.status.live',
  retrying: 'simulcast.status.retrying',
  failed: 'simulcast.status.failed',
  stopped: 'simulcast.status.stopped',
};

export const STATUS_COLOURS: Readonly<Record<TargetStatus, string>> = {
  idle: 'gray',
  starting: 'blue',
  live: 'green',
  retrying: 'orange',
  failed: 'red',
  stopped: 'gray',
};

/** h:mm:ss since the target went live. */
export function uptimeText(liveSince: string | null, now: number): string | null {
  if (!liveSince) return null;
  const seconds = Math.max(0, Math.floor((now - Date.parse(liveSince)) / 1000));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  return `${hours}:${String(minutes).padStart(2, '0')}:${String(rest).padStart(2, '0')}`;
}
