import { chatPaths } from '@regie/contract/chat';
import type { Chat, ChatBan, ChatMessage } from '@regie/contract/chat.schemas';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiContext } from '../../api/api-context.ts';
import { dismissAll } from '../../api/notify.ts';
import { fakeApi, Notices, renderWithProviders, type SentCall } from '../../test-utils.tsx';
import { BanByNickname, BanDialog } from './ChatBanning.tsx';

/** Banning from the moderation screen (issue 40.13): a message's author, or everyone under a nickname. */

const CHAT: Chat = { id: 4, eventId: 9, slowModeSeconds: 0, blockedWords: [], accountBlockedWords: [] };
const MESSAGE: ChatMessage = {
  id: 31,
  chatId: 4,
  eventId: 9,
  nickname: 'Troll',
  text: 'spam',
  state: 'visible',
  pinned: false,
  viewerId: '5b0e7f36-2d9f-4a7e-9d52-0a7c4f4f4c11',
  fanId: null,
  banned: false,
  createdAt: '2026-01-01T20:00:00.000Z',
  updatedAt: '2026-01-01T20:00:00.000Z',
};
const ban = (viewerId: string): ChatBan => ({
  viewerId,
  nickname: 'Troll',
  fanId: null,
  bannedAt: '2026-01-01T20:01:00.000Z',
  addressBanned: true,
});

/** A server answering each write with `write`, recording what was sent (its lists are empty). */
const fakeServer = (write: (sent: SentCall) => { status: number; body: unknown }) =>
  fakeApi({ read: () => ({ data: [] }), write });

function renderWith(server: ReturnType<typeof fakeServer>, ui: ReactNode, language: 'en' | 'fr' = 'en') {
  return renderWithProviders(
    <ApiContext.Provider value={server.client}>
      {ui}
      <Notices />
    </ApiContext.Provider>,
    { language },
  );
}

afterEach(() => {
  dismissAll();
  vi.restoreAllMocks();
});

describe('the ban dialog of a message', () => {
  it("bans the message's author by the viewer id the server signed", async () => {
    const server = fakeServer(() => ({ status: 201, body: ban(MESSAGE.viewerId) }));
    let closed = false;
    renderWith(server, <BanDialog chat={CHAT} banning={MESSAGE} onClose={() => (closed = true)} />);
    const dialog = await screen.findByRole('dialog', { name: 'Ban Troll?' });
    expect(within(dialog).getByText(/nor can a new viewer from their network/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ban' }));
    await waitFor(() => expect(closed).toBe(true));
    expect(server.sent).toEqual([
      { method: 'POST', path: chatPaths.bans(CHAT.id), body: { viewerId: MESSAGE.viewerId } },
    ]);
  });

  it('bans everyone who posted under the nickname when asked, and says how many', async () => {
    const server = fakeServer(() => ({
      status: 201,
      body: { data: [ban(MESSAGE.viewerId), ban(crypto.randomUUID())] },
    }));
    renderWith(server, <BanDialog chat={CHAT} banning={MESSAGE} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Ban Troll?' });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Ban everyone named Troll' }));
    const everyone = await screen.findByRole('dialog', { name: 'Ban every viewer named Troll?' });
    fireEvent.click(within(everyone).getByRole('button', { name: 'Ban' }));
    await screen.findByText('Viewers banned: 2');
    expect(server.sent).toEqual([
      { method: 'POST', path: chatPaths.bansByNickname(CHAT.id), body: { nickname: 'Troll' } },
    ]);
  });
});

describe('the ban by nickname field', () => {
  it('bans a typed nickname after a confirmation, in French too', async () => {
    const server = fakeServer(() => ({ status: 201, body: { data: [ban(MESSAGE.viewerId)] } }));
    renderWith(server, <BanByNickname chat={CHAT} />, 'fr');
    const field = screen.getByRole('textbox', { name: /Bannir par pseudo/ });
    const submit = screen.getByRole('button', { name: 'Bannir' });
    fireEvent.change(field, { target: { value: 'T' } });
    expect(submit).toHaveProperty('disabled', true);
    fireEvent.change(field, { target: { value: '  Troll ' } });
    fireEvent.click(submit);
    const dialog = await screen.findByRole('dialog', { name: 'Bannir tous les spectateurs nommés Troll ?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Bannir' }));
    await screen.findByText('Spectateurs bannis : 1');
    expect(server.sent).toEqual([
      { method: 'POST', path: chatPaths.bansByNickname(CHAT.id), body: { nickname: 'Troll' } },
    ]);
    await waitFor(() => expect(field).toHaveProperty('value', ''));
  });

  it("shows the server's refusal when nobody posted under the nickname", async () => {
    const message = 'Nobody has posted under the nickname Ghost in this chat';
    const server = fakeServer(() => ({ status: 404, body: { statusCode: 404, error: 'Not Found', message } }));
    // The action layer logs the refusal it notifies.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWith(server, <BanByNickname chat={CHAT} />);
    fireEvent.change(screen.getByRole('textbox', { name: /Ban by nickname/ }), { target: { value: 'Ghost' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ban' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ban every viewer named Ghost?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ban' }));
    await screen.findByText(message);
  });
});
