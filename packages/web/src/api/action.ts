import type { MessageKey } from '@regie/contract/i18n/en';
import { ACTION_NOTIFICATION_DURATION_MS } from '@regie/contract/ui';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { type Translate, useT } from '../i18n/use-t.ts';
import { ApiError, NotAuthorisedError } from './client.ts';
import { dismiss, notify, updateMessage } from './notify.ts';

export interface ActionOptions<TResult, TInput = unknown> {
  /** Message while the request runs; false for none. Default 'Requesting...'. */
  pending?: MessageKey | false;
  /** Message on success; false for none. Default 'Requested'. */
  success?: MessageKey | false;
  /**
   * The success message from what was done (issue 46.7: "Saved", "… published" rather than
   * 'Requested'), in the interface language; null falls back to `success`.
   */
  successText?: (result: TResult, input: TInput, t: Translate) => string | null;
  /** Queries to refresh once the action succeeded. */
  invalidate?: readonly QueryKey[];
  onSuccess?: (result: TResult) => void;
}

/** The text of a failure: the server's message, or a translated one when there is none. */
export function errorMessage(error: unknown, t: Translate): string {
  if (error instanceof NotAuthorisedError) return t('notification.notAuthorised');
  if (error instanceof ApiError) {
    if (error.status === 0) return t('notification.networkError');
    // A field error that only repeats the message (the server names the field of a refusal) adds nothing.
    const fields = error.fieldErrors
      .filter((field) => field.message !== error.message)
      .map((field) => `${field.path}: ${field.message}`);
    const texts = plainErrors(error.body).filter((text) => text !== error.message);
    return [error.message, ...fields, ...texts].join(' — ');
  }
  return error instanceof Error && error.message ? error.message : t('notification.failed');
}

/** The entries of an `errors` list that are plain strings (no field named). */
function plainErrors(body: unknown): string[] {
  if (typeof body !== 'object' || body === null || !('errors' in body) || !Array.isArray(body.errors)) return [];
  return body.errors.filter((item): item is string => typeof item === 'string');
}

/** The text of one entry of an `errors` list: a string, or an object with a message. */
function errorText(item: unknown): string | null {
  if (typeof item === 'string') return item;
  if (typeof item === 'object' && item !== null && 'message' in item && typeof item.message === 'string') {
    return item.message;
  }
  return null;
}

/**
 * Spec §8: the action layer treats an `errors` field as a failure, whatever the status (a
 * gateway may answer 200 with `{errors: [...]}`). Returns the failure to throw, or null. An
 * empty list reports no error.
 */
export function failureInResult(result: unknown): ApiError | null {
  if (typeof result !== 'object' || result === null || Array.isArray(result) || !('errors' in result)) return null;
  const errors = result.errors;
  if (errors === null || errors === undefined || errors === false) return null;
  const list: unknown[] = Array.isArray(errors) ? errors : [errors];
  if (list.length === 0) return null;
  const texts = list.map(errorText).filter((text): text is string => text !== null);
  const message = 'message' in result && typeof result.message === 'string' ? result.message : texts[0];
  return new ApiError(200, { ...result, errors: list, ...(message ? { message } : {}) });
}

/**
 * One handler per user action (spec §8 default notifications): call, notify, refresh. The
 * notification zone shows 'Requesting...', then 'Requested' or the server's message.
 */
export function useAction<TInput, TResult>(
  perform: (input: TInput) => Promise<TResult>,
  options: ActionOptions<TResult, TInput> = {},
) {
  const t = useT();
  const queryClient = useQueryClient();
  const { pending = 'notification.pending', success = 'notification.success' } = options;
  return useMutation({
    mutationFn: async (input: TInput) => {
      const id = pending ? notify({ type: 'info', text: t(pending), zone: 'main', durationMs: null }) : null;
      // The action notifications are the middleware's: 3 s, not the 4 s default (spec §9).
      const durationMs = ACTION_NOTIFICATION_DURATION_MS;
      const done = (type: 'success' | 'danger', text: string) => {
        if (id === null) notify({ type, text, zone: 'main', durationMs });
        else updateMessage(id, { type, text, zone: 'main', durationMs });
      };
      try {
        const result = await perform(input);
        const failure = failureInResult(result);
        if (failure) throw failure;
        const text = options.successText?.(result, input, t) ?? (success ? t(success) : null);
        if (text) done('success', text);
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
