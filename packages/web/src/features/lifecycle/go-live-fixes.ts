import { resourcePath } from '@regie/contract/api';
import { gamePaths } from '@regie/contract/games';
import type { GoLiveCheck, GoLiveFix } from '@regie/contract/go-live';
import { eventsResource } from '@regie/contract/resources/events';
import { fillPath } from '@regie/contract/routes';
import { simulcastPaths } from '@regie/contract/simulcast';

/** One request of a fix: the call that owns the change, with that call's own rights. */
export interface FixCall {
  method: 'PUT' | 'POST';
  path: string;
  body?: Record<string, unknown>;
}

export const eventPath = (eventId: number) => `${resourcePath(eventsResource)}/${eventId}`;

/**
 * The calls that make one fix of the Go live checks (contract go-live.ts GoLiveFix). Modules are
 * added to the event's own list (`activatedModules` replaces the list: the current one is needed).
 */
export function fixCalls(
  eventId: number,
  fix: GoLiveFix,
  current: { activatedModules: readonly string[] },
  now: Date,
): FixCall[] {
  switch (fix.kind) {
    case 'publish':
      return [{ method: 'PUT', path: eventPath(eventId), body: { published: true } }];
    case 'activateModules': {
      const modules = [
        ...current.activatedModules,
        ...fix.modules.filter((m) => !current.activatedModules.includes(m)),
      ];
      return [{ method: 'PUT', path: eventPath(eventId), body: { activatedModules: modules } }];
    }
    case 'openVote':
      // Open from now; closing follows the account's settings (after the match's end).
      return [
        {
          method: 'PUT',
          path: gamePaths('motm').game(fix.gameId),
          body: { opensAt: now.toISOString(), closesAt: null },
        },
      ];
    case 'startTargets':
      return fix.targets.map(({ simulcastId, targetId }) => ({
        method: 'POST',
        path: simulcastPaths.start(simulcastId, targetId),
      }));
  }
}

/** The event tab where a check is set up, as a link. */
export function checkTabHref(eventId: number, check: Pick<GoLiveCheck, 'tab'>): string | null {
  return check.tab ? fillPath('/events/sports/edit/:id/:tab', { id: eventId, tab: check.tab }) : null;
}

/**
 * Whether the Go live button may be pressed: always when a camera receives; otherwise only once the
 * producer ticked "Go live without a camera" (the server refuses it too, 409).
 */
export function mayGoLive(checks: { needsCameraConfirmation: boolean }, withoutCamera: boolean): boolean {
  return !checks.needsCameraConfirmation || withoutCamera;
}
