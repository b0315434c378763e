import { faqResource } from '@regie/contract/resources/faq';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AnyResource } from '../../resources/any-resource.ts';
import { createFakeServer } from '../../resources/fake-resource-server.ts';
import { renderResource, signIn } from '../../resources/render-resource.tsx';
import { sessionStore } from '../../session/current-session.ts';
import { FaqMain } from './FaqMain.tsx';

const FAQ = faqResource as AnyResource;

function faqServer() {
  return createFakeServer({
    base: '/main-api/faq',
    searchField: 'question',
    records: [
      { id: 1, question: 'How do I upload?', answer: 'Drop the file.', position: 2, published: true },
      { id: 2, question: 'Who sees drafts?', answer: 'Writers.', position: 1, published: false },
      { id: 3, question: 'How do I share?', answer: 'Link a network.', position: 3, published: true },
    ],
  });
}

beforeEach(() => signIn(['video_read']));
afterEach(() => {
  cleanup();
  sessionStore.clear({ signedOut: false });
});

describe('the FAQ page', () => {
  it('shows a reader the published entries in their order, and searches them', async () => {
    const server = faqServer();
    renderResource(FAQ, server, '/faq/entries/list', { custom: { ListScreen: FaqMain } });
    await screen.findByText('How do I upload?');
    expect(screen.getByText('How do I share?')).toBeTruthy();
    expect(screen.queryByText('Who sees drafts?')).toBeNull();
    expect(server.requests[0]).toBe('GET /main-api/faq?offset=0&limit=200&sort=position&published=true');
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'share' } });
    await waitFor(() => expect(screen.queryByText('How do I upload?')).toBeNull());
    expect(screen.getByText('How do I share?')).toBeTruthy();
    expect(server.requests).toContain('GET /main-api/faq?offset=0&limit=200&sort=position&search=share&published=true');
  });
});
