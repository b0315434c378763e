/** One cell of the storyboard sprite and the span of the video it stands for. */
export interface StoryboardCue {
  start: number;
  end: number;
  /** The sprite's URL, resolved against the WebVTT's own URL, without the `#xywh` fragment. */
  url: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

const TIMING = /^\s*((?:\d+:)?\d{1,2}:\d{2}\.\d{3})\s+-->\s+((?:\d+:)?\d{1,2}:\d{2}\.\d{3})/;

/** Seconds of a WebVTT timestamp (`hh:mm:ss.mmm` or `mm:ss.mmm`). */
export function vttSeconds(stamp: string): number {
  const parts = stamp.split(':').map(Number);
  return parts.reduce((total, part) => total * 60 + part, 0);
}

/**
 * The cues of a storyboard WebVTT (the server's `storyboardVttUrl`): each cue's text is
 * `sprite.jpg?t=…#xywh=x,y,w,h`. Cues without a valid fragment are skipped rather than failing
 * the whole seek bar.
 */
export function parseStoryboard(vtt: string, baseUrl: string): StoryboardCue[] {
  const cues: StoryboardCue[] = [];
  const lines = vtt.replace(/\r\n?/g, '\n').split('\n');
  for (let index = 0; index < lines.length; index += 1) {
    const timing = TIMING.exec(lines[index] ?? '');
    if (!timing) continue;
    const text = (lines[index + 1] ?? '').trim();
    const hash = text.lastIndexOf('#xywh=');
    if (hash < 0) continue;
    const box = text
      .slice(hash + '#xywh='.length)
      .split(',')
      .map(Number);
    if (box.length !== 4 || box.some((value) => !Number.isFinite(value))) continue;
    const [x = 0, y = 0, width = 0, height = 0] = box;
    cues.push({
      start: vttSeconds(timing[1] ?? ''),
      end: vttSeconds(timing[2] ?? ''),
      url: new URL(text.slice(0, hash), baseUrl).href,
      x,
      y,
      width,
      height,
    });
  }
  return cues;
}

/** The cue showing `time`, or the last one past the end (cues are in time order). */
export function cueAt(cues: readonly StoryboardCue[], time: number): StoryboardCue | null {
  if (cues.length === 0) return null;
  let low = 0;
  let high = cues.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if ((cues[middle]?.start ?? 0) <= time) low = middle;
    else high = middle - 1;
  }
  return cues[low] ?? null;
}
