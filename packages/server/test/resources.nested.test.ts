import { MODULE_CODES } from '@regie/contract/modules';
import { defineResource } from '@regie/contract/resources/define';
import { referenceId } from '@regie/contract/resources/shapes';
import { tagsResource } from '@regie/contract/resources/tags';
import { sql } from 'drizzle-orm';
import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { accounts } from '../src/db/accounts.table.ts';
import { timestamps } from '../src/db/columns.ts';
import { tags } from '../src/db/tags.table.ts';
import { RESOURCES } from '../src/resources/resources.registry.ts';
import { resourceEntry } from '../src/resources/resources.types.ts';
import { createTestContext, type TestContext } from './helpers.ts';

/**
 * A nested resource (spec: seasons/{id}/rounds) declared the way a real one is, one declaration
 * and one table, here notes under a tag: /main-api/tags/{tagId}/notes.
 */
const notes = pgTable('test_notes', {
  id: serial('id').primaryKey(),
  body: text('body').notNull(),
  tagId: integer('tag_id')
    .notNull()
    .references(() => tags.id, { onDelete: 'cascade' }),
  accountId: integer('account_id')
    .notNull()
    .references(() => accounts.id),
  ...timestamps(),
});

const notesResource = defineResource({
  name: 'notes',
  gateway: 'main',
  parent: { resource: 'tags', field: 'tagId' },
  labelKey: 'resource.notes',
  fields: z.object({ body: z.string().trim().min(1).max(200), tagId: referenceId }),
  ui: { body: { widget: 'textarea' }, tagId: { widget: 'reference', reference: 'tags', readOnly: true } },
  columns: ['body', 'createdAt'],
  filters: [],
  sortable: ['body', 'createdAt'],
  defaultSort: { field: 'createdAt', direction: 'asc' },
  search: ['body'],
  access: tagsResource.access,
  tenancy: 'account',
});

let ctx: TestContext;
let writer: string;
let stranger: string;
let tagId: number;
beforeAll(async () => {
  ctx = await createTestContext({
    dependencies: { resources: [...RESOURCES, resourceEntry({ definition: notesResource, table: notes })] },
  });
  await ctx.db.execute(sql`create table test_notes (
    id serial primary key, body text not null,
    tag_id integer not null references tags(id) on delete cascade,
    account_id integer not null references accounts(id),
    created_at timestamptz not null default now(), updated_at timestamptz not null default now())`);
  const account = await ctx.buildAccount({ modules: [...MODULE_CODES] });
  const user = await ctx.buildUser({ accountId: account.id, roles: ['sport_player_write'] });
  writer = await ctx.login(user.username, user.password);
  const other = await ctx.buildUser({ roles: ['sport_player_write'] });
  stranger = await ctx.login(other.username, other.password);
  const tag = await ctx.request({ method: 'POST', url: '/main-api/tags', token: writer, payload: { name: 'Captain' } });
  tagId = tag.json().id;
});
afterAll(() => ctx.close());

describe('a nested resource', () => {
  it('lives under its parent: the parent id comes from the path, never the body', async () => {
    const base = `/main-api/tags/${tagId}/notes`;
    const created = await ctx.request({
      method: 'POST',
      url: base,
      token: writer,
      payload: { body: 'Wears 10', tagId: 999 },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ body: 'Wears 10', tagId });
    const list = (await ctx.request({ url: base, token: writer })).json();
    expect(list).toMatchObject({ total: 1, data: [{ body: 'Wears 10' }] });
    const id = created.json().id;
    const updated = await ctx.request({
      method: 'PUT',
      url: `${base}/${id}`,
      token: writer,
      payload: { body: 'Wears 9' },
    });
    expect(updated.json()).toMatchObject({ body: 'Wears 9', tagId });
    expect((await ctx.request({ method: 'DELETE', url: `${base}/${id}`, token: writer })).statusCode).toBe(204);
  });

  it("answers 404 under another account's parent or an unknown one", async () => {
    expect((await ctx.request({ url: `/main-api/tags/${tagId}/notes`, token: stranger })).statusCode).toBe(404);
    const post = await ctx.request({
      method: 'POST',
      url: `/main-api/tags/999999/notes`,
      token: writer,
      payload: { body: 'x' },
    });
    expect(post.statusCode).toBe(404);
    expect(post.json().message).toBe('Tag 999999 not found');
  });
});
