import type { MapPoint } from '@regie/contract/sport-maps';
import { type PointerEvent, type RefObject, useState } from 'react';
import { rectangleFromDrag, toMapPoint } from './sport-map-geometry.ts';

/**
 * Drawing a rectangular zone by dragging over the field: the pointer handlers for the field's
 * box and the rectangle being drawn (null when not dragging). A press on an existing zone is
 * left to the zone (it selects it); with onDraw null nothing is drawn.
 */
export function useZoneDrawing(box: RefObject<HTMLElement | null>, onDraw: ((points: MapPoint[]) => void) | null) {
  const [drag, setDrag] = useState<{ start: MapPoint; end: MapPoint } | null>(null);
  const pointAt = (event: PointerEvent) => {
    const rect = box.current?.getBoundingClientRect();
    return rect ? toMapPoint(event.clientX, event.clientY, rect) : null;
  };
  const preview = drag ? rectangleFromDrag(drag.start, drag.end) : null;

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    if (!onDraw || event.button !== 0 || (event.target instanceof Element && event.target.tagName === 'polygon'))
      return;
    const point = pointAt(event);
    if (!point) return;
    // Captured so the drag goes on when the pointer leaves the field.
    event.currentTarget.setPointerCapture?.(event.pointerId);
    setDrag({ start: point, end: point });
  };
  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    const point = drag && pointAt(event);
    if (drag && point) setDrag({ ...drag, end: point });
  };
  const onPointerUp = () => {
    if (preview && onDraw) onDraw(preview);
    setDrag(null);
  };

  return { preview, handlers: { onPointerDown, onPointerMove, onPointerUp } };
}
