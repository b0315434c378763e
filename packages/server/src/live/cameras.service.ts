import {
  CAMERA_MESSAGES,
  type Camera,
  type CameraBody,
  type CameraContentKind,
  MAX_CAMERAS_PER_CONTENT,
  type MulticamStatus,
  type ProgramSwitch,
} from '@regie/contract/cameras';
import { CLIP_MESSAGES } from '@regie/contract/clips';
import { CONFERENCE_MESSAGES } from '@regie/contract/conferences';
import { asc, desc, eq } from 'drizzle-orm';
import { type ContentCameraRow, contentCameras, programSwitches } from '../db/cameras.table.ts';
import { businessPlayers } from '../db/conferences.table.ts';
import type { Db } from '../db/database.ts';
import { events } from '../db/events.table.ts';
import { liveInputs } from '../db/live.table.ts';
import { users } from '../db/users.table.ts';
import { badRequest, HttpError, notFound } from '../http/http.errors.ts';
import { type AuthContext, assertInScope } from '../tenancy/tenancy.guards.ts';
import { findScopedInput } from './live.service.ts';
import { type ContentRef, contentKey, ofContent } from './program.ts';

/** An event or conference of the request's account, with the modules it activated (events only). */
export interface ScopedContent extends ContentRef {
  accountId: number;
  /** Null for a conference: its account's modules apply. */
  activatedModules: readonly string[] | null;
}

export async function findScopedContent(db: Db, auth: AuthContext, content: ContentRef): Promise<ScopedContent> {
  if (content.kind === 'events') {
    const [row] = await db
      .select({ accountId: events.accountId, activatedModules: events.activatedModules })
      .from(events)
      .where(eq(events.id, content.id));
    const message = CLIP_MESSAGES.eventNotFound(content.id);
    if (!row) throw notFound(message);
    assertInScope(auth, row.accountId, message);
    return { ...content, accountId: row.accountId, activatedModules: row.activatedModules };
  }
  const [row] = await db
    .select({ accountId: businessPlayers.accountId })
    .from(businessPlayers)
    .where(eq(businessPlayers.id, content.id));
  const message = CONFERENCE_MESSAGES.notFound(content.id);
  if (!row) throw notFound(message);
  assertInScope(auth, row.accountId, message);
  return { ...content, accountId: row.accountId, activatedModules: null };
}

export function contentOfCamera(row: ContentCameraRow): ContentRef {
  return row.eventId !== null
    ? { kind: 'events', id: row.eventId }
    : { kind: 'business-players', id: row.conferenceId ?? 0 };
}

export function presentCamera(row: ContentCameraRow): Camera {
  return { id: row.id, inputId: row.inputId, label: row.label, position: row.position };
}

export async function listCameras(db: Db, content: ContentRef): Promise<ContentCameraRow[]> {
  return db
    .select()
    .from(contentCameras)
    .where(ofContent(contentCameras, content))
    .orderBy(asc(contentCameras.position), asc(contentCameras.id));
}

/** POST awsstreams/cameras: one of the account's inputs films the content (at most MAX, once each). */
export async function createCamera(db: Db, auth: AuthContext, body: CameraBody): Promise<ContentCameraRow> {
  const kind: CameraContentKind | null =
    body.eventId !== undefined && body.conferenceId === undefined
      ? 'events'
      : body.conferenceId !== undefined && body.eventId === undefined
        ? 'business-players'
        : null;
  if (kind === null) throw badRequest(CAMERA_MESSAGES.oneContent);
  const content = await findScopedContent(db, auth, { kind, id: body.eventId ?? body.conferenceId ?? 0 });
  const input = await findScopedInput(db, auth, body.inputId);
  const existing = await listCameras(db, content);
  if (existing.some((camera) => camera.inputId === input.id)) throw new HttpError(409, CAMERA_MESSAGES.inputTaken);
  if (existing.length >= MAX_CAMERAS_PER_CONTENT) throw new HttpError(409, CAMERA_MESSAGES.tooMany);
  const [row] = await db
    .insert(contentCameras)
    .values({
      accountId: content.accountId,
      ...contentKey(content),
      inputId: input.id,
      label: body.label ?? input.name,
      position: body.position ?? existing.length,
    })
    .returning();
  if (!row) throw new Error('camera not stored');
  return row;
}

export async function findScopedCamera(db: Db, auth: AuthContext, id: number): Promise<ContentCameraRow> {
  const [row] = await db.select().from(contentCameras).where(eq(contentCameras.id, id)).limit(1);
  if (!row) throw notFound(CAMERA_MESSAGES.notFound(id));
  assertInScope(auth, row.accountId, CAMERA_MESSAGES.notFound(id));
  return row;
}

/**
 * PUT multicams/{cameraId}: the program switches to this camera from now on (segment boundaries).
 * Answers the switch as the log shows it.
 */
export async function switchProgram(db: Db, auth: AuthContext, camera: ContentCameraRow): Promise<ProgramSwitch> {
  const content = contentOfCamera(camera);
  const scoped = await findScopedContent(db, auth, content);
  if (scoped.activatedModules !== null && !scoped.activatedModules.includes('MULTICAM')) {
    throw new HttpError(409, CAMERA_MESSAGES.multicamOff);
  }
  const [row] = await db
    .insert(programSwitches)
    .values({
      accountId: camera.accountId,
      ...contentKey(content),
      cameraId: camera.id,
      inputId: camera.inputId,
      at: new Date(),
      userId: auth.user.id,
    })
    .returning();
  if (!row) throw new Error('switch not stored');
  return {
    id: row.id,
    cameraId: row.cameraId,
    inputId: row.inputId,
    at: row.at.toISOString(),
    userId: row.userId,
    username: auth.user.username,
  };
}

/** The multicam's state: each camera with its input, the camera on air, the latest switches. */
export async function multicamStatus(
  db: Db,
  content: ContentRef,
  playback: (content: ContentRef) => MulticamStatus['playback'],
): Promise<MulticamStatus> {
  const cameras = await db
    .select({ camera: contentCameras, inputName: liveInputs.name, inputState: liveInputs.state })
    .from(contentCameras)
    .innerJoin(liveInputs, eq(liveInputs.id, contentCameras.inputId))
    .where(ofContent(contentCameras, content))
    .orderBy(asc(contentCameras.position), asc(contentCameras.id));
  const switches = await db
    .select({ row: programSwitches, username: users.username })
    .from(programSwitches)
    .leftJoin(users, eq(users.id, programSwitches.userId))
    .where(ofContent(programSwitches, content))
    .orderBy(desc(programSwitches.at), desc(programSwitches.id))
    .limit(50);
  return {
    kind: content.kind,
    contentId: content.id,
    programCameraId: switches[0]?.row.cameraId ?? null,
    cameras: cameras.map((row) => ({
      ...presentCamera(row.camera),
      inputName: row.inputName,
      inputState: row.inputState,
    })),
    switches: switches.map(({ row, username }) => ({
      id: row.id,
      cameraId: row.cameraId,
      inputId: row.inputId,
      at: row.at.toISOString(),
      userId: row.userId,
      username,
    })),
    playback: playback(content),
  };
}

/**
 * When the content goes live and its program never had a camera: the first camera (by position)
 * goes on air, as a switch the server made (no user). Later lives keep the camera last on air.
 */
export async function startProgram(db: Db, content: ContentRef): Promise<void> {
  const [existing] = await db
    .select({ id: programSwitches.id })
    .from(programSwitches)
    .where(ofContent(programSwitches, content))
    .limit(1);
  if (existing) return;
  const [first] = await listCameras(db, content);
  if (!first) return;
  await db.insert(programSwitches).values({
    accountId: first.accountId,
    ...contentKey(content),
    cameraId: first.id,
    inputId: first.inputId,
    at: new Date(),
    userId: null,
  });
}
