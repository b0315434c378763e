import { describe, expect, it } from 'vitest';
import { createRestreamProgress } from './simulcast.progress.ts';
import { backoffMs, restreamArgs } from './simulcast.supervisor.ts';

const block = (outTimeUs: number, bytes: number) =>
  `frame=10\ntotal_size=${bytes}\nout_time_us=${outTimeUs}\nbitrate=999.0kbits/s\nprogress=continue\n`;

describe('restream progress', () => {
  it('gives the position of each block and the bitrate sent between blocks', () => {
    let clock = 1_000;
    const progress = createRestreamProgress(() => clock);
    expect(progress.push(block(1_000_000, 100_000))).toEqual([
      { outTimeUs: 1_000_000, totalBytes: 100_000, bitrateKbps: null },
    ]);
    clock += 2_000;
    // 250 000 bytes in 2 s = 1000 kbit/s, split across two chunks.
    const text = block(3_000_000, 350_000);
    expect(progress.push(text.slice(0, 20))).toEqual([]);
    expect(progress.push(text.slice(20))).toEqual([{ outTimeUs: 3_000_000, totalBytes: 350_000, bitrateKbps: 1000 }]);
  });

  it('skips blocks without a position (N/A before the first packet)', () => {
    const progress = createRestreamProgress(() => 0);
    expect(progress.push('total_size=0\nout_time_us=N/A\nprogress=continue\n')).toEqual([]);
  });
});

describe('restream supervision', () => {
  it('backs off exponentially up to the cap', () => {
    const backoff = { initialMs: 500, factor: 2, maxMs: 5_000 };
    expect([1, 2, 3, 4, 5, 6].map((attempt) => backoffMs(attempt, backoff))).toEqual([
      500, 1000, 2000, 4000, 5000, 5000,
    ]);
  });

  it('copies the streams to FLV at the target', () => {
    const args = restreamArgs('rtmp://127.0.0.1/live/in', 'rtmps://example.com/app/key');
    expect(args.slice(-5)).toEqual(['-c', 'copy', '-f', 'flv', 'rtmps://example.com/app/key']);
    expect(args[args.indexOf('-i') + 1]).toBe('rtmp://127.0.0.1/live/in');
    expect(args[args.indexOf('-progress') + 1]).toBe('pipe:1');
    expect(args).not.toContain('-live_start_index');
  });

  it('reads a live HLS playlist over HTTP from its last segment', () => {
    const source = 'http://127.0.0.1:3000/live-media/1/2/live.m3u8?t=123.abc';
    const args = restreamArgs(source, 'rtmps://example.com/app/key');
    const input = args.indexOf('-i');
    expect(args[input + 1]).toBe(source);
    expect(args.slice(0, input).join(' ')).toContain('-live_start_index -1');
    expect(restreamArgs('https://example.com/a/live.m3u8', 'rtmp://x/k')).toContain('-live_start_index');
    // Neither a file nor an RTMP source nor another HTTP file is a live playlist.
    expect(restreamArgs('/tmp/list.m3u8', 'rtmp://x/k')).not.toContain('-live_start_index');
    expect(restreamArgs('http://127.0.0.1/media/video.mp4?t=x.m3u8', 'rtmp://x/k')).not.toContain('-live_start_index');
  });
});
