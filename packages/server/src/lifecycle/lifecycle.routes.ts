import { type AccessRule, satisfies } from '@regie/contract/access';
import { recordId } from '@regie/contract/accounts';
import { startLiveBody } from '@regie/contract/go-live';
import {
  LIFECYCLE_EVENT_TYPE,
  LIFECYCLE_MESSAGES,
  LIFECYCLE_TRANSITIONS,
  type LifecycleReplay,
  type LifecycleResource,
  type LifecycleStatus,
  type LifecycleTransition,
  lifecyclePaths,
  lifecycleResponse,
  lifecycleStatus,
  TRANSITION_RULES,
  transitionsFrom,
} from '@regie/contract/lifecycle';
import type { Message } from '@regie/contract/messages';
import { eventTopic } from '@regie/contract/realtime';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AuditSource, auditSourceOf, writeAudit } from '../audit/audit.service.ts';
import type { Db } from '../db/database.ts';
import { transaction } from '../db/transactions.ts';
import { forbidden, HttpError, notFound } from '../http/http.errors.ts';
import { BEARER, errorResponses } from '../http/responses.schema.ts';
import { accountTopic, type RealtimeHub } from '../realtime/realtime.hub.ts';
import { type AuthContext, accessSubject, assertInScope, authOf, type Guards } from '../tenancy/tenancy.guards.ts';
import { camerasReceiving } from './go-live.checks.ts';
import { findRecord, type LifecycleRecord, moveRecord, type StatefulTable } from './lifecycle.store.ts';

export interface LifecycleRoutesOptions<Table extends PgTable> {
  /** The path segment: /main-api/{resource}/{id}/process-end-live… */
  resource: LifecycleResource;
  stateful: StatefulTable<Table>;
  /** Who may move it (events: sport_player_write); a transition's extraRule comes on top. */
  writeRule: AccessRule;
  /**
   * Who may read its state (GET …/lifecycle): the writers and those who work on it while it is
   * live without moving it (clippers, whose clip page follows the live); each transition then
   * says 'role' to those who may not call it.
   */
  readRule: AccessRule;
  notFoundMessage: (id: number) => Message;
  db: Db;
  guards: Guards;
  hub: RealtimeHub | null;
  /**
   * This server can link Dailymotion accounts (its app's credentials, or the local stand-ins:
   * social/social.platforms.ts); the -dailymotion variant answers 503 otherwise.
   */
  dailymotionLinkable: boolean;
  onError(error: unknown): void;
  /**
   * After a move, in its transaction (going live puts the first camera on air and opens the live;
   * ending it makes the replay): the move and what follows commit together, or neither.
   */
  moved?(
    tx: Db,
    record: LifecycleRecord,
    transition: LifecycleTransition,
    auth: AuthContext,
  ): Promise<LifecycleReplay | null>;
}

const params = z.object({ id: recordId });

/** Why the user may not call `transition` now, or null when they may. */
function refusal(
  options: Pick<LifecycleRoutesOptions<PgTable>, 'dailymotionLinkable' | 'writeRule'>,
  auth: AuthContext,
  transition: LifecycleTransition,
): 'role' | 'not-configured' | null {
  const rule = TRANSITION_RULES[transition];
  if (!satisfies(accessSubject(auth), options.writeRule)) return 'role';
  if (rule.extraRule && !satisfies(accessSubject(auth), rule.extraRule)) return 'role';
  if (rule.needsDailymotion && !options.dailymotionLinkable) return 'not-configured';
  return null;
}

async function recordOf<Table extends PgTable>(
  options: LifecycleRoutesOptions<Table>,
  auth: AuthContext,
  id: number,
): Promise<LifecycleRecord> {
  const record = await findRecord(options.db, options.stateful, id);
  if (!record) throw notFound(options.notFoundMessage(id));
  assertInScope(auth, record.accountId, options.notFoundMessage(id));
  return record;
}

/** Going live is 'go-live'; every way of ending it is 'end-live' (the variant in `transition`). */
function auditActionOf(transition: LifecycleTransition): 'go-live' | 'end-live' {
  return transition === 'start-live' ? 'go-live' : 'end-live';
}

/** Checks, moves, publishes: one transition of one record. */
async function runTransition<Table extends PgTable>(
  options: LifecycleRoutesOptions<Table>,
  auth: AuthContext,
  source: AuditSource,
  id: number,
  transition: LifecycleTransition,
  confirmed: { withoutCamera: boolean },
) {
  const rule = TRANSITION_RULES[transition];
  const refused = refusal(options, auth, transition);
  if (refused === 'role') throw forbidden();
  // The record before the server's configuration: an unknown id, or another account's, is 404
  // whatever this server can do (issue 24.9).
  const record = await recordOf(options, auth, id);
  if (refused === 'not-configured') throw new HttpError(503, LIFECYCLE_MESSAGES.dailymotionNotConfigured);
  const wrong = () => new HttpError(409, LIFECYCLE_MESSAGES.wrongState(transition, record.state, rule.from));
  if (record.state !== rule.from) throw wrong();
  // A sport event on air with no camera receiving shows fans nothing: only when the producer said
  // so (issue 46.2, its Go live checks). Conferences have no such checks yet.
  if (transition === 'start-live' && options.resource === 'events' && !confirmed.withoutCamera) {
    const { receiving } = await camerasReceiving(options.db, { kind: options.resource, id });
    if (receiving === 0) throw new HttpError(409, LIFECYCLE_MESSAGES.noCameraReceiving);
  }
  const replay = await transaction(options.db, async (tx) => {
    if (!(await moveRecord(tx, options.stateful, id, rule))) throw wrong();
    const made = (await options.moved?.(tx, record, transition, auth)) ?? null;
    await writeAudit(tx, source, {
      accountId: record.accountId,
      resource: options.resource,
      resourceId: id,
      action: auditActionOf(transition),
      changes: {
        state: { before: record.state, after: rule.to },
        transition: { before: null, after: transition },
        ...(made ? { replayVideoId: { before: null, after: made.videoId } } : {}),
      },
    });
    return made;
  });
  const result = { id, transition, previousState: record.state, state: rule.to, replay };
  // Every editor open on the record sees the new state at once (contract realtime.ts /admin/{id}).
  options.hub
    ?.publish(accountTopic(record.accountId, eventTopic(id)), { type: LIFECYCLE_EVENT_TYPE, payload: result })
    .catch(options.onError);
  return result;
}

/**
 * The lifecycle calls of a resource with a state column (contract lifecycle.ts): GET …/lifecycle
 * (the state and what this user may do next) and POST …/{transition} for each transition.
 */
export function registerLifecycleRoutes<Table extends PgTable>(
  app: FastifyInstance,
  options: LifecycleRoutesOptions<Table>,
): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const onWrite = options.guards.requireRule(options.writeRule);
  const common = { tags: [options.resource], security: BEARER };

  typed.get(
    lifecyclePaths.status(options.resource, ':id'),
    {
      onRequest: options.guards.requireRule(options.readRule),
      schema: {
        ...common,
        summary: 'The live state and the transitions this user may call now',
        params,
        response: { 200: lifecycleStatus, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request): Promise<LifecycleStatus> => {
      const auth = authOf(request);
      const record = await recordOf(options, auth, request.params.id);
      const transitions = transitionsFrom(record.state).map((transition) => {
        const reason = refusal(options, auth, transition);
        return { transition, to: TRANSITION_RULES[transition].to, allowed: reason === null, reason };
      });
      return { id: record.id, state: record.state, transitions };
    },
  );

  for (const transition of LIFECYCLE_TRANSITIONS) {
    const rule = TRANSITION_RULES[transition];
    typed.post(
      lifecyclePaths.transition(options.resource, ':id', transition),
      {
        onRequest: onWrite,
        config: { audit: 'entry' },
        schema: {
          ...common,
          summary: `Moves the record from ${rule.from} to ${rule.to}`,
          description:
            'Publishes `lifecycle.state` on /admin/{id}. 409 from any other state (ending twice: the second call). ' +
            (rule.makesReplay
              ? "Makes the replay from the recording: a replay video (the content's videoId) and its job live.replay."
              : '') +
            (transition === 'start-live'
              ? ' A sport event: 409 when none of its cameras receives, unless the body says `{ "withoutCamera": true }`.'
              : '') +
            (rule.extraRule ? ' Also needs the role use_stream and the module AWS_STREAM.' : '') +
            (rule.needsDailymotion
              ? ' 503 when this server cannot link Dailymotion accounts (no Dailymotion app, the local stand-ins off).'
              : ''),
          params,
          ...(transition === 'start-live' ? { body: startLiveBody.nullish() } : {}),
          response: { 200: lifecycleResponse, ...errorResponses(400, 401, 403, 404, 409, 503) },
        },
      },
      async (request) => {
        const body: unknown = request.body;
        const parsed = startLiveBody.safeParse(body ?? {});
        const withoutCamera = parsed.success && parsed.data.withoutCamera === true;
        return runTransition(options, authOf(request), auditSourceOf(request), request.params.id, transition, {
          withoutCamera,
        });
      },
    );
  }
}
