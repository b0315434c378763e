import type { GraphicPosition } from '@regie/contract/graphics';

/** A graphic to burn into a clip: its image file and how it is placed (contract graphics.ts). */
export interface GraphicOverlay {
  image: string;
  position: GraphicPosition;
  /** % of the clip's width. */
  widthPercent: number;
  marginPercent: number;
  /** 0 (invisible) to 1 (opaque). */
  opacity: number;
}

/** An even number, at least 2 (libx264 with yuv420p wants even sizes). */
const even = (value: number) => Math.max(2, Math.round(value / 2) * 2);

/** ffmpeg overlay coordinates of a preset, `margin` pixels from the edges it is placed against. */
export function graphicXY(position: GraphicPosition, margin: number): { x: string; y: string } {
  const [vertical, horizontal] = position === 'center' ? ['middle', 'center'] : position.split('-');
  const x =
    horizontal === 'left'
      ? String(margin)
      : horizontal === 'right'
        ? `main_w-overlay_w-${margin}`
        : '(main_w-overlay_w)/2';
  const y =
    vertical === 'top' ? String(margin) : vertical === 'bottom' ? `main_h-overlay_h-${margin}` : '(main_h-overlay_h)/2';
  return { x, y };
}

/**
 * The inputs and filters that lay `graphics` over the chain `main` (a filter chain without its
 * output label, e.g. `[0:v:0]setpts=…`), the first graphic's image being input `firstInput`.
 * Each graphic is scaled to its share of `frameWidth` (height kept in proportion), given its
 * opacity, and laid in order (the last one on top). Answers the chain that ends with them all.
 */
export function graphicOverlayArgs(
  main: string,
  graphics: readonly GraphicOverlay[],
  firstInput: number,
  frameWidth: number,
): { inputs: string[]; filters: string[]; main: string } {
  const inputs: string[] = [];
  const filters: string[] = [];
  let chain = main;
  graphics.forEach((graphic, index) => {
    inputs.push('-i', graphic.image);
    const width = even((frameWidth * graphic.widthPercent) / 100);
    const opacity = Math.min(1, Math.max(0, graphic.opacity));
    const { x, y } = graphicXY(graphic.position, Math.round((frameWidth * graphic.marginPercent) / 100));
    filters.push(
      `[${firstInput + index}:v]scale=${width}:-2,format=rgba,colorchannelmixer=aa=${opacity}[graphic${index}]`,
    );
    filters.push(`${chain}[under${index}]`);
    // A still image ends after one frame: eof_action=repeat keeps it over the whole cut.
    chain = `[under${index}][graphic${index}]overlay=x=${x}:y=${y}:eof_action=repeat:format=auto,format=yuv420p`;
  });
  return { inputs, filters, main: chain };
}
