import { describe, expect, it } from 'vitest';
import { mediaPlaylist } from '../live/live.playlists.ts';
import { adBreaksInWindow } from './ad-breaks.playlist.ts';
import { crc32Mpeg2 } from './scte35.ts';

const at = (seconds: number) => new Date(Date.UTC(2026, 10, 23, 21, 0, seconds));
const segments = Array.from({ length: 10 }, (_, index) => ({
  sequence: index,
  startedAt: at(index * 2),
  duration: 2,
  discontinuity: false,
}));
const playlist = (now: Date) =>
  mediaPlaylist(segments, {
    uri: (sequence) => `${sequence}.ts`,
    ended: false,
    dated: adBreaksInWindow([{ id: 42, startsAt: at(5), durationSeconds: 10 }], at(0), now),
  }).split('\n');

const hexOf = (line: string, attribute: string) =>
  Buffer.from(new RegExp(`${attribute}=0x([0-9A-F]+)`).exec(line)?.[1] ?? '', 'hex');

describe('ad breaks in the program playlist', () => {
  it('writes the OUT before the segment the break starts in, with PROGRAM-DATE-TIME on every segment', () => {
    const lines = playlist(at(9));
    const out = lines.findIndex((line) => line.startsWith('#EXT-X-DATERANGE'));
    expect(lines[out]).toMatch(
      /^#EXT-X-DATERANGE:ID="ad-break-42",CLASS="com\.regie\.ad-break",START-DATE="2026-11-23T21:00:05\.000Z",PLANNED-DURATION=10\.000,SCTE35-OUT=0xFC30/,
    );
    // The segment from 4 s to 6 s holds the break's start.
    expect(lines[out + 1]).toBe('#EXT-X-PROGRAM-DATE-TIME:2026-11-23T21:00:04.000Z');
    expect(lines.filter((line) => line.includes('SCTE35-IN'))).toEqual([]);
    const section = hexOf(lines[out] ?? '', 'SCTE35-OUT');
    expect(crc32Mpeg2(section)).toBe(0);
    // out_of_network_indicator set, with a break_duration of 10 s (900,000 ticks of 90 kHz).
    expect((section[19] ?? 0) & 0x80).toBe(0x80);
    expect(section.readUInt32BE(21)).toBe(900_000);
  });

  it('adds the IN under the same ID once the break is over, where it ends', () => {
    const lines = playlist(at(19));
    const tags = lines.filter((line) => line.startsWith('#EXT-X-DATERANGE'));
    expect(tags).toHaveLength(2);
    const back = lines.findIndex((line) => line.includes('SCTE35-IN'));
    expect(lines[back]).toMatch(
      /^#EXT-X-DATERANGE:ID="ad-break-42",CLASS="com\.regie\.ad-break",START-DATE="2026-11-23T21:00:05\.000Z",DURATION=10\.000,SCTE35-IN=0x/,
    );
    expect(lines[back + 1]).toBe('#EXT-X-PROGRAM-DATE-TIME:2026-11-23T21:00:14.000Z');
    expect((hexOf(lines[back] ?? '', 'SCTE35-IN')[19] ?? 0) & 0x80).toBe(0);
  });

  it('leaves out a break over before the window', () => {
    expect(adBreaksInWindow([{ id: 1, startsAt: at(0), durationSeconds: 30 }], at(40), at(50))).toEqual([]);
  });
});
