import { VERTICAL_MODULE } from '@regie/contract/vertical';
import { eq } from 'drizzle-orm';
import { accounts } from '../db/accounts.table.ts';
import type { Db } from '../db/database.ts';

/** Whether the account renders its videos in other aspects (its 9:16 video module is on). */
export async function rendersAspects(db: Db, accountId: number): Promise<boolean> {
  const [account] = await db.select({ modules: accounts.modules }).from(accounts).where(eq(accounts.id, accountId));
  return Boolean(account?.modules.includes(VERTICAL_MODULE));
}
