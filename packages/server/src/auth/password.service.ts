import { hash, type Options, verify } from '@node-rs/argon2';

/**
 * Password hashing for staff and fans: argon2id (RFC 9106) with OWASP's first recommended
 * setting, written out rather than left to the library's defaults (which are these today):
 * - memory 19 MiB (19 456 KiB): what makes each guess costly on GPUs; a hash holds it only while
 *   it runs, on libuv's threads (4 by default), so a crowd's burst peaks at ~80 MB, not per fan;
 * - 2 passes (timeCost): OWASP's equivalent of 46 MiB × 1 pass, with less memory per hash;
 * - parallelism 1: one lane, so one hash uses one core and the other cores serve other fans.
 * About 20 ms of one core per hash or verification on a 2-core dev machine: ~49 fan sign-ins per
 * second per core (issue 28.6, measured 2026-11-27). A stored hash made with other
 * parameters still verifies (they are in the hash) and is rehashed at the next sign-in
 * (needsRehash).
 */
export const PASSWORD_HASHING: Readonly<Options> & { memoryCost: number; timeCost: number; parallelism: number } = {
  // Algorithm.Argon2id (a const enum of the library's types, not importable as a value here).
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

/** The PHC prefix of a hash made with PASSWORD_HASHING. */
const CURRENT_PREFIX = `$argon2id$v=19$m=${PASSWORD_HASHING.memoryCost},t=${PASSWORD_HASHING.timeCost},p=${PASSWORD_HASHING.parallelism}$`;

export function hashPassword(password: string): Promise<string> {
  return hash(password, PASSWORD_HASHING);
}

/** True when a stored hash was made with other parameters (or another algorithm) than today's. */
export function needsRehash(storedHash: string): boolean {
  return !storedHash.startsWith(CURRENT_PREFIX);
}

let dummyHash: Promise<string> | undefined;

/** A hash of nothing anyone knows, to spend the same time when there is no stored hash. */
export function timingEqualiserHash(): Promise<string> {
  dummyHash ??= hashPassword('regie-timing-equaliser');
  return dummyHash;
}

/**
 * Checks a password; without a stored hash (unknown user) it still runs one verification against
 * a throwaway hash, so response times do not reveal which usernames exist.
 */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (storedHash === null) {
    await verify(await timingEqualiserHash(), password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
