import { Box } from '@mantine/core';
import type { MapPoint, MapZone } from '@regie/contract/sport-maps';
import { useRef } from 'react';
import { useT } from '../../i18n/use-t.ts';
import { svgPoints } from './sport-map-geometry.ts';
import { useZoneDrawing } from './use-zone-drawing.ts';

interface Props {
  backgroundUrl: string | null;
  ratio: number;
  zones: readonly MapZone[];
  selected: number | null;
  onSelect: (index: number) => void;
  /** Null: drawing is off (a user who may only read). */
  onDraw: ((points: MapPoint[]) => void) | null;
}

/**
 * The field picture with the zones drawn over it as SVG, in the field's proportions. Dragging
 * on it draws a new rectangular zone; a click on a zone selects it. The same is possible from
 * the zones table, for keyboard users.
 */
export function SportMapCanvas({ backgroundUrl, ratio, zones, selected, onSelect, onDraw }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const { preview, handlers } = useZoneDrawing(box, onDraw);

  return (
    <Box
      ref={box}
      pos="relative"
      w="100%"
      style={{
        aspectRatio: String(ratio),
        backgroundColor: '#2e7d32',
        backgroundImage: backgroundUrl ? `url("${backgroundUrl}")` : undefined,
        backgroundSize: '100% 100%',
        borderRadius: 8,
        overflow: 'hidden',
        cursor: onDraw ? 'crosshair' : 'default',
        touchAction: 'none',
      }}
      data-testid="sport-map-canvas"
      {...handlers}
    >
      <ZonesOverlay zones={zones} selected={selected} onSelect={onSelect} preview={preview} />
    </Box>
  );
}

/** The zones as SVG polygons over the field (0–100 on both axes), and the rectangle being drawn. */
function ZonesOverlay({
  zones,
  selected,
  onSelect,
  preview,
}: Pick<Props, 'zones' | 'selected' | 'onSelect'> & { preview: MapPoint[] | null }) {
  const t = useT();
  return (
    <svg
      viewBox="0 0 100 100"
      preserveAspectRatio="none"
      width="100%"
      height="100%"
      role="img"
      aria-label={t('sportMap.canvasLabel', { count: zones.length })}
      style={{ position: 'absolute', inset: 0 }}
    >
      {zones.map((zone, index) => (
        <polygon
          // biome-ignore lint/suspicious/noArrayIndexKey: zones have no id; names may be edited.
          key={index}
          points={svgPoints(zone.points)}
          fill={zone.color}
          fillOpacity={index === selected ? 0.55 : 0.3}
          stroke={index === selected ? '#ffffff' : zone.color}
          strokeWidth={index === selected ? 0.6 : 0.3}
          vectorEffect="non-scaling-stroke"
          onPointerDown={(event) => {
            event.stopPropagation();
            onSelect(index);
          }}
        >
          <title>{zone.name}</title>
        </polygon>
      ))}
      {preview && (
        <polygon
          points={svgPoints(preview)}
          fill="#ffffff"
          fillOpacity={0.25}
          stroke="#ffffff"
          strokeDasharray="1 1"
          strokeWidth={0.4}
        />
      )}
    </svg>
  );
}
