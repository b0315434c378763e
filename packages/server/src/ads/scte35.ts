/**
 * SCTE-35 splice_insert sections (ANSI/SCTE 35, §9.6 and §9.7.3), as the program playlists'
 * EXT-X-DATERANGE carry them in hex (RFC 8216 §4.3.2.7.1: SCTE35-OUT, SCTE35-IN). Only what an ad
 * break needs: one splice_insert for the whole program, no encryption, no tier restriction.
 */

/** Writes fields of any width up to 33 bits, most significant bit first, into bytes. */
class BitWriter {
  private readonly bits: number[] = [];

  write(value: number | bigint, width: number): this {
    const big = BigInt(value);
    for (let bit = width - 1; bit >= 0; bit -= 1) this.bits.push(Number((big >> BigInt(bit)) & 1n));
    return this;
  }

  bytes(): Uint8Array {
    if (this.bits.length % 8 !== 0) throw new Error(`SCTE-35: ${this.bits.length} bits is not whole bytes`);
    const out = new Uint8Array(this.bits.length / 8);
    this.bits.forEach((bit, index) => {
      out[index >> 3] = (out[index >> 3] ?? 0) | (bit << (7 - (index & 7)));
    });
    return out;
  }
}

/** CRC-32/MPEG-2 (polynomial 0x04C11DB7, initial 0xFFFFFFFF, not reflected, no final xor): the section's last field. */
export function crc32Mpeg2(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte << 24;
    for (let bit = 0; bit < 8; bit += 1) {
      crc = crc & 0x80000000 ? (crc << 1) ^ 0x04c11db7 : crc << 1;
    }
  }
  return crc >>> 0;
}

/** 90 kHz ticks, the clock of SCTE-35's times and durations. */
export const SCTE35_TICKS_PER_SECOND = 90_000;

export interface SpliceInsert {
  /** The break's id: the same in its OUT and its IN. */
  eventId: number;
  /** true: leaving the program for the ad (OUT); false: back to it (IN). */
  outOfNetwork: boolean;
  /** When, in the stream's 90 kHz PTS; omitted: at once (splice_immediate_flag). */
  ptsTime?: bigint;
  /** The break's length in seconds (an OUT's break_duration), with auto_return. */
  durationSeconds?: number;
  /** Exact 90 kHz ticks instead of seconds (to match a recorded section). */
  durationTicks?: bigint;
  /** An avail_descriptor ('CUEI') naming the avail for the ad server. */
  providerAvailId?: number;
}

function spliceInsertCommand(insert: SpliceInsert): Uint8Array {
  const immediate = insert.ptsTime === undefined;
  const ticks =
    insert.durationTicks ??
    (insert.durationSeconds === undefined
      ? undefined
      : BigInt(Math.round(insert.durationSeconds * SCTE35_TICKS_PER_SECOND)));
  const command = new BitWriter()
    .write(insert.eventId >>> 0, 32)
    .write(0, 1) // splice_event_cancel_indicator
    .write(0x7f, 7)
    .write(insert.outOfNetwork ? 1 : 0, 1)
    .write(1, 1) // program_splice_flag: the whole program
    .write(ticks === undefined ? 0 : 1, 1)
    .write(immediate ? 1 : 0, 1)
    .write(0xf, 4); // event_id_compliance_flag and reserved
  if (!immediate)
    command
      .write(1, 1)
      .write(0x3f, 6)
      .write(insert.ptsTime ?? 0n, 33);
  if (ticks !== undefined) command.write(1, 1).write(0x3f, 6).write(ticks, 33);
  command.write(0, 16).write(0, 8).write(0, 8); // unique_program_id, avail_num, avails_expected
  return command.bytes();
}

function descriptors(insert: SpliceInsert): Uint8Array {
  if (insert.providerAvailId === undefined) return new Uint8Array(0);
  // avail_descriptor: tag 0, length 8, identifier 'CUEI', provider_avail_id.
  return new BitWriter().write(0, 8).write(8, 8).write(0x43554549, 32).write(insert.providerAvailId, 32).bytes();
}

/** A whole splice_info_section holding one splice_insert, CRC included. */
export function spliceInsertSection(insert: SpliceInsert): Uint8Array {
  const command = spliceInsertCommand(insert);
  const loop = descriptors(insert);
  // What follows section_length: 10 bytes of header (protocol_version to splice_command_length),
  // the command's type and body, the descriptor loop's length and loop, 4 of CRC.
  const sectionLength = 10 + 1 + command.length + 2 + loop.length + 4;
  const head = new BitWriter()
    .write(0xfc, 8) // table_id
    .write(0, 1) // section_syntax_indicator
    .write(0, 1) // private_indicator
    .write(3, 2) // sap_type: not specified
    .write(sectionLength, 12)
    .write(0, 8) // protocol_version
    .write(0, 1) // encrypted_packet
    .write(0, 6) // encryption_algorithm
    .write(0, 33) // pts_adjustment
    .write(0xff, 8) // cw_index
    .write(0xfff, 12) // tier: no restriction
    .write(command.length, 12)
    .write(5, 8) // splice_command_type: splice_insert
    .bytes();
  const body = new Uint8Array([...head, ...command, ...new BitWriter().write(loop.length, 16).bytes(), ...loop]);
  const crc = new BitWriter().write(crc32Mpeg2(body), 32).bytes();
  return new Uint8Array([...body, ...crc]);
}

/** The section as RFC 8216 writes it in an attribute: 0x and upper-case hex. */
export function scte35Hex(section: Uint8Array): string {
  return `0x${Buffer.from(section).toString('hex').toUpperCase()}`;
}
