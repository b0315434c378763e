/**
 * Rows written in batches (issue 28.4): a crowd's plays reach one process by thousands a second,
 * and one insert per request would make the database the limit. Rows are gathered and written
 * with one multi-row statement every `everyMs` or as soon as `maxRows` are waiting.
 *
 * - A failed write keeps its rows for the next round (up to `maxPending`, beyond which the
 *   oldest are dropped and said), so a database away for a moment loses nothing.
 * - `close()` (SIGTERM, the app closing) writes what is waiting. A process killed with -9 loses
 *   at most what arrived during its last `everyMs` (README, "Fans at match-night scale").
 */
export interface BatchWriter<Row> {
  add(row: Row): void;
  /** Writes what is waiting now (tests read the rows after it; close uses it). */
  flush(): Promise<void>;
  close(): Promise<void>;
}

export interface BatchWriterOptions<Row> {
  write: (rows: Row[]) => Promise<void>;
  everyMs?: number;
  /** Rows waiting that start a write at once (instead of at the next `everyMs`). */
  maxRows?: number;
  /**
   * Rows one `write` may take (default `maxRows`): a backlog (a crowd's burst) goes in fewer,
   * larger statements, each row's share of a statement's cost shrinking with its size.
   */
  rowsPerWrite?: number;
  maxPending?: number;
  onError: (error: unknown, rows: number) => void;
}

export const BATCH_EVERY_MS = 1_000;
export const BATCH_MAX_ROWS = 500;

export function createBatchWriter<Row>(options: BatchWriterOptions<Row>): BatchWriter<Row> {
  const everyMs = options.everyMs ?? BATCH_EVERY_MS;
  const maxRows = options.maxRows ?? BATCH_MAX_ROWS;
  const rowsPerWrite = options.rowsPerWrite ?? maxRows;
  const maxPending = options.maxPending ?? 100_000;
  let waiting: Row[] = [];
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();

  const writeBatch = async (): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = null;
    while (waiting.length > 0) {
      const rows = waiting.slice(0, rowsPerWrite);
      waiting = waiting.slice(rows.length);
      try {
        await options.write(rows);
      } catch (error) {
        // Kept for the next round, before what came since.
        waiting = [...rows, ...waiting];
        if (waiting.length > maxPending) {
          const dropped = waiting.length - maxPending;
          waiting = waiting.slice(dropped);
          options.onError(error, dropped);
        } else {
          options.onError(error, 0);
        }
        schedule();
        return;
      }
    }
  };
  const flush = (): Promise<void> => {
    writing = writing.then(writeBatch);
    return writing;
  };
  function schedule(): void {
    if (timer) return;
    timer = setTimeout(() => void flush(), everyMs);
    timer.unref();
  }
  return {
    add(row) {
      waiting.push(row);
      if (waiting.length >= maxRows) void flush();
      else schedule();
    },
    flush,
    async close() {
      await flush();
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
