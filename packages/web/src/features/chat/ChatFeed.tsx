import { ActionIcon, Badge, Group, Kbd, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { Chat, ChatMessage } from '@regie/contract/chat.schemas';
import { IconBan, IconEye, IconEyeOff, IconPin, IconPinnedOff } from '@tabler/icons-react';
import { type KeyboardEvent, useRef, useState } from 'react';
import { useDateFormats } from '../../i18n/use-date-formats.ts';
import { useT } from '../../i18n/use-t.ts';
import { BanDialog } from './ChatBanning.tsx';
import { useChatFeed, useModerate } from './chat-calls.ts';

interface RowActions {
  toggleHidden: (message: ChatMessage) => void;
  togglePinned: (message: ChatMessage) => void;
  ban: (message: ChatMessage) => void;
}

/** A message's buttons (the mouse's way; the keys H, P and B do the same in the feed). */
function MessageActions({ message, actions }: { message: ChatMessage; actions: RowActions }) {
  const t = useT();
  const hidden = message.state === 'hidden';
  const who = { nickname: message.nickname };
  return (
    <>
      <ActionIcon
        variant="subtle"
        tabIndex={-1}
        onClick={() => actions.toggleHidden(message)}
        aria-label={t(hidden ? 'chat.restoreOf' : 'chat.hideOf', who)}
      >
        {hidden ? <IconEye size={18} aria-hidden /> : <IconEyeOff size={18} aria-hidden />}
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        tabIndex={-1}
        onClick={() => actions.togglePinned(message)}
        aria-label={t(message.pinned ? 'chat.unpinOf' : 'chat.pinOf', who)}
      >
        {message.pinned ? <IconPinnedOff size={18} aria-hidden /> : <IconPin size={18} aria-hidden />}
      </ActionIcon>
      {!message.banned && (
        <ActionIcon
          variant="subtle"
          color="red"
          tabIndex={-1}
          onClick={() => actions.ban(message)}
          aria-label={t('chat.banOf', who)}
        >
          <IconBan size={18} aria-hidden />
        </ActionIcon>
      )}
    </>
  );
}

function MessageRow({
  message,
  focusable,
  actions,
  register,
  onFocus,
}: {
  message: ChatMessage;
  focusable: boolean;
  actions: RowActions;
  register?: (node: HTMLLIElement | null) => void;
  onFocus?: () => void;
}) {
  const t = useT();
  const time = useDateFormats().timeWithSeconds;
  const hidden = message.state === 'hidden';
  return (
    <Paper
      component="li"
      withBorder
      p="xs"
      ref={register}
      tabIndex={focusable ? 0 : -1}
      onFocus={onFocus}
      data-testid={`chat-message-${message.id}`}
      data-state={message.state}
      bg={hidden ? 'gray.1' : undefined}
      aria-label={t('chat.messageLabel', {
        nickname: message.nickname,
        time: time(message.createdAt),
        text: message.text,
      })}
    >
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <div style={{ flex: 1, minWidth: 0 }}>
          <Group gap={6}>
            <Text fw={600} size="sm">
              {message.nickname}
            </Text>
            <Text size="xs" c="dimmed">
              {time(message.createdAt)}
            </Text>
            {hidden && (
              <Badge color="gray" variant="light">
                {t('chat.hidden')}
              </Badge>
            )}
            {message.pinned && <Badge variant="light">{t('chat.pinned')}</Badge>}
            {message.banned && (
              <Badge color="red" variant="light">
                {t('chat.banned')}
              </Badge>
            )}
          </Group>
          <Text size="sm" td={hidden ? 'line-through' : undefined} style={{ overflowWrap: 'anywhere' }}>
            {message.text}
          </Text>
        </div>
        <MessageActions message={message} actions={actions} />
      </Group>
    </Paper>
  );
}

/** Arrow keys move between messages; H hides or restores, P pins or unpins, B bans. */
function useFeedKeys(messages: readonly ChatMessage[], actions: RowActions) {
  const [active, setActive] = useState(0);
  const rows = useRef(new Map<number, HTMLLIElement>());
  const index = Math.min(active, Math.max(0, messages.length - 1));
  const focus = (next: number) => {
    const bounded = Math.max(0, Math.min(messages.length - 1, next));
    setActive(bounded);
    const id = messages[bounded]?.id;
    if (id !== undefined) rows.current.get(id)?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const message = messages[index];
    if (!message || event.ctrlKey || event.metaKey || event.altKey) return;
    const moves: Record<string, number> = {
      ArrowDown: index + 1,
      ArrowUp: index - 1,
      Home: 0,
      End: messages.length - 1,
    };
    const move = moves[event.key];
    const act = { h: actions.toggleHidden, p: actions.togglePinned, b: actions.ban }[event.key.toLowerCase()];
    if (move === undefined && !act) return;
    event.preventDefault();
    if (move !== undefined) focus(move);
    else act?.(message);
  };
  const register = (id: number) => (node: HTMLLIElement | null) => {
    if (node) rows.current.set(id, node);
    else rows.current.delete(id);
  };
  return { index, setActive, onKeyDown, register };
}

/** The pinned messages above the feed (reached with the keyboard in the feed itself). */
function PinnedMessages({ pinned, actions }: { pinned: readonly ChatMessage[]; actions: RowActions }) {
  const t = useT();
  if (pinned.length === 0) return null;
  return (
    <section aria-labelledby="chat-pinned-title">
      <Title order={3} size="h5" id="chat-pinned-title" mb={4}>
        {t('chat.pinnedTitle')}
      </Title>
      <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }}>
        {pinned.map((message) => (
          <MessageRow key={message.id} message={message} focusable={false} actions={actions} />
        ))}
      </Stack>
    </section>
  );
}

/** The moderation feed: pinned messages, then the newest first, live. */
export function ChatFeed({ chat }: { chat: Chat }) {
  const t = useT();
  const feed = useChatFeed(chat);
  const moderate = useModerate(chat);
  const [banning, setBanning] = useState<ChatMessage | null>(null);
  const actions: RowActions = {
    toggleHidden: (message) =>
      moderate.mutate({ id: message.id, body: { state: message.state === 'hidden' ? 'visible' : 'hidden' } }),
    togglePinned: (message) => moderate.mutate({ id: message.id, body: { pinned: !message.pinned } }),
    ban: (message) => {
      if (!message.banned) setBanning(message);
    },
  };
  const messages = feed.data?.data ?? [];
  const pinned = feed.data?.pinned ?? [];
  const keys = useFeedKeys(messages, actions);

  return (
    <Stack gap="sm">
      <PinnedMessages pinned={pinned} actions={actions} />
      <section aria-labelledby="chat-feed-title">
        <Group justify="space-between" mb={4}>
          <Title order={3} size="h5" id="chat-feed-title">
            {t('chat.feedTitle')}
          </Title>
          <Text size="xs" c="dimmed" id="chat-keys">
            <Kbd>↑</Kbd> <Kbd>↓</Kbd> {t('chat.keys.move')} · <Kbd>H</Kbd> {t('chat.keys.hide')} · <Kbd>P</Kbd>{' '}
            {t('chat.keys.pin')} · <Kbd>B</Kbd> {t('chat.keys.ban')}
          </Text>
        </Group>
        {feed.isLoading ? (
          <Loader size="sm" aria-label={t('chat.loading')} />
        ) : messages.length === 0 ? (
          <Text size="sm" c="dimmed" role="status">
            {t('chat.empty')}
          </Text>
        ) : (
          <Stack
            component="ul"
            gap={4}
            p={0}
            m={0}
            style={{ listStyle: 'none', maxHeight: '60vh', overflowY: 'auto' }}
            aria-labelledby="chat-feed-title"
            aria-describedby="chat-keys"
            data-testid="chat-feed"
            onKeyDown={keys.onKeyDown}
          >
            {messages.map((message, position) => (
              <MessageRow
                key={message.id}
                message={message}
                focusable={position === keys.index}
                actions={actions}
                register={keys.register(message.id)}
                onFocus={() => keys.setActive(position)}
              />
            ))}
          </Stack>
        )}
      </section>
      <BanDialog chat={chat} banning={banning} onClose={() => setBanning(null)} />
    </Stack>
  );
}
