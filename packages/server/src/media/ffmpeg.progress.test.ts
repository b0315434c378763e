import { describe, expect, it } from 'vitest';
import { createProgressParser } from './ffmpeg.progress.ts';
import { tailLines } from './ffmpeg.runner.ts';

const block = (outTimeUs: string, progress = 'continue') =>
  `frame=10\nfps=0.0\nout_time_us=${outTimeUs}\nout_time_ms=${outTimeUs}\nout_time=00:00:00.4\nspeed=1x\nprogress=${progress}\n`;

describe('ffmpeg progress parser', () => {
  it('turns out_time_us into a percentage of the known duration', () => {
    const parser = createProgressParser(10);
    expect(parser.push(block('2500000'))).toBe(25);
    expect(parser.push(block('5000000'))).toBe(50);
  });

  it('reaches 100 only at progress=end', () => {
    const parser = createProgressParser(10);
    expect(parser.push(block('10000000'))).toBe(99);
    expect(parser.push(block('10000000', 'end'))).toBe(100);
  });

  it('reads key=value lines split across chunks', () => {
    const parser = createProgressParser(4);
    expect(parser.push('out_time')).toBeNull();
    expect(parser.push('_us=1000')).toBeNull();
    expect(parser.push('000\nprogress=continue\n')).toBe(25);
  });

  it('ignores N/A, negative starts and steps back, and reports a value once', () => {
    const parser = createProgressParser(10);
    expect(parser.push(block('N/A'))).toBeNull();
    expect(parser.push(block('-23000'))).toBe(0);
    expect(parser.push(block('3000000'))).toBe(30);
    expect(parser.push(block('3000001'))).toBeNull();
    expect(parser.push(block('2900000'))).toBeNull();
  });

  it('without a duration only reports the end', () => {
    const parser = createProgressParser(null);
    expect(parser.push(block('3000000'))).toBeNull();
    expect(parser.push(block('3000000', 'end'))).toBe(100);
  });
});

describe('tailLines', () => {
  it('keeps the last distinct non-empty lines on one line', () => {
    expect(tailLines('a\n\nb\r\nc\nd\ne\nf\ng\ng\n')).toBe('b; c; d; e; f; g');
  });

  it('drops the component and address prefixes', () => {
    expect(tailLines('[mov,mp4,m4a,3gp,3g2,mj2 @ 0x55b837611180] moov atom not found\n/a.mp4: Invalid data\n')).toBe(
      'moov atom not found; /a.mp4: Invalid data',
    );
  });
});
