import { Box, Text } from '@mantine/core';
import type { GraphicPosition } from '@regie/contract/graphics';
import type { CSSProperties } from 'react';
import { useT } from '../../i18n/use-t.ts';

export interface PreviewGraphic {
  imageUrl: string;
  position: GraphicPosition;
  widthPercent: number;
  marginPercent: number;
  opacity: number;
}

/**
 * Where the graphic sits on the frame, as the clip engine places it (server graphics.args.ts):
 * width and margin in % of the frame's width (container query units), centred on the middle presets.
 */
export function placement(graphic: PreviewGraphic): CSSProperties {
  const margin = `${graphic.marginPercent}cqw`;
  const [vertical, horizontal] = graphic.position === 'center' ? ['middle', 'center'] : graphic.position.split('-');
  const style: CSSProperties = {
    position: 'absolute',
    width: `${graphic.widthPercent}%`,
    opacity: graphic.opacity,
    height: 'auto',
  };
  const shift: string[] = [];
  if (horizontal === 'left') style.left = margin;
  else if (horizontal === 'right') style.right = margin;
  else {
    style.left = '50%';
    shift.push('translateX(-50%)');
  }
  if (vertical === 'top') style.top = margin;
  else if (vertical === 'bottom') style.bottom = margin;
  else {
    style.top = '50%';
    shift.push('translateY(-50%)');
  }
  if (shift.length > 0) style.transform = shift.join(' ');
  return style;
}

/** A 16:9 frame of the event's video (its poster) with the graphics laid over it, the last on top. */
export function GraphicPreview({ poster, graphics }: { poster: string | null; graphics: readonly PreviewGraphic[] }) {
  const t = useT();
  return (
    <figure style={{ margin: 0 }}>
      <Box
        pos="relative"
        bg="dark.7"
        style={{
          aspectRatio: '16 / 9',
          containerType: 'inline-size',
          overflow: 'hidden',
          borderRadius: 'var(--mantine-radius-sm)',
          backgroundImage: poster ? `url("${poster}")` : undefined,
          backgroundSize: 'cover',
          backgroundPosition: 'center',
        }}
        data-testid="graphic-preview"
      >
        {graphics.map((graphic, index) => (
          <img key={`${graphic.imageUrl}-${index}`} src={graphic.imageUrl} alt="" style={placement(graphic)} />
        ))}
      </Box>
      <Text component="figcaption" size="xs" c="dimmed" mt={4}>
        {poster ? t('graphics.preview') : t('graphics.noPoster')}
      </Text>
    </figure>
  );
}
