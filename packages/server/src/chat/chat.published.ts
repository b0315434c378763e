import { CHAT_EVENTS, type ChatEventType, chatTopic } from '@regie/contract/chat';
import type { Chat, ChatMessage } from '@regie/contract/chat.schemas';
import { accountTopic, type RealtimeHub } from '../realtime/realtime.hub.ts';

/**
 * Chat changes on the realtime channel (contract chat.ts CHAT_EVENTS): on the account's
 * `/admin/{eventId}`, where the event's screens listen. Chat writes are single statements (no
 * transaction), so an event goes out once its row is written. A lost event is only logged: the
 * screen reads the messages again when it reconnects.
 */
export interface ChatPublisher {
  message(change: 'created' | 'updated', message: ChatMessage, accountId: number): void;
  settings(chat: Chat, accountId: number): void;
}

export function createChatPublisher(hub: RealtimeHub | null, onError: (error: unknown) => void): ChatPublisher {
  const publish = (accountId: number, eventId: number, type: ChatEventType, payload: unknown) => {
    if (!hub) return;
    hub.publish(accountTopic(accountId, chatTopic(eventId)), { type, payload }).catch(onError);
  };
  return {
    message: (change, message, accountId) => publish(accountId, message.eventId, CHAT_EVENTS[change], { message }),
    settings: (chat, accountId) => publish(accountId, chat.eventId, CHAT_EVENTS.settings, { chat }),
  };
}
