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

/** Pixels kept free along each edge of the frame (a layout's safe area). */
export interface FrameInsets {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

const NO_INSETS: FrameInsets = { left: 0, right: 0, top: 0, bottom: 0 };

/** The middle of the room left between two insets, as an overlay coordinate. */
const middle = (size: 'w' | 'h', before: number, after: number) =>
  before === 0 && after === 0
    ? `(main_${size}-overlay_${size})/2`
    : `${before}+(main_${size}-${before + after}-overlay_${size})/2`;

/**
 * ffmpeg overlay coordinates of a preset, `margin` pixels from the edges it is placed against,
 * inside the `insets` kept free.
 */
export function graphicXY(
  position: GraphicPosition,
  margin: number,
  insets: FrameInsets = NO_INSETS,
): { x: string; y: string } {
  const [vertical, horizontal] = position === 'center' ? ['middle', 'center'] : position.split('-');
  const x =
    horizontal === 'left'
      ? String(margin + insets.left)
      : horizontal === 'right'
        ? `main_w-overlay_w-${margin + insets.right}`
        : middle('w', insets.left, insets.right);
  const y =
    vertical === 'top'
      ? String(margin + insets.top)
      : vertical === 'bottom'
        ? `main_h-overlay_h-${margin + insets.bottom}`
        : middle('h', insets.top, insets.bottom);
  return { x, y };
}

/**
 * The inputs and filters that lay `graphics` over the chain `main` (a filter chain without its
 * output label, e.g. `[0:v:0]setpts=…`), the first graphic's image being input `firstInput`.
 * Each graphic is scaled to its share of `frameWidth` (height kept in proportion), given its
 * opacity, and laid in order (the last one on top). Answers the chain that ends with them all.
 * In another aspect's `layout` they are `scale` times wider and kept inside its insets.
 */
export function graphicOverlayArgs(
  main: string,
  graphics: readonly GraphicOverlay[],
  firstInput: number,
  frameWidth: number,
  layout: { insets: FrameInsets; scale: number } = { insets: NO_INSETS, scale: 1 },
): { inputs: string[]; filters: string[]; main: string } {
  const inputs: string[] = [];
  const filters: string[] = [];
  let chain = main;
  graphics.forEach((graphic, index) => {
    inputs.push('-i', graphic.image);
    const margin = Math.round((frameWidth * graphic.marginPercent) / 100);
    const scaled = (frameWidth * graphic.widthPercent * layout.scale) / 100;
    // Enlarged for a narrower frame, never past its safe area (in 16:9 a graphic is as wide as it says).
    const room = frameWidth - layout.insets.left - layout.insets.right - 2 * margin;
    const width = even(
      layout.scale === 1 ? scaled : Math.min(scaled, Math.max(room, (frameWidth * graphic.widthPercent) / 100)),
    );
    const opacity = Math.min(1, Math.max(0, graphic.opacity));
    const { x, y } = graphicXY(graphic.position, margin, layout.insets);
    filters.push(
      `[${firstInput + index}:v]scale=${width}:-2,format=rgba,colorchannelmixer=aa=${opacity}[graphic${index}]`,
    );
    filters.push(`${chain}[under${index}]`);
    // A still image ends after one frame: eof_action=repeat keeps it over the whole cut. The cut
    // is yuv420p: blending in it (format=yuv420) spares converting every frame to RGB and back
    // (format=auto made a logo cost as much as the crop and scale of a 9:16 rendition).
    chain = `[under${index}][graphic${index}]overlay=x=${x}:y=${y}:eof_action=repeat:format=yuv420`;
  });
  return { inputs, filters, main: chain };
}
