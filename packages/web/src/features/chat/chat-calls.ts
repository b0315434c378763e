import { CHAT_EVENTS, chatPaths } from '@regie/contract/chat';
import {
  type Chat,
  type ChatBan,
  type ChatBans,
  type ChatMessage,
  type ChatMessagesPage,
  type ChatMessageUpdateBody,
  type ChatSettingsBody,
  chatResponse,
  type WordFilter,
} from '@regie/contract/chat.schemas';
import { isRecord } from '@regie/contract/guards';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAction } from '../../api/action.ts';
import { useApi } from '../../api/api-context.ts';
import { useEventChannel } from '../../realtime/use-realtime.ts';
import { applyChatMessage, chatEventMessage, FEED_SIZE, markBanned } from './chat-feed.ts';

export const chatKeys = {
  ofEvent: (eventId: number) => ['events', eventId, 'chat'] as const,
  feed: (chatId: number) => ['chats', chatId, 'messages'] as const,
  bans: (chatId: number) => ['chats', chatId, 'bans'] as const,
  accountWords: ['chat-word-filter'] as const,
};
/** Moderation is quick work: no 'Requested' toast for each click; failures still show. */
const QUIET = { pending: false, success: false } as const;

/** The event's chat and its settings (made by the server on first call). */
export function useEventChat(eventId: number) {
  const api = useApi();
  return useQuery({
    queryKey: chatKeys.ofEvent(eventId),
    queryFn: ({ signal }) => api.get<Chat>(chatPaths.eventChat(eventId), undefined, { signal }),
    retry: false,
  });
}

/**
 * The newest messages, kept live: each chat event of the event's topic (a fan's message, another
 * moderator's change) is applied to the feed as it arrives; settings changed elsewhere refresh.
 */
export function useChatFeed(chat: Chat) {
  const api = useApi();
  const queryClient = useQueryClient();
  const key = chatKeys.feed(chat.id);
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.get<ChatMessagesPage>(chatPaths.messages(chat.id), { limit: FEED_SIZE }, { signal }),
  });
  useEventChannel(chat.eventId, (event) => {
    const message = chatEventMessage(event, chat.id);
    const page = queryClient.getQueryData<ChatMessagesPage>(key);
    if (message && page) queryClient.setQueryData(key, applyChatMessage(page, message));
    if (event.type === CHAT_EVENTS.settings && isRecord(event.payload)) {
      const settings = chatResponse.safeParse(event.payload.chat);
      if (settings.success) queryClient.setQueryData(chatKeys.ofEvent(chat.eventId), settings.data);
    }
  });
  return query;
}

/** Hide, restore, pin, unpin: the answer goes straight into the feed. */
export function useModerate(chat: Chat) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useAction(
    ({ id, body }: { id: number; body: ChatMessageUpdateBody }) =>
      api.put<ChatMessage>(chatPaths.message(chat.id, id), body),
    {
      ...QUIET,
      onSuccess: (message) => {
        const page = queryClient.getQueryData<ChatMessagesPage>(chatKeys.feed(chat.id));
        if (page) queryClient.setQueryData(chatKeys.feed(chat.id), applyChatMessage(page, message));
      },
    },
  );
}

export function useChatBans(chatId: number) {
  const api = useApi();
  return useQuery({
    queryKey: chatKeys.bans(chatId),
    queryFn: ({ signal }) => api.get<{ data: ChatBan[] }>(chatPaths.bans(chatId), undefined, { signal }),
  });
}

/** Ban (true) or lift a ban (false); the feed marks the fan's messages. */
export function useBan(chat: Chat) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useAction(
    async ({ viewerId, ban }: { viewerId: string; ban: boolean }) => {
      if (ban) await api.post<ChatBan>(chatPaths.bans(chat.id), { viewerId });
      else await api.delete(chatPaths.ban(chat.id, viewerId));
      return { viewerId, ban };
    },
    {
      success: false,
      pending: false,
      invalidate: [chatKeys.bans(chat.id)],
      onSuccess: ({ viewerId, ban }) => {
        const page = queryClient.getQueryData<ChatMessagesPage>(chatKeys.feed(chat.id));
        if (page) queryClient.setQueryData(chatKeys.feed(chat.id), markBanned(page, viewerId, ban));
      },
    },
  );
}

/**
 * Bans every viewer who posted under a nickname (and their networks); the feed marks their
 * messages, the notice says how many were banned.
 */
export function useBanNickname(chat: Chat) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useAction((nickname: string) => api.post<ChatBans>(chatPaths.bansByNickname(chat.id), { nickname }), {
    pending: false,
    successText: (bans, _nickname, t) => t('chat.bannedCount', { count: bans.data.length }),
    invalidate: [chatKeys.bans(chat.id)],
    onSuccess: (bans) => {
      const page = queryClient.getQueryData<ChatMessagesPage>(chatKeys.feed(chat.id));
      if (!page) return;
      const marked = bans.data.reduce((feed, ban) => markBanned(feed, ban.viewerId, true), page);
      queryClient.setQueryData(chatKeys.feed(chat.id), marked);
    },
  });
}

export function useSaveChatSettings(chat: Chat) {
  const api = useApi();
  return useAction((body: ChatSettingsBody) => api.put<Chat>(chatPaths.chat(chat.id), body), {
    success: 'chat.settings.saved',
    invalidate: [chatKeys.ofEvent(chat.eventId)],
  });
}

export function useSaveAccountWords(chat: Chat) {
  const api = useApi();
  return useAction((words: string[]) => api.put<WordFilter>(chatPaths.accountWords, { words }), {
    success: 'chat.settings.saved',
    invalidate: [chatKeys.ofEvent(chat.eventId)],
  });
}
