import { Box } from '@mantine/core';
import type { MapPoint, MapZone } from '@regie/contract/sport-maps';
import { type PointerEvent, useRef, useState } from 'react';
import { useT } from '../../i18n/use-t.ts';
import { rectangleFromDrag, svgPoints, toMapPoint } from './sport-map-geometry.ts';

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
  const t = useT();
  const box = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<{ start: MapPoint; end: MapPoint } | null>(null);
  const pointAt = (event: PointerEvent) => {
    const rect = box.current?.getBoundingClientRect();
    return rect ? toMapPoint(event.clientX, event.clientY, rect) : null;
  };
  const preview = drag ? rectangleFromDrag(drag.start, drag.end) : null;

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
      onPointerDown={(event) => {
        if (!onDraw || event.button !== 0 || (event.target as Element).tagName === 'polygon') return;
        const point = pointAt(event);
        if (!point) return;
        event.currentTarget.setPointerCapture?.(event.pointerId);
        setDrag({ start: point, end: point });
      }}
      onPointerMove={(event) => {
        const point = drag && pointAt(event);
        if (drag && point) setDrag({ ...drag, end: point });
      }}
      onPointerUp={() => {
        if (preview && onDraw) onDraw(preview);
        setDrag(null);
      }}
    >
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
    </Box>
  );
}
