import type { AuditPage } from '@regie/contract/audit';
import { tagsResource } from '@regie/contract/resources/tags';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeServer } from '../../resources/fake-resource-server.ts';
import { renderResource, signIn } from '../../resources/render-resource.tsx';
import { sessionStore } from '../../session/current-session.ts';

vi.setConfig({ testTimeout: 20_000 });

const HISTORY: AuditPage = {
  data: [
    {
      id: '12',
      at: '2026-11-02T10:00:00.000Z',
      userId: 7,
      userName: 'Ana',
      actingAdminId: null,
      accountId: 2,
      accountName: 'Olympique Riverside FC',
      resource: 'tags',
      resourceId: 1,
      action: 'update',
      changes: { name: { before: 'Derby', after: 'Big derby' } },
      requestId: 'req-12',
      ip: null,
      userAgent: null,
    },
  ],
  nextCursor: null,
};

function serverWithTag() {
  return createFakeServer({
    base: '/main-api/tags',
    records: [
      {
        id: 1,
        name: 'Derby',
        tagType: 'theme',
        AccountId: 2,
        createdAt: '2024-04-01T08:00:00.000Z',
        updatedAt: '2024-04-02T09:30:00.000Z',
      },
    ],
    answers: { 'GET /main-api/audit': HISTORY },
  });
}

afterEach(() => {
  cleanup();
  sessionStore.clear({ signedOut: false });
});

describe('a record’s history on its edit page', () => {
  it('reads the record’s audit entries when opened and shows their diffs', async () => {
    signIn(['sport_player_write', 'manage_users'], { modules: ['SPORT_EVENTS'] });
    const server = serverWithTag();
    renderResource(tagsResource, server, '/account/tags/edit/1');
    const show = await screen.findByRole('button', { name: 'Show the history' });
    expect(screen.getByRole('heading', { name: 'History' })).toBeTruthy();
    // Closed, it asks nothing.
    expect(server.requests.filter((request) => request.includes('/main-api/audit'))).toEqual([]);
    fireEvent.click(show);
    const table = await screen.findByRole('table', { name: 'History' });
    const audit = server.requests.filter((request) => request.includes('/main-api/audit'));
    expect(audit).toHaveLength(1);
    const query = new URL(audit[0]?.replace(/^GET /, '') ?? '', 'http://regie.test').searchParams;
    expect(Object.fromEntries(query)).toEqual({ accountId: '2', resource: 'tags', resourceId: '1' });
    // Its own page: no account nor resource column.
    expect(within(table).queryByRole('columnheader', { name: 'Resource' })).toBeNull();
    fireEvent.click(within(table).getByRole('button', { name: '1 changed: name' }));
    const diff = screen.getByRole('table', { name: 'Changes of entry 12' });
    expect(within(diff).getAllByRole('row')[1]?.textContent).toBe('nameDerbyBig derby');
    expect(screen.getByText('No older entries.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Hide the history' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('is not offered to a user who may not read the audit trail', async () => {
    signIn(['sport_player_write'], { modules: ['SPORT_EVENTS'] });
    const server = serverWithTag();
    renderResource(tagsResource, server, '/account/tags/edit/1');
    await screen.findByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Show the history' })).toBeNull());
    expect(screen.queryByRole('heading', { name: 'History' })).toBeNull();
  });
});
