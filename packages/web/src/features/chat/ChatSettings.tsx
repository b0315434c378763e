import { Button, Card, Group, NumberInput, Stack, Text, Textarea, Title } from '@mantine/core';
import { CHAT_LIMITS } from '@regie/contract/chat';
import type { Chat, ChatBan } from '@regie/contract/chat.schemas';
import { useState } from 'react';
import { useT } from '../../i18n/use-t.ts';
import { BanByNickname } from './ChatBanning.tsx';
import { useBan, useChatBans, useSaveAccountWords, useSaveChatSettings } from './chat-calls.ts';

/** One word or phrase per line, as the server keeps them. */
const toLines = (words: readonly string[]) => words.join('\n');
const fromLines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0);

/** Slow mode: seconds a fan waits between two messages (0: off). */
function SlowMode({ chat }: { chat: Chat }) {
  const t = useT();
  const save = useSaveChatSettings(chat);
  const [seconds, setSeconds] = useState<number>(chat.slowModeSeconds);
  return (
    <Group align="flex-end" gap="sm">
      <NumberInput
        label={t('chat.slowMode')}
        description={t('chat.slowModeHint')}
        min={0}
        max={CHAT_LIMITS.slowModeMaxSeconds}
        allowDecimal={false}
        value={seconds}
        onChange={(value) => setSeconds(typeof value === 'number' ? value : 0)}
        style={{ flex: 1 }}
      />
      <Button
        variant="light"
        loading={save.isPending}
        disabled={seconds === chat.slowModeSeconds}
        onClick={() => save.mutate({ slowModeSeconds: seconds })}
      >
        {t('chat.apply')}
      </Button>
    </Group>
  );
}

/** A word list editor: one entry per line, saved with its button. */
function WordList({
  label,
  hint,
  words,
  busy,
  onSave,
}: {
  label: string;
  hint: string;
  words: readonly string[];
  busy: boolean;
  onSave: (words: string[]) => void;
}) {
  const t = useT();
  const [text, setText] = useState(toLines(words));
  return (
    <Stack gap={4}>
      <Textarea
        label={label}
        description={hint}
        autosize
        minRows={2}
        maxRows={8}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
      />
      <Group justify="flex-end">
        <Button
          variant="light"
          size="xs"
          loading={busy}
          disabled={text === toLines(words)}
          onClick={() => onSave(fromLines(text))}
        >
          {t('chat.apply')}
        </Button>
      </Group>
    </Stack>
  );
}

/** Slow mode and the two word filters (the event's, the account's). */
export function ChatSettings({ chat }: { chat: Chat }) {
  const t = useT();
  const saveChat = useSaveChatSettings(chat);
  const saveAccount = useSaveAccountWords(chat);
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="chat-settings-title">
      <Title order={3} size="h5" id="chat-settings-title" mb="sm">
        {t('chat.settings.title')}
      </Title>
      <Stack gap="md">
        <SlowMode key={chat.slowModeSeconds} chat={chat} />
        <Text size="sm">{t('chat.filterIntro')}</Text>
        <WordList
          key={`event-${toLines(chat.blockedWords)}`}
          label={t('chat.eventWords')}
          hint={t('chat.wordsHint')}
          words={chat.blockedWords}
          busy={saveChat.isPending}
          onSave={(words) => saveChat.mutate({ blockedWords: words })}
        />
        <WordList
          key={`account-${toLines(chat.accountBlockedWords)}`}
          label={t('chat.accountWords')}
          hint={t('chat.accountWordsHint')}
          words={chat.accountBlockedWords}
          busy={saveAccount.isPending}
          onSave={(words) => saveAccount.mutate(words)}
        />
      </Stack>
    </Card>
  );
}

/** The fans banned from the chat, each with a button lifting the ban. */
export function ChatBans({ chat }: { chat: Chat }) {
  const t = useT();
  const bans = useChatBans(chat.id);
  const lift = useBan(chat);
  const list: ChatBan[] = bans.data?.data ?? [];
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="chat-bans-title">
      <Title order={3} size="h5" id="chat-bans-title" mb="sm">
        {t('chat.bansTitle')}
      </Title>
      <Stack gap="sm">
        <BanByNickname chat={chat} />
        {list.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('chat.noBans')}
          </Text>
        ) : (
          <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }} data-testid="chat-bans">
            {list.map((ban) => (
              <Group component="li" key={ban.viewerId} justify="space-between" wrap="nowrap">
                <Text size="sm">
                  {ban.nickname}{' '}
                  {ban.addressBanned && (
                    <Text span size="xs" c="dimmed">
                      {t('chat.networkBanned')}
                    </Text>
                  )}
                </Text>
                <Button
                  size="xs"
                  variant="subtle"
                  onClick={() => lift.mutate({ viewerId: ban.viewerId, ban: false })}
                  aria-label={t('chat.unbanOf', { nickname: ban.nickname })}
                >
                  {t('chat.unban')}
                </Button>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
