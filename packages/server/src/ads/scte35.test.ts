import { describe, expect, it } from 'vitest';
import { crc32Mpeg2, scte35Hex, spliceInsertSection } from './scte35.ts';

/** The splice_insert sample of ANSI/SCTE 35 (2019) §14.2, as base64. */
const SPEC_SAMPLE = '/DAvAAAAAAAA///wFAVIAACPf+/+c2nALv4AUsz1AAAAAAAKAAhDVUVJAAABNWLbowo=';

describe('SCTE-35', () => {
  it('computes CRC-32/MPEG-2 (its check value over "123456789" is 0x0376E6E7)', () => {
    expect(crc32Mpeg2(new TextEncoder().encode('123456789'))).toBe(0x0376e6e7);
  });

  it("finds the spec sample's own CRC, and zero over a whole section", () => {
    const sample = Buffer.from(SPEC_SAMPLE, 'base64');
    expect(crc32Mpeg2(sample.subarray(0, -4))).toBe(sample.readUInt32BE(sample.length - 4));
    expect(crc32Mpeg2(sample)).toBe(0);
  });

  it('writes the spec sample byte for byte from its fields', () => {
    const section = spliceInsertSection({
      eventId: 0x4800008f,
      outOfNetwork: true,
      ptsTime: 0x07369c02en,
      durationTicks: 0x00052ccf5n,
      providerAvailId: 0x135,
    });
    expect(Buffer.from(section).toString('base64')).toBe(SPEC_SAMPLE);
  });

  it("writes an immediate OUT with the break's duration and an IN, each with a valid CRC", () => {
    const out = spliceInsertSection({ eventId: 7, outOfNetwork: true, durationSeconds: 60 });
    expect(scte35Hex(out)).toBe(`0xFC3020000000000000FFFFF00F05000000077FFFFE005265C0000000000000${crcOf(out)}`);
    expect(crc32Mpeg2(out)).toBe(0);
    const back = spliceInsertSection({ eventId: 7, outOfNetwork: false });
    // out_of_network 0, program 1, no duration, immediate: 0x5F.
    expect(back[19]).toBe(0x5f);
    expect(back[2]).toBe(back.length - 3);
    expect(crc32Mpeg2(back)).toBe(0);
  });
});

function crcOf(section: Uint8Array): string {
  return Buffer.from(section.subarray(-4)).toString('hex').toUpperCase();
}
