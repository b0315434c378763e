import { buffer } from 'node:stream/consumers';
import { DATA_IMPORT_JOB_TYPE, DATA_IMPORT_MESSAGES } from '@regie/contract/data-import';
import { importDecision } from '@regie/contract/data-import.schemas';
import { CSV_KINDS, FEED_PROVIDERS, type ImportReport } from '@regie/contract/feeds';
import { MESSAGE_LANGUAGES } from '@regie/contract/messages.render';
import { z } from 'zod';
import { MessageError } from '../common/message.error.ts';
import { defineJob, PermanentJobError } from '../jobs/jobs.define.ts';
import { applyMatchDocument, mergeReports } from '../match-events/match-events.apply.ts';
import { applyImport } from './data-import.apply.ts';
import { assertWritable, prepareImport } from './data-import.service.ts';

/** Where an import's document waits for its job: under its account, one object per call. */
export function importDocumentKey(accountId: number, id: string): string {
  return `${importDocumentFolder(accountId)}${id}.document`;
}

function importDocumentFolder(accountId: number): string {
  return `${accountId}/data-import/`;
}

/** The stored document of a job's payload, when the payload names one of its account's. */
function documentKeyOf(job: { accountId: number; payload: unknown }): string | null {
  const parsed = z.object({ documentKey: z.string() }).safeParse(job.payload);
  if (!parsed.success || !parsed.data.documentKey.startsWith(importDocumentFolder(job.accountId))) return null;
  return parsed.data.documentKey;
}

/** The fixtures' share of the progress when the document also holds a match's events. */
const FIXTURES_SHARE = 90;

/**
 * data.import: reads the stored document again (it survives a restart), parses and plans it as
 * the preview did, and writes it (data-import.apply.ts); a match's events go to the event
 * (match-events/). Its result is the ImportReport. A document or a choice that became wrong since
 * the call (a record picked by the user was deleted) fails the job with the reason, for good.
 * The document stays stored while an attempt may come (a retry reads it again) and goes when the
 * job ends: done, or failed for good (onFailed; a retry asked for afterwards says it is gone).
 */
export const dataImportJob = defineJob({
  type: DATA_IMPORT_JOB_TYPE,
  payload: z.object({
    documentKey: z.string().min(1).max(300),
    provider: z.enum(FEED_PROVIDERS),
    sportId: z.number().int().positive(),
    eventId: z.number().int().positive().optional(),
    parse: z.object({
      csvColumns: z.record(z.string(), z.string()).optional(),
      csvKind: z.enum(CSV_KINDS).optional(),
      timeZone: z.string().optional(),
    }),
    decisions: z.array(importDecision),
    language: z.enum(MESSAGE_LANGUAGES),
  }),
  retry: { maxAttempts: 3, backoff: { initialMs: 10_000, maxMs: 120_000 } },
  timeoutMs: 30 * 60_000,
  async perform({ payload, db, storage, job, signal, reportProgress }) {
    const stored = await storage.get(payload.documentKey);
    if (!stored) throw new PermanentJobError(DATA_IMPORT_MESSAGES.documentGone);
    const document = await buffer(stored.body);
    const settings = { ...payload, accountId: job.accountId };
    let prepared: Awaited<ReturnType<typeof prepareImport>>;
    try {
      prepared = await prepareImport(db, settings, document);
      assertWritable(prepared.plan);
    } catch (error) {
      if (error instanceof MessageError) throw new PermanentJobError(error.reason, { cause: error });
      throw error;
    }
    const { feed, plan } = prepared;
    const withEvents = payload.eventId !== undefined && feed.matchEvents.length > 0;
    const share = withEvents ? FIXTURES_SHARE : 100;
    let report: ImportReport = await applyImport(db, plan, {
      signal,
      reportProgress: (percent) => reportProgress((percent * share) / 100),
    });
    if (withEvents && payload.eventId !== undefined) {
      const input = {
        accountId: job.accountId,
        eventId: payload.eventId,
        provider: payload.provider,
        feed,
        language: payload.language,
      };
      // The event deleted since the call: another attempt cannot help.
      const events = await applyMatchDocument(db, input).catch((error: unknown) => {
        if (error instanceof MessageError) throw new PermanentJobError(error.reason, { cause: error });
        throw error;
      });
      report = mergeReports(report, events);
    }
    reportProgress(100);
    await storage.delete(payload.documentKey);
    return { ...report };
  },
  async onFailed({ storage, job }) {
    const key = documentKeyOf(job);
    if (key) await storage.delete(key);
  },
});
