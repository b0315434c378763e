import { Alert, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { errorMessage } from '../../api/action.ts';
import { useT } from '../../i18n/use-t.ts';
import { ChatFeed } from './ChatFeed.tsx';
import { ChatBans, ChatSettings } from './ChatSettings.tsx';
import { useEventChat } from './chat-calls.ts';

/**
 * The event's 'chat' tab (contract chat.ts): the live moderation feed of what fans write on the
 * embedded player, with slow mode, the word filters and the banned fans beside it.
 */
export function ChatTab({ eventId }: { eventId: number }) {
  const t = useT();
  const chat = useEventChat(eventId);
  if (chat.isLoading) return <Loader size="sm" aria-label={t('chat.loading')} />;
  if (!chat.data) {
    return (
      <Alert color="red" title={t('chat.title')} role="alert">
        {errorMessage(chat.error, t)}
      </Alert>
    );
  }
  return (
    <Stack gap="md">
      <div>
        <Title order={2} size="h4">
          {t('chat.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('chat.intro')}
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <ChatFeed chat={chat.data} />
        <Stack gap="md">
          <ChatSettings chat={chat.data} />
          <ChatBans chat={chat.data} />
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}
