import { ACTION_NOTIFICATION_DURATION_MS } from '@regie/contract/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { createI18n } from '../i18n/i18n.ts';
import { failureInResult, useAction } from './action.ts';
import { ApiError } from './client.ts';
import { useMessages } from './notify.ts';

function wrapper({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={createI18n('en')}>
      <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
    </I18nextProvider>
  );
}

function renderAction<T>(perform: () => Promise<T>, onSuccess: (result: T) => void) {
  return renderHook(() => ({ action: useAction(perform, { onSuccess }), messages: useMessages('main') }), {
    wrapper,
  });
}

describe('the action layer (spec §8)', () => {
  it('treats a 200 answer with an errors field as a failure: the messages, no success', async () => {
    const onSuccess = vi.fn();
    const { result } = renderAction(
      async () => ({ errors: [{ path: 'name', message: 'Name taken' }, 'Quota reached'] }),
      onSuccess,
    );
    await act(async () => {
      await result.current.action.mutateAsync(undefined).catch(() => undefined);
    });
    await waitFor(() => expect(result.current.action.isError).toBe(true));
    expect(onSuccess).not.toHaveBeenCalled();
    const last = result.current.messages.at(-1);
    expect(last?.type).toBe('danger');
    expect(last?.text).toBe('Name taken — Quota reached');
    expect(result.current.messages.some((message) => message.text === 'Requested')).toBe(false);
  });

  it('keeps its notifications 3 s, the middleware default, not the 4 s of others (spec §9)', async () => {
    const { result } = renderAction(async () => ({ id: 1 }), vi.fn());
    await act(async () => {
      await result.current.action.mutateAsync(undefined);
    });
    const done = result.current.messages.at(-1);
    expect(done?.text).toBe('Requested');
    expect(done?.durationMs).toBe(ACTION_NOTIFICATION_DURATION_MS);
    expect(ACTION_NOTIFICATION_DURATION_MS).toBe(3_000);
  });

  it('finds a failure only where there is one', () => {
    expect(failureInResult({ id: 1 })).toBeNull();
    expect(failureInResult({ errors: [] })).toBeNull();
    expect(failureInResult([{ errors: ['x'] }])).toBeNull();
    const failure = failureInResult({ message: 'Refused', errors: [{ path: 'url', message: 'Private address' }] });
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure?.message).toBe('Refused');
    expect(failure?.fieldErrors).toEqual([{ path: 'url', message: 'Private address' }]);
  });
});
