import { MAIN_API, USERS_API } from '@regie/contract/api';
import type { Role } from '@regie/contract/roles';
import { expect } from 'vitest';
import { z } from 'zod';
import { safeParse } from 'zod/v4/core';
import { outputFields } from '../src/resources/resources.schemas.ts';
import type { ResourceEntry, Row } from '../src/resources/resources.types.ts';
import type { TestContext } from './helpers.ts';

/**
 * Valid bodies for the generated resource tests. A resource without an entry here gets one built
 * from its zod fields (enough for plain text, numbers, enums and lists); add an entry when its
 * fields need more (a pattern, a password, values that differ between records).
 * `token` is unique to the test run and must appear in the first search field.
 */
export const SAMPLES: Readonly<Record<string, (token: string, n: number) => Row>> = {
  tags: (token, n) => ({ name: `${token} tag ${n}`, tagType: n % 2 ? 'player' : 'team' }),
  sports: (token, n) => ({ name: `${token} sport ${n}`, svgSpriteFilename: n % 2 ? 'football.svg' : 'rugby.svg' }),
  accounts: (token, n) => ({ name: `${token} club ${n}`, modules: n % 2 ? ['VIDEOS', 'TAGS'] : ['CHAT'] }),
  users: (token, n) => ({
    username: `${token}.user${n}`,
    name: `${token} Person ${n}`,
    password: `long enough password ${n}`,
    accessLevel: 0,
  }),
  groups: (token, n) => ({ name: `${token} group ${n}`, roles: n % 2 ? ['video_write'] : ['sport_player_write'] }),
};

/** A value the schema accepts, built from its kind and length limits. */
function sampleValue(schema: z.core.$ZodType, text: string, n: number): unknown {
  if (schema instanceof z.ZodDefault || schema instanceof z.ZodPrefault) return sampleValue(schema.unwrap(), text, n);
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) {
    return sampleValue(schema.unwrap(), text, n);
  }
  if (schema instanceof z.ZodEnum) return schema.options[n % schema.options.length];
  if (schema instanceof z.ZodBoolean) return n % 2 === 0;
  if (schema instanceof z.ZodNumber) return Math.max(schema.minValue ?? 0, 0) + n;
  if (schema instanceof z.ZodArray) return [];
  if (schema instanceof z.ZodObject) {
    const values: Row = {};
    for (const [key, field] of Object.entries(schema.shape)) values[key] = sampleValue(field, `${text} ${key}`, n);
    return values;
  }
  if (schema instanceof z.ZodString) {
    const min = schema.minLength ?? 0;
    const max = schema.maxLength ?? 200;
    return text.padEnd(min, 'x').slice(0, max);
  }
  throw new Error(`no sample for a ${schema._zod.def.type}: add the resource to SAMPLES`);
}

export function samplePayload(entry: ResourceEntry, token: string, n: number): Row {
  const sample = SAMPLES[entry.definition.name];
  if (sample) return sample(token, n);
  const payload: Row = {};
  for (const [field, schema] of Object.entries(entry.definition.fields.shape)) {
    if (entry.definition.ui[field]?.readOnly) continue;
    const first = entry.definition.search[0] === field;
    payload[field] = sampleValue(schema, first ? `${token} ${n}` : `${field} ${n}`, n);
  }
  return payload;
}

/** Resources whose records something else can point at, and how to make such a pointer. */
export const REFERENCES: Readonly<Record<string, (ctx: TestContext, id: number) => Promise<unknown>>> = {
  accounts: (ctx, id) => ctx.buildUser({ accountId: id }),
};

export function basePath(entry: ResourceEntry): string {
  return `${entry.definition.gateway === 'users' ? USERS_API : MAIN_API}/${entry.definition.name}`;
}

/** The roles and level that satisfy the resource's read and write rules. */
export function grantsFor(entry: ResourceEntry): { roles: Role[]; accessLevel: number } {
  const { read, write } = entry.definition.access;
  const roles = [write.authorizedRoles?.[0], read.authorizedRoles?.[0]].filter((role): role is Role => Boolean(role));
  return { roles: [...new Set(roles)], accessLevel: Math.max(read.accessLevel ?? 0, write.accessLevel ?? 0) };
}

/** What the API answers for a sent value: the field's schema applied (trimmed, lowercased, defaults). */
function expectedValue(entry: ResourceEntry, field: string, value: unknown): unknown {
  const schema = entry.definition.fields.shape[field];
  if (!schema) return value;
  const parsed = safeParse(schema, value);
  return parsed.success ? parsed.data : value;
}

export function expectFields(entry: ResourceEntry, record: Row, payload: Row): void {
  for (const field of outputFields(entry.definition)) {
    if (field in payload) expect(record[field], field).toEqual(expectedValue(entry, field, payload[field]));
  }
}
