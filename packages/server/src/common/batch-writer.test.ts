import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBatchWriter } from './batch-writer.ts';

afterEach(() => {
  vi.useRealTimers();
});

function recorder(failures = 0) {
  const batches: number[][] = [];
  let failing = failures;
  const write = vi.fn(async (rows: number[]) => {
    if (failing > 0) {
      failing -= 1;
      throw new Error('database away');
    }
    batches.push(rows);
  });
  return { batches, write };
}

describe('the batch writer', () => {
  it('writes what a second gathered in one statement, and a full batch at once', async () => {
    vi.useFakeTimers();
    const { batches, write } = recorder();
    const writer = createBatchWriter<number>({ write, everyMs: 1_000, maxRows: 100, onError: () => undefined });
    for (let row = 0; row < 40; row += 1) writer.add(row);
    expect(write).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(batches).toEqual([Array.from({ length: 40 }, (_, row) => row)]);
    for (let row = 0; row < 100; row += 1) writer.add(row);
    await vi.advanceTimersByTimeAsync(0);
    expect(batches).toHaveLength(2);
    expect(batches[1]).toHaveLength(100);
  });

  it('writes a backlog in statements of rowsPerWrite rows, in order', async () => {
    const { batches, write } = recorder();
    const writer = createBatchWriter<number>({ write, maxRows: 2, rowsPerWrite: 5, onError: () => undefined });
    // A burst: the second row starts a write, which takes what waits by then, five at a time.
    for (let row = 0; row < 12; row += 1) writer.add(row);
    await writer.close();
    expect(batches).toEqual([
      [0, 1, 2, 3, 4],
      [5, 6, 7, 8, 9],
      [10, 11],
    ]);
  });

  it('keeps the rows of a failed write for the next round, in their order', async () => {
    vi.useFakeTimers();
    const { batches, write } = recorder(1);
    const errors: unknown[] = [];
    const writer = createBatchWriter<number>({ write, everyMs: 1_000, onError: (error) => errors.push(error) });
    writer.add(1);
    writer.add(2);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(errors).toHaveLength(1);
    writer.add(3);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('writes what waits when it closes (a stop loses nothing)', async () => {
    const { batches, write } = recorder();
    const writer = createBatchWriter<number>({ write, everyMs: 60_000, onError: () => undefined });
    writer.add(7);
    writer.add(8);
    await writer.close();
    expect(batches).toEqual([[7, 8]]);
  });

  it('drops the oldest rows, and says how many, beyond what it may keep', async () => {
    vi.useFakeTimers();
    const { write } = recorder(1);
    const dropped: number[] = [];
    const writer = createBatchWriter<number>({
      write,
      everyMs: 1_000,
      maxRows: 10,
      maxPending: 5,
      onError: (_error, count) => dropped.push(count),
    });
    for (let row = 0; row < 8; row += 1) writer.add(row);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(dropped).toEqual([3]);
  });
});
