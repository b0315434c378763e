import { isOneOf, isRecord } from '@regie/contract/guards';
import { MESSAGES_TOPIC, messageEventType, type RealtimeEvent } from '@regie/contract/realtime';
import { MESSAGE_TYPES } from '@regie/contract/ui';
import type { NewMessage } from '../api/notify.ts';

/**
 * A toast sent to the account (spec §7 `{accountId}/message` on MESSAGES_TOPIC) as the floating
 * area shows it (its timings are the area's: in 250 ms, 10 s on screen, out over 1 s), or null
 * for any other event, including another account's messages.
 */
export function toastFromEvent(event: RealtimeEvent, accountId: number | null): NewMessage | null {
  if (accountId === null || event.topic !== MESSAGES_TOPIC || event.type !== messageEventType(accountId)) return null;
  const payload = event.payload;
  if (!isRecord(payload) || typeof payload.text !== 'string' || !payload.text) return null;
  const type = isOneOf(MESSAGE_TYPES, payload.type) ? payload.type : 'info';
  return { type, text: payload.text, zone: 'floating' };
}
