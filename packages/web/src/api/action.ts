import type { MessageKey } from '@regie/contract/i18n/en';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { type Translate, useT } from '../i18n/use-t.ts';
import { ApiError } from './client.ts';
import { dismiss, notify, updateMessage } from './notify.ts';

export interface ActionOptions<TResult> {
  /** Message while the request runs; false for none. Default 'Requesting...'. */
  pending?: MessageKey | false;
  /** Message on success; false for none. Default 'Requested'. */
  success?: MessageKey | false;
  /** Queries to refresh once the action succeeded. */
  invalidate?: readonly QueryKey[];
  onSuccess?: (result: TResult) => void;
}

/** The text of a failure: the server's message, or a translated one when there is none. */
export function errorMessage(error: unknown, t: Translate): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return t('notification.networkError');
    // A field error that only repeats the message (the server names the field of a refusal) adds nothing.
    const fields = error.fieldErrors
      .filter((field) => field.message !== error.message)
      .map((field) => `${field.path}: ${field.message}`);
    return [error.message, ...fields].join(' — ');
  }
  return error instanceof Error && error.message ? error.message : t('notification.failed');
}

/**
 * One handler per user action (spec §8 default notifications): call, notify, refresh. The
 * notification zone shows 'Requesting...', then 'Requested' or the server's message.
 */
export function useAction<TInput, TResult>(
  perform: (input: TInput) => Promise<TResult>,
  options: ActionOptions<TResult> = {},
) {
  const t = useT();
  const queryClient = useQueryClient();
  const { pending = 'notification.pending', success = 'notification.success' } = options;
  return useMutation({
    mutationFn: async (input: TInput) => {
      const id = pending ? notify({ type: 'info', text: t(pending), zone: 'main', durationMs: null }) : null;
      const done = (type: 'success' | 'danger', text: string) => {
        if (id === null) notify({ type, text, zone: 'main' });
        else updateMessage(id, { type, text, zone: 'main' });
      };
      try {
        const result = await perform(input);
        if (success) done('success', t(success));
        else if (id !== null) dismiss(id);
        await Promise.all((options.invalidate ?? []).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
        options.onSuccess?.(result);
        return result;
      } catch (error) {
        console.error(error);
        done('danger', errorMessage(error, t));
        throw error;
      }
    },
  });
}
