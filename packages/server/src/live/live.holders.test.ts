import { describe, expect, it } from 'vitest';
import { createMemoryHub, type RealtimeHub } from '../realtime/realtime.hub.ts';
import { HOLDER_ANSWER_MS, HolderDesk, type HolderOf } from './live.holders.ts';

/** Two live nodes on one hub: `a` holds input 7 (token 3) while it packages it; `b` asks. */
function nodes(hub: RealtimeHub, aPackages: () => boolean) {
  const errors: string[] = [];
  const a = new HolderDesk({
    hub,
    holder: 'node-a',
    answers: (held) => held.inputId === 7 && held.token === 3 && aPackages(),
    onError: (_error, what) => errors.push(what),
  });
  const b = new HolderDesk({
    hub,
    holder: 'node-b',
    answers: () => false,
    onError: (_error, what) => errors.push(what),
  });
  a.start();
  b.start();
  return { a, b, errors };
}

const held: HolderOf = { inputId: 7, holder: 'node-a', token: 3 };

describe("the cluster's question about an input's holder (live.holders.ts, alone)", () => {
  it('hears "alive" from a holder that still packages the input', async () => {
    const { a, b } = nodes(createMemoryHub(), () => true);
    expect(await b.ask(held)).toBe('alive');
    a.stop();
    b.stop();
  });

  it('takes silence after HOLDER_ANSWER_MS for a holder gone, or asked about another lease', async () => {
    const packaging = { now: false };
    const { a, b } = nodes(createMemoryHub(), () => packaging.now);
    const started = Date.now();
    expect(await b.ask(held)).toBe('silent');
    expect(Date.now() - started).toBeGreaterThanOrEqual(HOLDER_ANSWER_MS - 5);
    packaging.now = true;
    // A stale token (the lease was taken again since): not this holder's to answer.
    expect(await b.ask({ ...held, token: 2 })).toBe('silent');
    a.stop();
    expect(await b.ask(held)).toBe('silent');
    b.stop();
  });

  it('says "unasked" when the hub cannot carry the question', async () => {
    const hub = createMemoryHub();
    const { b, errors } = nodes({ ...hub, publish: () => Promise.reject(new Error('hub away')) }, () => true);
    expect(await b.ask(held)).toBe('unasked');
    expect(errors).toContain('live: the input’s holder not asked (hub away); waiting for its lease');
    b.stop();
  });
});
