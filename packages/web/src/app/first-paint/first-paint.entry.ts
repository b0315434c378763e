// The script index.html runs (first-paint.plugin.ts bundles it, and writes the data in): it
// paints the frame, then starts the app's code once the frame is on screen (start-code.ts).
import { type FirstPaintData, paintFrame } from './first-paint.ts';
import { FIRST_PAINT_ELEMENT_ID } from './shell-html.ts';
import { afterPaint, START_CODE_GLOBAL } from './start-code.ts';

/** Written in at build time (first-paint.plugin.ts). */
declare const __REGIE_FIRST_PAINT__: FirstPaintData;

const startCode = (window as unknown as Record<string, (() => void) | undefined>)[START_CODE_GLOBAL] ?? (() => {});
let painted = false;
try {
  painted = paintFrame(
    __REGIE_FIRST_PAINT__,
    document.getElementById(FIRST_PAINT_ELEMENT_ID),
    window.location.pathname,
  );
} finally {
  if (painted) afterPaint(startCode);
  else startCode();
}
