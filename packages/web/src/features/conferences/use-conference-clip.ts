import type { ConferenceClipBody } from '@regie/contract/conferences.schemas';
import { clipSkinsResource } from '@regie/contract/resources/clip-skins';
import { useState } from 'react';
import { useLocalListController } from '../../resources/use-list-controller.ts';
import { TEMPLATES_STATE, templatesResource } from '../clips/ClipTemplatesPanel.tsx';
import { rangeErrors } from '../clips/clip-range.ts';
import { useCreateConferenceClip } from './conference-calls.ts';

/** The active skins, by name: one page holds an account's skins. */
const SKINS_STATE = { pageSize: 100, sort: { field: 'name', direction: 'asc' } } as const;
const ACTIVE_ONLY = { active: ['true'] } as const;

/**
 * The state of the clip being cut from a conference: in and out points (from the I and O keys or
 * typed), the template (which brings its skin) or skin, the title; and the two ways to cut it,
 * from a chapter or from the range. Range errors show once the range was sent.
 */
export function useConferenceClip(conferenceId: number, duration: number | null) {
  const [inSeconds, setIn] = useState<number | null>(null);
  const [outSeconds, setOut] = useState<number | null>(null);
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [skinId, setSkinId] = useState<string | null>(null);
  const [title, setTitle] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const templates = useLocalListController(templatesResource, { initial: TEMPLATES_STATE });
  const skins = useLocalListController(clipSkinsResource, { initial: SKINS_STATE, permanentFilters: ACTIVE_ONLY });
  const create = useCreateConferenceClip(conferenceId);
  const errors = rangeErrors(inSeconds, outSeconds, duration);

  function chooseTemplate(value: string | null) {
    setTemplateId(value);
    const template = templates.rows?.find((record) => String(record.id) === value);
    // The template brings its skin; the skin can still be changed after.
    if (template) setSkinId(typeof template.clipSkinId === 'number' ? String(template.clipSkinId) : null);
  }

  /** The look and title shared by both ways; an empty title lets the server name the clip. */
  const look = (): Omit<ConferenceClipBody, 'chapterId' | 'inSeconds' | 'outSeconds'> => ({
    ...(title.trim() ? { title: title.trim() } : {}),
    clipSkinId: skinId === null ? null : Number(skinId),
    clipTemplateId: templateId === null ? null : Number(templateId),
  });

  async function send(body: ConferenceClipBody): Promise<boolean> {
    try {
      await create.mutateAsync(body);
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
    inPoint: { value: inSeconds, set: setIn, error: submitted ? errors.in : undefined },
    outPoint: { value: outSeconds, set: setOut, error: submitted ? errors.out : undefined },
    template: { value: templateId, set: chooseTemplate, options: templates.rows ?? [] },
    skin: { value: skinId, set: setSkinId, options: skins.rows ?? [], failed: skins.list.isError },
    title: { value: title, set: setTitle },
    cutChapter: (chapterId: number) => send({ chapterId, ...look() }),
    cutRange,
    submitting: create.isPending,
  };
}

export type ConferenceClip = ReturnType<typeof useConferenceClip>;
