import { createHash } from 'node:crypto';
import { pipeline, type Readable, Transform } from 'node:stream';
import { SizeMismatchError } from './storage.types.ts';

/**
 * A pass-through that counts bytes (and hashes them when asked): with `expected`, it fails as soon
 * as the body runs longer, or at its end when it ran shorter, so a wrong-sized part is never kept.
 */
export function byteCounter(options: { expected?: number; limit?: number; onLimit?: () => Error; md5?: boolean } = {}) {
  const hash = options.md5 ? createHash('md5') : null;
  let bytes = 0;
  const transform = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (options.expected !== undefined && bytes > options.expected) {
        done(new SizeMismatchError(options.expected, bytes));
        return;
      }
      if (options.limit !== undefined && bytes > options.limit) {
        done(options.onLimit?.() ?? new SizeMismatchError(options.limit, bytes));
        return;
      }
      hash?.update(chunk);
      done(null, chunk);
    },
    flush(done) {
      if (options.expected !== undefined && bytes !== options.expected) {
        done(new SizeMismatchError(options.expected, bytes));
        return;
      }
      done();
    },
  });
  return {
    stream: transform,
    get bytes() {
      return bytes;
    },
    /** The MD5 of what went through, hex (md5: true only). */
    digest: () => hash?.digest('hex') ?? '',
  };
}

/** `body` through `transform`; an error on either side destroys both (unlike `pipe`). */
export function through(body: Readable, transform: Transform): Transform {
  return pipeline(body, transform, () => undefined);
}
