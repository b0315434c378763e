import type { Message } from '@regie/contract/messages';
import { awsStatusResponse, SIMULCAST_MESSAGES, simulcastPaths, simulcastResponse } from '@regie/contract/simulcast';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditSourceOf, writeAudit } from '../audit/audit.service.ts';
import type { Db } from '../db/database.ts';
import { type SimulcastRow, simulcasts, simulcastTargets } from '../db/simulcast.table.ts';
import { afterCommit, transaction } from '../db/transactions.ts';
import { HttpError } from '../http/http.errors.ts';
import { BEARER } from '../http/responses.schema.ts';
import { authOf, type Guard } from '../tenancy/tenancy.guards.ts';
import type { CloudSimulcast } from './simulcast.aws.ts';
import type { SimulcastEngine, SimulcastSources } from './simulcast.engine.ts';
import { presentSimulcast } from './simulcast.present.ts';
import { findSimulcast, startTarget, stopTarget, targetsOf, withTargets } from './simulcast.service.ts';

export type { CloudSimulcast } from './simulcast.aws.ts';

type App = Parameters<FastifyPluginAsyncZod>[0];

export interface AwsRoutesOptions {
  db: Db;
  engine: SimulcastEngine;
  cloud: CloudSimulcast;
  sources: SimulcastSources;
  onRequest: Guard;
  respond: (codes: Record<number, z.ZodType>, ...errors: number[]) => Record<number, z.ZodType>;
  log: (error: unknown) => void;
}

const common = { tags: ['simulcasts'], security: BEARER };
const idParams = z.object({ id: z.coerce.number().int().positive() });

/**
 * The channel's source: MediaLive pulls RTMP (an RTMP_PULL input), so only an input this process
 * receives has one; an input another live node receives (read here over HTTP) is unavailable.
 */
async function sourceUrlOf(sources: SimulcastSources, row: SimulcastRow): Promise<string> {
  if (row.inputId === null) throw new HttpError(409, SIMULCAST_MESSAGES.sourceMissing);
  const url = await sources.urlOf(row.accountId, row.inputId);
  if (!url?.startsWith('rtmp')) throw new HttpError(409, SIMULCAST_MESSAGES.sourceUnavailable(row.inputId));
  return url;
}

async function setCloudTargets(db: Db, simulcastId: number, running: boolean, error: Message | null): Promise<void> {
  const status = error ? 'failed' : running ? 'live' : 'stopped';
  await db
    .update(simulcastTargets)
    .set({ running, status, lastError: error, liveSince: running && !error ? new Date() : null })
    .where(eq(simulcastTargets.simulcastId, simulcastId));
  await db
    .update(simulcasts)
    .set({ state: running && !error ? 'live' : 'idle' })
    .where(eq(simulcasts.id, simulcastId));
}

/**
 * Runs an aws simulcast on MediaLive in the background (a channel takes a minute to come up),
 * once `tx` commits; what the channel reports is written on `options.db`.
 */
async function startOnCloud(options: AwsRoutesOptions, tx: Db, row: SimulcastRow): Promise<void> {
  const sourceUrl = await sourceUrlOf(options.sources, row);
  const targets = await targetsOf(tx, [row.id]);
  await tx
    .update(simulcastTargets)
    .set({ running: true, status: 'starting', lastError: null })
    .where(eq(simulcastTargets.simulcastId, row.id));
  afterCommit(tx, () => startChannel(options, row, sourceUrl, targets));
}

function startChannel(
  options: AwsRoutesOptions,
  row: SimulcastRow,
  sourceUrl: string,
  targets: Awaited<ReturnType<typeof targetsOf>>,
): void {
  const { db, cloud } = options;
  void cloud
    .start({ name: `regie-${row.accountId}-${row.id}`, sourceUrl, targets })
    .then(async (channel) => {
      await db
        .update(simulcasts)
        .set({ cloudChannelId: channel.channelId, cloudInputId: channel.inputId })
        .where(eq(simulcasts.id, row.id));
      await setCloudTargets(db, row.id, true, null);
    })
    .catch(async (error: unknown) => {
      const detail = error instanceof Error ? error.message : String(error);
      await setCloudTargets(db, row.id, false, SIMULCAST_MESSAGES.awsFailed(detail)).catch(options.log);
    });
}

/**
 * The -aws calls: start-aws / stop-aws run every target of an aws simulcast together on the cloud
 * media service when it is configured, else each on the local engine (which then serves);
 * GET simulcasts-aws/status tells the screens which.
 */
export function registerAwsRoutes(app: App, options: AwsRoutesOptions): void {
  const { db, cloud, onRequest, respond } = options;

  app.get(
    simulcastPaths.awsStatus(),
    {
      onRequest,
      schema: {
        ...common,
        summary: 'Whether the cloud media service is configured, and which engine runs aws simulcasts',
        response: respond({ 200: awsStatusResponse }),
      },
    },
    async () => ({ configured: cloud.configured, region: cloud.region, engine: cloud.configured ? 'aws' : 'local' }),
  );

  for (const action of ['startAws', 'stopAws'] as const) {
    app.post(
      simulcastPaths[action](':id'),
      {
        onRequest,
        config: { audit: 'entry' },
        schema: {
          ...common,
          summary:
            action === 'startAws'
              ? 'Starts every target of an aws simulcast (cloud service, else the local engine)'
              : 'Stops every target of an aws simulcast',
          params: idParams,
          response: respond({ 200: simulcastResponse }, 404, 409),
        },
      },
      async (request) => {
        const auth = authOf(request);
        const row = await findSimulcast(db, auth, request.params.id);
        if (row.provider !== 'aws') throw new HttpError(409, SIMULCAST_MESSAGES.notAws);
        const targets = await targetsOf(db, [row.id]);
        // One entry for the simulcast, in the transaction that marks its targets.
        const recorded = (tx: Db) =>
          writeAudit(tx, auditSourceOf(request), {
            accountId: row.accountId,
            resource: 'simulcasts',
            resourceId: row.id,
            action: action === 'startAws' ? 'start' : 'stop',
            changes: {
              engine: { before: null, after: row.cloudChannelId || cloud.configured ? 'aws' : 'local' },
              targets: { before: null, after: targets.map((target) => target.id) },
            },
          });
        if (action === 'startAws') await startAws(options, row, recorded);
        else await stopAws(options, row, recorded);
        const found = await withTargets(db, await findSimulcast(db, auth, row.id));
        return presentSimulcast(found.simulcast, found.targets, auth.language);
      },
    );
  }
}

type Recorded = (tx: Db) => Promise<void>;

async function startAws(options: AwsRoutesOptions, row: SimulcastRow, recorded: Recorded): Promise<void> {
  await transaction(options.db, async (tx) => {
    if (options.cloud.configured) await startOnCloud(options, tx, row);
    else {
      for (const target of await targetsOf(tx, [row.id])) {
        if (!target.running) await startTarget(tx, options.engine, target);
      }
    }
    await recorded(tx);
  });
}

async function stopAws(options: AwsRoutesOptions, row: SimulcastRow, recorded: Recorded): Promise<void> {
  const { db, cloud, engine } = options;
  if (row.cloudChannelId && row.cloudInputId) {
    await cloud.stop({ channelId: row.cloudChannelId, inputId: row.cloudInputId });
    await transaction(db, async (tx) => {
      await tx.update(simulcasts).set({ cloudChannelId: null, cloudInputId: null }).where(eq(simulcasts.id, row.id));
      await setCloudTargets(tx, row.id, false, null);
      await recorded(tx);
    });
    return;
  }
  // Every target marked as no longer meant to run, with the entry; then each restream stopped.
  await transaction(db, async (tx) => {
    await tx.update(simulcastTargets).set({ running: false }).where(eq(simulcastTargets.simulcastId, row.id));
    await recorded(tx);
  });
  for (const target of await targetsOf(db, [row.id])) await stopTarget(db, engine, target);
}
