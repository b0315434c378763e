import { clipSkinsResource } from '@regie/contract/resources/clip-skins';
import { useState } from 'react';
import { useLocalListController } from '../../resources/use-list-controller.ts';
import { TEMPLATES_STATE, templatesResource } from './ClipTemplatesPanel.tsx';

/** The active skins, by name: one page holds an account's skins. */
const SKINS_STATE = { pageSize: 100, sort: { field: 'name', direction: 'asc' } } as const;
const ACTIVE_ONLY = { active: ['true'] } as const;

/**
 * What a clip being cut looks like: its template (which brings its skin) and its skin, with the
 * account's templates and active skins offered; shared by every clip form (videos, conferences).
 */
export function useClipLook() {
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [skinId, setSkinId] = useState<string | null>(null);
  const templates = useLocalListController(templatesResource, { initial: TEMPLATES_STATE });
  const skins = useLocalListController(clipSkinsResource, { initial: SKINS_STATE, permanentFilters: ACTIVE_ONLY });

  function chooseTemplate(value: string | null) {
    setTemplateId(value);
    const template = templates.rows?.find((record) => String(record.id) === value);
    // The template brings its skin; the skin can still be changed after.
    if (template) setSkinId(typeof template.clipSkinId === 'number' ? String(template.clipSkinId) : null);
  }

  return {
    template: { value: templateId, set: chooseTemplate, options: templates.rows ?? [] },
    skin: { value: skinId, set: setSkinId, options: skins.rows ?? [], failed: skins.list.isError },
    /** The ids a clip call takes (null: none). */
    ids: () => ({
      clipSkinId: skinId === null ? null : Number(skinId),
      clipTemplateId: templateId === null ? null : Number(templateId),
    }),
  };
}
export type ClipLook = ReturnType<typeof useClipLook>;
