import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { currentRequestId, requestIdMixin, withRequestId } from './request-id.ts';

function logLines() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      const text = String(chunk);
      // A key written twice would be read once by JSON.parse: count them in the text.
      lines.push({ ...JSON.parse(text), reqIdKeys: text.split('"reqId"').length - 1 });
      done();
    },
  });
  return { lines, log: pino({ mixin: requestIdMixin }, stream) };
}

describe('the current request id', () => {
  it('follows the work of a request across awaits, and nothing outside it', async () => {
    expect(currentRequestId()).toBeUndefined();
    const seen = await withRequestId('request-1', async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return [currentRequestId(), withRequestId(null, () => currentRequestId())];
    });
    expect(seen).toEqual(['request-1', undefined]);
    expect(currentRequestId()).toBeUndefined();
  });

  it("is on a line the app's own logger writes for a request, once", () => {
    const { lines, log } = logLines();
    log.info('outside');
    withRequestId('request-2', () => {
      log.info('inside');
      // request.log names it already (Fastify's child logger): not twice.
      log.child({ reqId: 'request-2' }).info('request logger');
    });
    expect(lines.map((line) => [line.msg, line.reqId, line.reqIdKeys])).toEqual([
      ['outside', undefined, 0],
      ['inside', 'request-2', 1],
      ['request logger', 'request-2', 1],
    ]);
  });
});
