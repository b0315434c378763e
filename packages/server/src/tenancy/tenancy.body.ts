import type { FastifyRequest } from 'fastify';
import { authOf } from './tenancy.guards.ts';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH']);

export interface BodyScope {
  method: string;
  /** The account the request acts for. */
  accountId: number;
  /** An admin acting for no account may write into any account. */
  mayChooseAccount: boolean;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Spec §6/§7: a write carries the AccountId of the account the request acts for (the simulated
 * one for an admin), whatever the client sent, so nobody writes into another tenant.
 */
export function scopeBodyAccountId(body: unknown, scope: BodyScope): unknown {
  if (!WRITE_METHODS.has(scope.method) || scope.mayChooseAccount || !isPlainObject(body)) return body;
  return { ...body, AccountId: scope.accountId };
}

/** preValidation hook for resource routes (after requireAuth): forces the body's AccountId. */
export async function forceActingAccountId(request: FastifyRequest): Promise<void> {
  const auth = authOf(request);
  request.body = scopeBodyAccountId(request.body, {
    method: request.method,
    accountId: auth.account.id,
    mayChooseAccount: auth.user.isAdmin && !auth.simulated,
  });
}

function withoutKeys(value: unknown, keys: readonly string[]): unknown {
  if (!isPlainObject(value) || !keys.some((key) => key in value)) return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => !keys.includes(key)));
}

/**
 * preValidation hook for calls whose records take their account from the path or the session
 * (uploads, clips, maps, playlist videos): the web client adds AccountId to bodies, and SportId
 * to queries, while an admin simulates an account (spec §7). Never trusted, so dropped before the
 * strict body schemas see them.
 */
export async function ignoreClientAccountKeys(request: FastifyRequest): Promise<void> {
  request.body = withoutKeys(request.body, ['AccountId']);
  request.query = withoutKeys(request.query, ['AccountId', 'SportId']);
}
