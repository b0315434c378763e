/**
 * Reads a restream's `-progress pipe:1` output (blocks of key=value lines ending with
 * `progress=continue|end`). Each block gives the output position and, from the bytes written
 * since the previous block, the bitrate actually sent (ffmpeg's own `bitrate=` is the average
 * since the start, which hides a stall).
 */
export interface ProgressBlock {
  outTimeUs: number;
  totalBytes: number;
  /** Kbit/s sent between this block and the previous one; null on the first block. */
  bitrateKbps: number | null;
}

export interface RestreamProgress {
  push(chunk: string): ProgressBlock[];
}

export function createRestreamProgress(now: () => number = Date.now): RestreamProgress {
  let pending = '';
  let fields = new Map<string, string>();
  let previous: { bytes: number; at: number } | null = null;
  return {
    push(chunk) {
      const lines = (pending + chunk).split('\n');
      pending = lines.pop() ?? '';
      const blocks: ProgressBlock[] = [];
      for (const line of lines) {
        const separator = line.indexOf('=');
        if (separator < 0) continue;
        const key = line.slice(0, separator).trim();
        fields.set(key, line.slice(separator + 1).trim());
        if (key !== 'progress') continue;
        const outTimeUs = Number(fields.get('out_time_us') ?? fields.get('out_time_ms'));
        const totalBytes = Number(fields.get('total_size'));
        fields = new Map();
        if (!Number.isFinite(outTimeUs) || !Number.isFinite(totalBytes)) continue;
        const at = now();
        const elapsed = previous ? (at - previous.at) / 1000 : 0;
        const bitrateKbps =
          previous && elapsed > 0
            ? Math.max(0, Math.round(((totalBytes - previous.bytes) * 8) / 1000 / elapsed))
            : null;
        previous = { bytes: totalBytes, at };
        blocks.push({ outTimeUs, totalBytes, bitrateKbps });
      }
      return blocks;
    },
  };
}
