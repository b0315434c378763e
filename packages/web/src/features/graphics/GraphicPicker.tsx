import { Checkbox, Group, Image, Stack, Text } from '@mantine/core';
import { GRAPHIC_LIMITS } from '@regie/contract/graphics';
import { useT } from '../../i18n/use-t.ts';
import { useEventGraphics } from './graphics-calls.ts';

interface Props {
  eventId: number;
  /** The chosen graphic ids, in the order they are laid (the last on top). */
  value: number[];
  onChange: (ids: number[]) => void;
}

/**
 * Chooses the event's graphics a clip burns in (`graphicIds` of the clip calls), at most
 * GRAPHIC_LIMITS.perClip; for the clip workspace.
 */
export function GraphicPicker({ eventId, value, onChange }: Props) {
  const t = useT();
  const graphics = useEventGraphics(eventId);
  const list = graphics.data?.data ?? [];
  const full = value.length >= GRAPHIC_LIMITS.perClip;
  // An account without the GRAPHICS module is refused its graphics: nothing to choose, nothing shown.
  if (graphics.isError) return null;
  return (
    <Checkbox.Group
      label={t('graphics.picker.label')}
      description={t('graphics.picker.max', { count: GRAPHIC_LIMITS.perClip })}
      value={value.map(String)}
      // Keep the order of choice: ids already chosen first, the new one last.
      onChange={(ids) => {
        const next = ids.map(Number);
        onChange([...value.filter((id) => next.includes(id)), ...next.filter((id) => !value.includes(id))]);
      }}
    >
      <Stack gap={6} mt={6}>
        {list.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('graphics.picker.empty')}
          </Text>
        )}
        {list.map((graphic) => (
          <Checkbox
            key={graphic.id}
            value={String(graphic.id)}
            disabled={full && !value.includes(graphic.id)}
            label={
              <Group gap="xs" wrap="nowrap">
                <Image src={graphic.imageUrl} alt="" w={32} h={20} fit="contain" />
                <span>
                  {graphic.name} · {t(`graphics.kind.${graphic.kind}`)}
                </span>
              </Group>
            }
          />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
