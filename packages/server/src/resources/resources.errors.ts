import { CRUD_MESSAGES } from '@regie/contract/resources/shapes';
import { getTableConfig } from 'drizzle-orm/pg-core';
import { HttpError } from '../http/http.errors.ts';
import { columnsOf, singular } from './resources.columns.ts';
import type { ResourceEntry } from './resources.types.ts';

interface DatabaseErrorLike {
  code: string;
  constraint?: string;
}

/** The driver's error under Drizzle's wrapper, when it carries a SQLSTATE. */
export function databaseError(error: unknown): DatabaseErrorLike | null {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  if (typeof cause !== 'object' || cause === null || !('code' in cause) || typeof cause.code !== 'string') return null;
  const constraint = 'constraint' in cause && typeof cause.constraint === 'string' ? cause.constraint : undefined;
  return { code: cause.code, ...(constraint ? { constraint } : {}) };
}

/** Unique indexes and constraints of the table: name → the field names they cover. */
function uniqueKeys(entry: ResourceEntry): Map<string, string[]> {
  const keyOf = new Map<unknown, string>(Object.entries(columnsOf(entry)).map(([key, column]) => [column, key]));
  const names = (columns: readonly unknown[]) =>
    columns.flatMap((column) => {
      const key = keyOf.get(column);
      return key ? [key] : [];
    });
  const config = getTableConfig(entry.table);
  const keys = new Map<string, string[]>();
  for (const index of config.indexes) {
    if (index.config.unique && index.config.name) keys.set(index.config.name, names(index.config.columns));
  }
  for (const constraint of config.uniqueConstraints) {
    keys.set(constraint.getName() ?? '', names(constraint.columns));
  }
  for (const [key, column] of Object.entries(columnsOf(entry))) {
    if (column.isUnique && column.uniqueName) keys.set(column.uniqueName, [key]);
  }
  return keys;
}

/** The declared unique set a violated constraint stands for; its fields, first one first. */
function conflictingFields(entry: ResourceEntry, constraint: string | undefined): string[] {
  const covered = uniqueKeys(entry).get(constraint ?? '') ?? [];
  const declared = entry.definition.unique ?? [];
  const match = declared.find((set) => set.every((field) => covered.includes(field)));
  if (match) return [...match];
  const fields = covered.filter((key) => key !== 'accountId');
  return fields.length ? fields : declared[0] ? [...declared[0]] : ['id'];
}

/**
 * Database errors that come from the request, as the client's errors: a duplicate → 409 naming
 * the field; a delete of something still referenced → 409; a reference to nothing → 400.
 * Anything else goes on to the error handler.
 */
export function toClientError(entry: ResourceEntry, action: 'write' | 'delete', error: unknown): unknown {
  const found = databaseError(error);
  if (!found) return error;
  if (found.code === '23505') {
    const [first = 'value', ...others] = conflictingFields(entry, found.constraint);
    // Unique together (a tag's name within its type): the first field is the one to change, said
    // with the others; they are not wrong on their own.
    const message =
      others.length > 0 ? CRUD_MESSAGES.duplicateWith(first, others.join(', ')) : CRUD_MESSAGES.duplicate(first);
    return new HttpError(409, message, { errors: [{ path: first, message }] });
  }
  // 23503: a NO ACTION foreign key; 23001: a RESTRICT one.
  if ((found.code === '23503' || found.code === '23001') && action === 'delete') {
    return new HttpError(409, CRUD_MESSAGES.stillReferenced(singular(entry).toLowerCase()));
  }
  if (found.code === '23503') return new HttpError(400, CRUD_MESSAGES.unknownReference('A field'));
  return error;
}
