// The script index.html runs (first-paint.plugin.ts bundles it, and writes the data in).
import { type FirstPaintData, paintFrame } from './first-paint.ts';
import { FIRST_PAINT_ELEMENT_ID } from './shell-html.ts';

/** Written in at build time (first-paint.plugin.ts). */
declare const __REGIE_FIRST_PAINT__: FirstPaintData;

paintFrame(__REGIE_FIRST_PAINT__, document.getElementById(FIRST_PAINT_ELEMENT_ID), window.location.pathname);
