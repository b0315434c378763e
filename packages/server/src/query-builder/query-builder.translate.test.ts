import { type QueryBody, type QueryGroup, queryBody } from '@regie/contract/query-builder';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/http.errors.ts';
import { translateQuery } from './query-builder.translate.ts';

const dialect = new PgDialect();

function compiled(body: QueryBody, accountId: number | null = 7) {
  const translated = translateQuery(queryBody.parse(body), { accountId });
  return { ...dialect.sqlToQuery(translated.statement(101)), columns: translated.columns };
}

const where = (group: QueryGroup, entity: QueryBody['entity'] = 'fans') => compiled({ entity, query: group });
const rule = (field: string, operator: string, value?: unknown) =>
  ({ field, operator, value }) as QueryGroup['rules'][number];
const one = (field: string, operator: string, value?: unknown, entity: QueryBody['entity'] = 'fans') =>
  where({ combinator: 'and', rules: [rule(field, operator, value)] }, entity);

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 400) return error.reason.code;
    throw error;
  }
  throw new Error('not refused');
}

describe('the query builder’s translation into SQL', () => {
  it('scopes to the account acted for, and reads every account otherwise', () => {
    expect(one('nickname', '=', 'ada').sql).toContain('"fans"."account_id" = $1');
    expect(one('nickname', '=', 'ada').params).toEqual([7, 'ada', 101]);
    const all = compiled({ entity: 'fans', query: { combinator: 'and', rules: [] } }, null);
    expect(all.sql).not.toContain('"fans"."account_id" =');
    expect(all.sql).toContain('where true');
  });

  it('translates each operator of text fields with bound values', () => {
    expect(one('email', '=', 'a@b.c').sql).toContain('"fans"."email" = $2');
    expect(one('email', '!=', 'a@b.c').sql).toContain('"fans"."email" is distinct from $2');
    expect(one('email', 'contains', '50%_off').params[1]).toBe('%50\\%\\_off%');
    expect(one('email', 'contains', 'x').sql).toContain('"fans"."email" ilike $2');
    expect(one('email', 'doesNotContain', 'x').sql).toContain(`coalesce("fans"."email", '') not ilike $2`);
    expect(one('email', 'beginsWith', 'ad').params[1]).toBe('ad%');
    expect(one('email', 'endsWith', '.fr').params[1]).toBe('%.fr');
    const list = one('country', 'in', ['FR', 'GB']);
    expect(list.sql).toContain('"fans"."country" in ($2, $3)');
    expect(list.params.slice(1, 3)).toEqual(['FR', 'GB']);
    expect(one('country', 'notIn', 'FR, GB').sql).toContain('"fans"."country" not in ($2, $3)');
    expect(one('country', 'null').sql).toContain('"fans"."country" is null');
    expect(one('country', 'notNull').sql).toContain('"fans"."country" is not null');
  });

  it('translates numbers, ranges, booleans and enums', () => {
    for (const [operator, text] of [
      ['<', '< $2'],
      ['<=', '<= $2'],
      ['>', '> $2'],
      ['>=', '>= $2'],
    ]) {
      expect(one('id', operator as string, '12').sql).toContain(`"fans"."id" ${text}`);
    }
    expect(one('id', '>', '12').params[1]).toBe(12);
    expect(one('id', 'between', [3, 9]).sql).toContain('"fans"."id" between $2 and $3');
    expect(one('id', 'notBetween', '3,9').sql).toContain('not ("fans"."id" between $2 and $3)');
    expect(one('isBlocked', '=', 'true').params[1]).toBe(true);
    expect(one('state', 'in', ['live', 'replay'], 'events').sql).toContain('"events"."state" in ($2, $3)');
  });

  it('takes a day as the whole day (UTC) and an instant as itself', () => {
    const day = one('createdAt', '=', '2026-05-04');
    expect(day.sql).toContain('("fans"."created_at" >= $2::timestamptz and "fans"."created_at" < $3::timestamptz)');
    expect(day.params.slice(1, 3)).toEqual(['2026-05-04T00:00:00.000Z', '2026-05-05T00:00:00.000Z']);
    expect(one('createdAt', '>', '2026-05-04').params[1]).toBe('2026-05-05T00:00:00.000Z');
    expect(one('createdAt', '<', '2026-05-04T10:30:00Z').sql).toContain('"fans"."created_at" < $2::timestamptz');
    const range = one('createdAt', 'between', ['2026-05-01', '2026-05-31']);
    expect(range.params.slice(1, 3)).toEqual(['2026-05-01T00:00:00.000Z', '2026-06-01T00:00:00.000Z']);
  });

  it('nests groups with their combinators and not', () => {
    const nested = where({
      combinator: 'or',
      rules: [
        rule('country', '=', 'FR'),
        { combinator: 'and', not: true, rules: [rule('language', '=', 'fr'), rule('isBlocked', '=', false)] },
      ],
    });
    expect(nested.sql).toContain(
      '("fans"."country" = $2 or not ("fans"."language" = $3 and "fans"."is_blocked" = $4))',
    );
  });

  it('keeps injection attempts as bound values', () => {
    const attempt = "x'; drop table fans; --";
    const compiledAttempt = one('nickname', 'contains', attempt);
    expect(compiledAttempt.sql).not.toContain('drop table');
    expect(compiledAttempt.params[1]).toBe(`%${attempt}%`);
    expect(one('country', 'in', [attempt]).params[1]).toBe(attempt);
  });

  it('joins only what the fields need, and the account by name', () => {
    const events = one('sport', '=', 'Football', 'events');
    expect(events.sql).toContain('left join "sports" on "sports"."id" = "events"."sport_id"');
    expect(events.sql).toContain('left join "accounts"');
    const clips = one('title', 'contains', 'goal', 'clips');
    expect(clips.sql).toContain('"videos"."clip_in_seconds" is not null');
    expect(one('title', 'contains', 'goal', 'videos').sql).toContain('"videos"."clip_in_seconds" is null');
  });

  it('groups by fields and date buckets, with their count', () => {
    const grouped = compiled({
      entity: 'fans',
      query: { combinator: 'and', rules: [] },
      groupBy: [{ field: 'createdAt', bucket: 'month' }, { field: 'account' }],
    });
    expect(grouped.sql).toContain(`to_char(date_trunc('month', "fans"."created_at" at time zone 'UTC'), 'YYYY-MM')`);
    expect(grouped.sql).toContain('count(*)::int');
    expect(grouped.sql).toContain('group by 1, 2 order by 1 asc nulls last, 2 asc nulls last');
    expect(grouped.columns.map((column) => column.name)).toEqual(['createdAt:month', 'account', 'count']);
    const week = compiled({
      entity: 'plays',
      query: { combinator: 'and', rules: [] },
      groupBy: [{ field: 'playedAt', bucket: 'week' }],
    });
    expect(week.sql).toContain(`date_trunc('week'`);
    const distinct = compiled({
      entity: 'plays',
      query: { combinator: 'and', rules: [] },
      groupBy: [{ field: 'video' }],
      aggregate: { fn: 'countDistinct', field: 'eventId' },
    });
    expect(distinct.sql).toContain('count(distinct "plays"."event_id")::int');
  });

  it('refuses unknown fields, operators and values, and bad groupings, with their reason', () => {
    expect(refusal(() => one('passwordHash', '=', 'x'))).toBe('QUERY_MESSAGES.unknownField');
    expect(refusal(() => one('email', '<', 'x'))).toBe('QUERY_MESSAGES.unknownOperator');
    expect(refusal(() => one('email', 'drop', 'x'))).toBe('QUERY_MESSAGES.unknownOperator');
    expect(refusal(() => one('id', '=', 'twelve'))).toBe('QUERY_MESSAGES.badValue');
    expect(refusal(() => one('createdAt', '=', 'yesterday'))).toBe('QUERY_MESSAGES.badValue');
    expect(refusal(() => one('state', '=', 'deleted', 'events'))).toBe('QUERY_MESSAGES.badValue');
    expect(refusal(() => one('id', 'between', [1]))).toBe('QUERY_MESSAGES.badValue');
    const body = (groupBy: QueryBody['groupBy']) => () =>
      compiled({ entity: 'fans', query: { combinator: 'and', rules: [] }, groupBy });
    expect(refusal(body([{ field: 'email' }]))).toBe('QUERY_MESSAGES.notGroupable');
    expect(refusal(body([{ field: 'country', bucket: 'day' }]))).toBe('QUERY_MESSAGES.bucketOnDatesOnly');
    expect(refusal(body([{ field: 'country' }, { field: 'country' }]))).toBe('QUERY_MESSAGES.sameGroupTwice');
    expect(queryBody.safeParse({ entity: 'accounts', query: { combinator: 'and', rules: [] } }).success).toBe(false);
  });

  it('refuses queries deeper than 5 groups or with more than 50 rules', () => {
    let deep: QueryGroup = { combinator: 'and', rules: [rule('id', '=', 1)] };
    for (let level = 0; level < 5; level += 1) deep = { combinator: 'and', rules: [deep] };
    expect(queryBody.safeParse({ entity: 'fans', query: deep }).success).toBe(false);
    const many = { combinator: 'and', rules: Array.from({ length: 51 }, () => rule('id', '=', 1)) };
    expect(queryBody.safeParse({ entity: 'fans', query: many }).success).toBe(false);
  });
});
