import { Button, Checkbox, Group, Text, TextInput } from '@mantine/core';
import { CHAT_LIMITS } from '@regie/contract/chat';
import type { Chat, ChatMessage } from '@regie/contract/chat.schemas';
import { type FormEvent, useState } from 'react';
import { useT } from '../../i18n/use-t.ts';
import { ConfirmDialog } from '../../widgets/ConfirmDialog.tsx';
import { useBan, useBanNickname } from './chat-calls.ts';

/**
 * Confirms a ban from a message: its author (the viewer the server signed) and their network; or,
 * ticked, every viewer who posted under the message's nickname.
 */
export function BanDialog({
  chat,
  banning,
  onClose,
}: {
  chat: Chat;
  banning: ChatMessage | null;
  onClose: () => void;
}) {
  const t = useT();
  const ban = useBan(chat);
  const banNickname = useBanNickname(chat);
  const [everyone, setEveryone] = useState(false);
  const nickname = banning?.nickname ?? '';
  const close = () => {
    setEveryone(false);
    onClose();
  };
  const confirm = () => {
    if (!banning) return;
    if (everyone) banNickname.mutate(banning.nickname, { onSuccess: close });
    else ban.mutate({ viewerId: banning.viewerId, ban: true }, { onSuccess: close });
  };
  return (
    <ConfirmDialog
      opened={banning !== null}
      title={t(everyone ? 'chat.banNicknameTitle' : 'chat.banTitle', { nickname })}
      confirmLabel={t('chat.ban')}
      danger
      busy={ban.isPending || banNickname.isPending}
      onCancel={close}
      onConfirm={confirm}
    >
      <Text size="sm">{t(everyone ? 'chat.banNicknameBody' : 'chat.banBody')}</Text>
      <Checkbox
        mt="sm"
        label={t('chat.banNicknameOf', { nickname })}
        checked={everyone}
        onChange={(event) => setEveryone(event.currentTarget.checked)}
      />
    </ConfirmDialog>
  );
}

/** Bans by a nickname typed in: every viewer who posted under it, after a confirmation. */
export function BanByNickname({ chat }: { chat: Chat }) {
  const t = useT();
  const banNickname = useBanNickname(chat);
  const [nickname, setNickname] = useState('');
  const [confirming, setConfirming] = useState(false);
  const typed = nickname.trim();
  const ready = typed.length >= CHAT_LIMITS.nicknameMin;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ready) setConfirming(true);
  };
  const confirm = () =>
    banNickname.mutate(typed, {
      onSuccess: () => setNickname(''),
      onSettled: () => setConfirming(false),
    });
  return (
    <>
      <form onSubmit={submit} aria-label={t('chat.banByNickname')}>
        <Group align="flex-end" gap="sm" wrap="nowrap">
          <TextInput
            label={t('chat.banByNickname')}
            description={t('chat.banByNicknameHint')}
            value={nickname}
            maxLength={CHAT_LIMITS.nicknameMax}
            onChange={(event) => setNickname(event.currentTarget.value)}
            style={{ flex: 1 }}
          />
          <Button type="submit" variant="light" color="red" disabled={!ready}>
            {t('chat.ban')}
          </Button>
        </Group>
      </form>
      <ConfirmDialog
        opened={confirming}
        title={t('chat.banNicknameTitle', { nickname: typed })}
        confirmLabel={t('chat.ban')}
        danger
        busy={banNickname.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={confirm}
      >
        <Text size="sm">{t('chat.banNicknameBody')}</Text>
      </ConfirmDialog>
    </>
  );
}
