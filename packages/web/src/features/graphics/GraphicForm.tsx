import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import {
  GRAPHIC_KINDS,
  GRAPHIC_LIMITS,
  GRAPHIC_POSITIONS,
  type Graphic,
  type GraphicKind,
  type GraphicPosition,
} from '@regie/contract/graphics';
import { useState } from 'react';
import { useT } from '../../i18n/use-t.ts';
import { ImageUploadField } from '../../widgets/ImageUploadField.tsx';
import { LabelledSlider } from '../../widgets/LabelledSlider.tsx';

export interface GraphicDraft {
  name: string;
  kind: GraphicKind;
  imageKey: string | null;
  position: GraphicPosition;
  widthPercent: number;
  marginPercent: number;
  opacity: number;
}

export function draftOf(graphic: Graphic | null): GraphicDraft {
  if (!graphic) {
    return {
      name: '',
      kind: 'scoreboard',
      imageKey: null,
      position: 'top-left',
      widthPercent: GRAPHIC_LIMITS.widthPercent.default,
      marginPercent: GRAPHIC_LIMITS.marginPercent.default,
      opacity: GRAPHIC_LIMITS.opacity.default,
    };
  }
  const { name, kind, imageKey, position, widthPercent, marginPercent, opacity } = graphic;
  return { name, kind, imageKey, position, widthPercent, marginPercent, opacity };
}

function isKind(value: string | null): value is GraphicKind {
  return (GRAPHIC_KINDS as readonly (string | null)[]).includes(value);
}
function isPosition(value: string | null): value is GraphicPosition {
  return (GRAPHIC_POSITIONS as readonly (string | null)[]).includes(value);
}

interface Props {
  draft: GraphicDraft;
  /** Given an update of the latest draft: an upload ends after other fields may have changed. */
  onChange: (update: (draft: GraphicDraft) => GraphicDraft) => void;
  onSave: () => void;
  onCancel: () => void;
  busy: boolean;
}

/** The fields of a graphic; the screen previews the draft as it changes. */
export function GraphicForm({ draft, onChange, onSave, onCancel, busy }: Props) {
  const t = useT();
  const [touched, setTouched] = useState(false);
  const set = <K extends keyof GraphicDraft>(key: K, value: GraphicDraft[K]) =>
    onChange((current) => ({ ...current, [key]: value }));
  const valid = draft.name.trim().length > 0 && draft.imageKey !== null;
  return (
    <Stack
      gap="sm"
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(true);
        if (valid) onSave();
      }}
    >
      <TextInput
        label={t('graphics.field.name')}
        value={draft.name}
        maxLength={GRAPHIC_LIMITS.nameMax}
        required
        onChange={(event) => set('name', event.currentTarget.value)}
      />
      <Select
        label={t('graphics.field.kind')}
        data={GRAPHIC_KINDS.map((kind) => ({ value: kind, label: t(`graphics.kind.${kind}`) }))}
        value={draft.kind}
        allowDeselect={false}
        onChange={(value) => isKind(value) && set('kind', value)}
      />
      <ImageUploadField
        label={t('graphics.field.image')}
        value={draft.imageKey}
        onChange={(key) => set('imageKey', key)}
        kind="picture"
        required
        error={touched && draft.imageKey === null ? t('graphics.field.image') : undefined}
      />
      <Select
        label={t('graphics.field.position')}
        data={GRAPHIC_POSITIONS.map((position) => ({ value: position, label: t(`graphics.position.${position}`) }))}
        value={draft.position}
        allowDeselect={false}
        onChange={(value) => isPosition(value) && set('position', value)}
      />
      <LabelledSlider
        label={t('graphics.field.width')}
        value={draft.widthPercent}
        onChange={(value) => set('widthPercent', value)}
        min={GRAPHIC_LIMITS.widthPercent.min}
        max={GRAPHIC_LIMITS.widthPercent.max}
        step={1}
      />
      <LabelledSlider
        label={t('graphics.field.margin')}
        value={draft.marginPercent}
        onChange={(value) => set('marginPercent', value)}
        min={GRAPHIC_LIMITS.marginPercent.min}
        max={GRAPHIC_LIMITS.marginPercent.max}
        step={0.5}
      />
      <LabelledSlider
        label={t('graphics.field.opacity')}
        value={draft.opacity}
        onChange={(value) => set('opacity', value)}
        min={0}
        max={1}
        step={0.05}
      />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel}>
          {t('graphics.cancel')}
        </Button>
        <Button type="submit" loading={busy} disabled={touched && !valid}>
          {t('graphics.save')}
        </Button>
      </Group>
    </Stack>
  );
}
