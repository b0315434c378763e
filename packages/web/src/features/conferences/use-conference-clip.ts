import type { ConferenceClipBody } from '@regie/contract/conferences.schemas';
import { useState } from 'react';
import { useT } from '../../i18n/use-t.ts';
import { type LiveBounds, rangeErrors } from '../clips/clip-range.ts';
import { useClipLook } from '../clips/use-clip-look.ts';
import { useCreateConferenceClip, useCreateConferenceLiveClip } from './conference-calls.ts';

/** What is cut: the replay (its duration, null while unknown), or the live inside its DVR window. */
export type ConferenceClipSource = { duration: number | null } | { live: LiveBounds | null };

/**
 * The state of the clip being cut from a conference: in and out points (from the I and O keys or
 * typed), the template (which brings its skin) or skin, the title; and the ways to cut it, from a
 * chapter or from the range of the replay, or from the range of the live (POST …/live-clips: in
 * and out in seconds from the live's start). Range errors show once the range was sent.
 */
export function useConferenceClip(conferenceId: number, source: ConferenceClipSource) {
  const t = useT();
  const [inSeconds, setIn] = useState<number | null>(null);
  const [outSeconds, setOut] = useState<number | null>(null);
  const [title, setTitle] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const clipLook = useClipLook();
  const replay = useCreateConferenceClip(conferenceId);
  const live = useCreateConferenceLiveClip(conferenceId);
  const errors =
    'live' in source
      ? rangeErrors(inSeconds, outSeconds, null, source.live)
      : rangeErrors(inSeconds, outSeconds, source.duration);
  const shown = (key: keyof typeof errors) => (submitted && errors[key] ? t(errors[key]) : undefined);

  /** The look and title shared by both ways; an empty title lets the server name the clip. */
  const look = (): Omit<ConferenceClipBody, 'chapterId' | 'inSeconds' | 'outSeconds'> => ({
    ...(title.trim() ? { title: title.trim() } : {}),
    ...clipLook.ids(),
  });

  async function send(body: ConferenceClipBody): Promise<boolean> {
    try {
      if ('live' in source) {
        const { chapterId: _chapter, inSeconds: from, outSeconds: to, ...rest } = body;
        if (from === undefined || to === undefined) return false;
        await live.mutateAsync({ inSeconds: from, outSeconds: to, ...rest });
      } else {
        await replay.mutateAsync(body);
      }
      setTitle('');
      return true;
    } catch {
      // The notification zone shows the server's message.
      return false;
    }
  }

  async function cutRange() {
    setSubmitted(true);
    if (inSeconds === null || outSeconds === null || Object.keys(errors).length > 0) return;
    if (await send({ inSeconds, outSeconds, ...look() })) {
      setIn(null);
      setOut(null);
      setSubmitted(false);
    }
  }

  return {
    inPoint: { value: inSeconds, set: setIn, error: shown('in') },
    outPoint: { value: outSeconds, set: setOut, error: shown('out') },
    template: clipLook.template,
    skin: clipLook.skin,
    title: { value: title, set: setTitle },
    cutChapter: (chapterId: number) => send({ chapterId, ...look() }),
    cutRange,
    submitting: replay.isPending || live.isPending,
  };
}

export type ConferenceClip = ReturnType<typeof useConferenceClip>;
