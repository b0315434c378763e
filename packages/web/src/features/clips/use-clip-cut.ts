import type { ClipSource } from '@regie/contract/clips.schemas';
import { clipSkinsResource } from '@regie/contract/resources/clip-skins';
import { type FormEvent, useState } from 'react';
import { useT } from '../../i18n/use-t.ts';
import { useLocalListController } from '../../resources/use-list-controller.ts';
import { TEMPLATES_STATE, templatesResource } from './ClipTemplatesPanel.tsx';
import { useCreateClip } from './clip-calls.ts';
import { rangeErrors } from './clip-range.ts';

/** The active skins, by name: one page holds an account's skins. */
const SKINS_STATE = { pageSize: 100, sort: { field: 'name', direction: 'asc' } } as const;
const ACTIVE_ONLY = { active: ['true'] } as const;

/**
 * The state of the clip being cut from `source` (kept while another source is picked): its in and out points, template, skin and title,
 * the range errors (shown once the form was sent), the templates and skins offered, and the
 * submit that queues the clip and clears the form for the next one.
 */
export function useClipCut(source: ClipSource | null) {
  const t = useT();
  const [inSeconds, setIn] = useState<number | null>(null);
  const [outSeconds, setOut] = useState<number | null>(null);
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [skinId, setSkinId] = useState<string | null>(null);
  const [title, setTitle] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const templates = useLocalListController(templatesResource, { initial: TEMPLATES_STATE });
  const skins = useLocalListController(clipSkinsResource, { initial: SKINS_STATE, permanentFilters: ACTIVE_ONLY });
  const create = useCreateClip(source?.id ?? null);
  const errors = rangeErrors(inSeconds, outSeconds, source?.duration ?? null);
  const shown = (key: keyof typeof errors) => (submitted && errors[key] ? t(errors[key]) : undefined);

  function chooseTemplate(value: string | null) {
    setTemplateId(value);
    const template = templates.rows?.find((record) => String(record.id) === value);
    // The template brings its skin; the skin can still be changed after.
    if (template) setSkinId(typeof template.clipSkinId === 'number' ? String(template.clipSkinId) : null);
  }

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
        clipSkinId: skinId === null ? null : Number(skinId),
        clipTemplateId: templateId === null ? null : Number(templateId),
      });
      reset();
    } catch {
      // The notification zone shows the server's message.
    }
  }

  return {
    inPoint: { value: inSeconds, set: setIn, error: shown('in') },
    outPoint: { value: outSeconds, set: setOut, error: shown('out') },
    template: { value: templateId, set: chooseTemplate, options: templates.rows ?? [] },
    skin: { value: skinId, set: setSkinId, options: skins.rows ?? [], failed: skins.list.isError },
    title: { value: title, set: setTitle },
    submit,
    submitting: create.isPending,
  };
}

export type ClipCut = ReturnType<typeof useClipCut>;
