import { readFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { afterCommit, transaction } from '../src/db/transactions.ts';
import { createTestContext, type TestContext } from './helpers.ts';
import { SOURCE, sourceFiles } from './source-files.ts';

/** The one module allowed to open a transaction itself. */
const TRANSACTIONS_MODULE = 'db/transactions.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('transactions', () => {
  it('are all opened through transaction(), so that what waits for their commit does wait', async () => {
    const offenders: string[] = [];
    for (const file of await sourceFiles(SOURCE)) {
      const name = relative(SOURCE, file);
      if (name === TRANSACTIONS_MODULE) continue;
      if (/\.transaction\(/.test(await readFile(file, 'utf8'))) offenders.push(name);
    }
    expect(offenders).toEqual([]);
  });

  it('run what waits for their commit after it, and at once outside a transaction', async () => {
    const order: string[] = [];
    afterCommit(ctx.db, () => order.push('outside'));
    await transaction(ctx.db, async (tx) => {
      afterCommit(tx, () => order.push('committed'));
      await tx.execute(sql`select 1`);
      order.push('inside');
    });
    expect(order).toEqual(['outside', 'inside', 'committed']);
  });

  it('never run it for a transaction rolled back', async () => {
    const ran: string[] = [];
    await expect(
      transaction(ctx.db, async (tx) => {
        afterCommit(tx, () => ran.push('rolled back'));
        tx.rollback();
      }),
    ).rejects.toThrow();
    expect(ran).toEqual([]);
  });

  it('keep a savepoint’s callbacks for the outer commit, and drop those of a savepoint rolled back', async () => {
    const order: string[] = [];
    await transaction(ctx.db, async (tx) => {
      await transaction(tx, async (inner) => {
        afterCommit(inner, () => order.push('savepoint kept'));
      });
      await transaction(tx, async (inner) => {
        afterCommit(inner, () => order.push('savepoint rolled back'));
        inner.rollback();
      }).catch(() => undefined);
      order.push('outer still open');
    });
    expect(order).toEqual(['outer still open', 'savepoint kept']);
  });
});
