import type { WatermarkCorner } from '@regie/contract/watermark';
import { graphicXY } from '../graphics/graphics.args.ts';

/** The account's logo to burn into a picture (contract watermark.ts), its image as a local file. */
export interface WatermarkOverlay {
  image: string;
  corner: WatermarkCorner;
  /** The logo's width, % of the picture's width. */
  sizePercent: number;
  /** 0 (invisible) to 1 (opaque). */
  opacity: number;
  /** Distance to the two edges of its corner, % of the picture's width. */
  marginPercent: number;
}

/** An even number, at least 2 (libx264 with yuv420p wants even sizes). */
const even = (value: number) => Math.max(2, Math.round(value / 2) * 2);

/** The logo's width and margin in pixels of a picture `frameWidth` wide. */
export function watermarkBox(watermark: WatermarkOverlay, frameWidth: number): { width: number; margin: number } {
  return {
    width: even((frameWidth * watermark.sizePercent) / 100),
    margin: Math.round((frameWidth * watermark.marginPercent) / 100),
  };
}

/**
 * The filters that lay the logo (input `logoInput`) over the chain `main` (e.g. `[0:v:0]`), as
 * the chain labelled `output`. The logo is scaled to its share of `frameWidth`, its alpha
 * multiplied by the opacity, and laid in its corner; a still image ends after one frame, so
 * eof_action=repeat keeps it over the whole video. Blending in yuv420 spares converting every
 * frame to RGB and back (what makes the overlay cheap beside the ladder's encodes).
 */
export function watermarkFilters(
  main: string,
  logoInput: number,
  frameWidth: number,
  watermark: WatermarkOverlay,
  output: string,
): string[] {
  const { width, margin } = watermarkBox(watermark, frameWidth);
  const opacity = Math.min(1, Math.max(0, watermark.opacity));
  const { x, y } = graphicXY(watermark.corner, margin);
  return [
    `[${logoInput}:v]scale=${width}:-2,format=rgba,colorchannelmixer=aa=${opacity}[wmlogo]`,
    `${main}[wmlogo]overlay=x=${x}:y=${y}:eof_action=repeat:format=yuv420${output}`,
  ];
}
