import { INGEST_APP, LIVE_LIMITS, LIVE_MESSAGES, type LiveInput, type LiveInputUpdateBody } from '@regie/contract/live';
import { MEDIA_TOKEN_PARAM } from '@regie/contract/videos';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { type LiveInputRow, liveInputs } from '../db/live.table.ts';
import { HttpError, notFound } from '../http/http.errors.ts';
import { localize, type MessageLanguage } from '../http/localize.ts';
import type { ObjectStorage } from '../storage/storage.types.ts';
import { type AuthContext, assertInScope } from '../tenancy/tenancy.guards.ts';
import { type ConversionView, presentConversion } from './convert.present.ts';
import { newStreamKey } from './live.keys.ts';
import type { LiveTokens } from './live.tokens.ts';

export interface PresentContext {
  tokens: LiveTokens;
  publicUrl: string;
  /** rtmp://host:port/live, as encoders reach it. */
  ingestUrl: () => string;
}

export function presentInput(
  context: PresentContext,
  row: LiveInputRow,
  language: MessageLanguage,
  conversion: ConversionView | null = null,
): LiveInput {
  const token = context.tokens.sign(row.accountId, row.id);
  const base = `${context.publicUrl}/live-media/${row.accountId}/${row.id}`;
  return {
    id: row.id,
    accountId: row.accountId,
    name: row.name,
    latencyMode: row.latencyMode,
    equirectangular: row.equirectangular,
    geoBlocking: row.geoBlocking ? { mode: row.geoBlocking.mode, countries: [...row.geoBlocking.countries] } : null,
    state: row.state,
    stateReason: row.stateReason ? localize(row.stateReason, language) : null,
    stateReasonMessage: row.stateReason ?? null,
    ingestUrl: context.ingestUrl(),
    streamKeyHint: row.streamKey.slice(-4),
    playback: {
      liveUrl: `${base}/live.m3u8?${MEDIA_TOKEN_PARAM}=${token}`,
      dvrUrl: `${base}/dvr.m3u8?${MEDIA_TOKEN_PARAM}=${token}`,
    },
    lastLiveAt: row.lastLiveAt?.toISOString() ?? null,
    conversion: conversion ? presentConversion(conversion, language) : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The base encoders publish to, from the ingest's address (a public URL when configured). */
export function ingestBaseUrl(publicUrl: string | null, host: string, port: number): string {
  if (publicUrl) return publicUrl.replace(/\/+$/, '');
  const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return `rtmp://${shown.includes(':') ? `[${shown}]` : shown}:${port}/${INGEST_APP}`;
}

export function listInputs(db: Db, accountId: number): Promise<LiveInputRow[]> {
  return db.select().from(liveInputs).where(eq(liveInputs.accountId, accountId)).orderBy(asc(liveInputs.id));
}

/** An input the request may reach; another account's is a 404. */
export async function findScopedInput(db: Db, auth: AuthContext, id: number): Promise<LiveInputRow> {
  const [row] = await db.select().from(liveInputs).where(eq(liveInputs.id, id)).limit(1);
  if (!row) throw notFound(LIVE_MESSAGES.notFound(id));
  assertInScope(auth, row.accountId, LIVE_MESSAGES.notFound(id));
  return row;
}

export async function createInput(
  db: Db,
  accountId: number,
  values: Pick<LiveInputRow, 'name' | 'latencyMode' | 'equirectangular' | 'geoBlocking'>,
): Promise<LiveInputRow> {
  const [total] = await db.select({ total: count() }).from(liveInputs).where(eq(liveInputs.accountId, accountId));
  if ((total?.total ?? 0) >= LIVE_LIMITS.inputsPerAccount) throw new HttpError(409, LIVE_MESSAGES.tooMany);
  const [row] = await db
    .insert(liveInputs)
    .values({ ...values, accountId, streamKey: newStreamKey() })
    .returning();
  if (!row) throw new Error('The live input was not created');
  return row;
}

export async function updateInput(db: Db, row: LiveInputRow, body: LiveInputUpdateBody): Promise<LiveInputRow> {
  if (Object.keys(body).length === 0) return row;
  const [updated] = await db.update(liveInputs).set(body).where(eq(liveInputs.id, row.id)).returning();
  if (!updated) throw notFound(LIVE_MESSAGES.notFound(row.id));
  return updated;
}

export async function rotateKey(db: Db, row: LiveInputRow): Promise<string> {
  const streamKey = newStreamKey();
  await db
    .update(liveInputs)
    .set({ streamKey })
    .where(and(eq(liveInputs.id, row.id), eq(liveInputs.accountId, row.accountId)));
  return streamKey;
}

/** Deletes the input, its index (cascade) and its segments in storage. */
export async function deleteInput(db: Db, storage: ObjectStorage, row: LiveInputRow): Promise<void> {
  await db.delete(liveInputs).where(eq(liveInputs.id, row.id));
  await storage.deletePrefix(`live/${row.accountId}/${row.id}/`);
}
