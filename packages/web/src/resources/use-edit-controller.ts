import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect } from 'react';
import { useAction } from '../api/action.ts';
import { resourceKeys } from '../api/query-keys.ts';
import { useT } from '../i18n/use-t.ts';
import { useSession } from '../session/current-session.ts';
import type { AnyResource, ResourceRecord } from './any-resource.ts';
import type { FieldMessage } from './form-state.ts';
import { saveNotice } from './save-notice.ts';
import type { ResourceCalls } from './use-list-controller.ts';
import { useResourceForm } from './use-resource-form.ts';

/**
 * The headless side of every form of a declared resource (react-admin's useEditController): the
 * form's values and errors, the save (client checks first, then the server's errors placed on
 * their fields), the delete, and the dirty state the unsaved-changes guard listens to. The edit
 * screen and the dialogs of lists edited in place draw it their own way.
 */
export interface EditControllerOptions {
  calls: ResourceCalls;
  /** The body sent to make a record (a flat child gets its parent's id). */
  createBody?: (body: Record<string, unknown>) => Record<string, unknown>;
  /** After a save: the stored record, and whether it was just made. */
  onSaved?: (saved: ResourceRecord, created: boolean) => void;
  /** After a delete, before the record's cached copy is dropped. */
  onDeleted?: () => void;
  onDirtyChange?: (dirty: boolean) => void;
}

/**
 * What a new record starts at beside its schema's defaults: a record that has a sport starts at
 * the sport the account is about (issue 40.2: Sport stayed empty on a football club's new event).
 */
export function createDefaults(resource: AnyResource, accountSport: number | null): Record<string, unknown> {
  return accountSport !== null && 'sportId' in resource.fields.shape ? { sportId: accountSport } : {};
}

export function useEditController(
  resource: AnyResource,
  record: ResourceRecord | null,
  options: EditControllerOptions,
) {
  const t = useT();
  const queryClient = useQueryClient();
  const accountSport = useSession().user?.account.sportId ?? null;
  const form = useResourceForm(resource, record, createDefaults(resource, accountSport));
  const { calls, onDirtyChange } = options;

  useEffect(() => onDirtyChange?.(form.dirty), [form.dirty, onDirtyChange]);

  const save = useAction(
    (body: Record<string, unknown>) =>
      record ? calls.update(record.id, body) : calls.create(options.createBody ? options.createBody(body) : body),
    {
      invalidate: [resourceKeys.all(resource.name)],
      successText: (saved, _body, translate) => {
        const notice = saveNotice(resource, record, saved);
        return translate(notice.key, notice.values);
      },
    },
  );
  const remove = useAction((id: number) => calls.remove(id), {
    invalidate: [resourceKeys.lists(resource.name)],
  });

  /** Saves the fields on screen: touched all at once, nothing sent while one is wrong. */
  async function submit(event: FormEvent, fields: readonly string[]) {
    event.preventDefault();
    form.touchAll(fields);
    if (Object.keys(form.errors).length > 0) return;
    form.clearServerErrors();
    try {
      const saved = await save.mutateAsync(form.body);
      queryClient.setQueryData(resourceKeys.record(resource.name, String(saved.id)), saved);
      options.onSaved?.(saved, record === null);
    } catch (error) {
      form.showServerErrors(error);
    }
  }

  async function deleteRecord() {
    if (!record) return;
    try {
      await remove.mutateAsync(record.id);
      options.onDeleted?.();
      queryClient.removeQueries({ queryKey: resourceKeys.record(resource.name, String(record.id)) });
    } catch {
      // The notification zone shows the server's message.
    }
  }

  /** A field's message in the interface language. */
  const message = (error: FieldMessage | null) =>
    error ? ('text' in error ? error.text : t(error.key, error.values)) : null;

  return { form, save, remove, submit, deleteRecord, message };
}
