/**
 * Work asked for again and again in a burst, done once per key after `everyMs` (trailing: what
 * runs follows the last ask gathered): a MOTM game's results after its votes, a quiz's rankings
 * event after its answers. The first ask of a key schedules the run; asks meanwhile join it.
 * `close` runs what is pending at once and waits for every run under way.
 */
export interface Trailing<Key, Value> {
  ask(key: Key, value: Value): void;
  close(): Promise<void>;
}

export function createTrailing<Key, Value>(
  everyMs: number,
  run: (key: Key, value: Value) => Promise<void>,
  onError: (error: unknown) => void,
): Trailing<Key, Value> {
  const pending = new Map<Key, { value: Value; timer: NodeJS.Timeout }>();
  const inFlight = new Set<Promise<void>>();
  const start = (key: Key, value: Value) => {
    pending.delete(key);
    const running = run(key, value).catch(onError);
    inFlight.add(running);
    void running.finally(() => inFlight.delete(running));
  };
  return {
    ask(key, value) {
      if (pending.has(key)) return;
      pending.set(key, { value, timer: setTimeout(() => start(key, value), everyMs) });
    },
    async close() {
      for (const [key, { value, timer }] of [...pending]) {
        clearTimeout(timer);
        start(key, value);
      }
      await Promise.all([...inFlight]);
    },
  };
}
