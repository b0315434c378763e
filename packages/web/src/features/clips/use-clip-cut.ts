import type { ClipSource } from '@regie/contract/clips.schemas';
import { type FormEvent, useState } from 'react';
import { useT } from '../../i18n/use-t.ts';
import { useCreateClip } from './clip-calls.ts';
import { rangeErrors } from './clip-range.ts';
import { useClipLook } from './use-clip-look.ts';

/**
 * The state of the clip being cut from `source` (kept while another source is picked): its in and out points, template, skin and title,
 * the range errors (shown once the form was sent), the templates and skins offered, and the
 * submit that queues the clip and clears the form for the next one.
 */
export function useClipCut(source: ClipSource | null) {
  const t = useT();
  const [inSeconds, setIn] = useState<number | null>(null);
  const [outSeconds, setOut] = useState<number | null>(null);
  const [title, setTitle] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const look = useClipLook();
  const create = useCreateClip(source?.id ?? null);
  const errors = rangeErrors(inSeconds, outSeconds, source?.duration ?? null);
  const shown = (key: keyof typeof errors) => (submitted && errors[key] ? t(errors[key]) : undefined);

  function reset() {
    setIn(null);
    setOut(null);
    setTitle('');
    setSubmitted(false);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (!source || inSeconds === null || outSeconds === null || Object.keys(errors).length > 0) return;
    try {
      await create.mutateAsync({
        inSeconds,
        outSeconds,
        ...(title.trim() ? { title: title.trim() } : {}),
        ...look.ids(),
      });
      reset();
    } catch {
      // The notification zone shows the server's message.
    }
  }

  return {
    inPoint: { value: inSeconds, set: setIn, error: shown('in') },
    outPoint: { value: outSeconds, set: setOut, error: shown('out') },
    template: look.template,
    skin: look.skin,
    title: { value: title, set: setTitle },
    submit,
    submitting: create.isPending,
  };
}

export type ClipCut = ReturnType<typeof useClipCut>;
