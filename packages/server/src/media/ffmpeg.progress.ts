/**
 * Reads ffmpeg's `-progress pipe:1` output: blocks of key=value lines, each ending with
 * `progress=continue` or, once, `progress=end`. `out_time_us` is the position reached in the
 * output; against the known duration it gives a percentage. Below 100 until `progress=end`,
 * so 100 always means the whole file was written.
 */
export interface ProgressParser {
  /** Feeds a chunk of stdout; returns the new percentage when the chunk moved it, else null. */
  push(chunk: string): number | null;
}

export function createProgressParser(durationSeconds: number | null): ProgressParser {
  let pending = '';
  let last = -1;
  return {
    push(chunk) {
      const lines = (pending + chunk).split('\n');
      pending = lines.pop() ?? '';
      let percent: number | null = null;
      for (const line of lines) {
        const separator = line.indexOf('=');
        if (separator < 0) continue;
        const key = line.slice(0, separator).trim();
        const value = line.slice(separator + 1).trim();
        if (key === 'progress' && value === 'end') percent = 100;
        if (key !== 'out_time_us' || !durationSeconds || durationSeconds <= 0) continue;
        const microseconds = Number(value);
        if (!Number.isFinite(microseconds)) continue;
        percent = Math.min(99, Math.max(0, Math.floor((microseconds / (durationSeconds * 1_000_000)) * 100)));
      }
      if (percent === null || percent === last) return null;
      // ffmpeg's position can step back slightly between blocks: never report a lower value.
      if (percent < last) return null;
      last = percent;
      return percent;
    },
  };
}
