import type { AuditChanges } from '@regie/contract/audit';
import { videosResource } from '@regie/contract/resources/videos';
import { diffFields } from '../audit/audit.rows.ts';
import { type AuditSource, writeAudit } from '../audit/audit.service.ts';
import type { Db } from '../db/database.ts';
import type { JobRow } from '../db/jobs.table.ts';
import { transaction } from '../db/transactions.ts';
import type { VideoRow } from '../db/videos.table.ts';

/** What a clip's entry records of the clip video it made: where it was cut from and how. */
const CLIP_FIELDS = [
  'title',
  'published',
  'sourceVideoId',
  'clipEventId',
  'clipMarkerId',
  'clipInSeconds',
  'clipOutSeconds',
  'clipSkinId',
  'clipTemplateId',
] as const;

/**
 * Makes a clip (`make`: a clip video and its job, on the transaction given) and records it, in
 * one transaction: a 'clip' entry on the new video (its History starts there), with `extra`
 * (the conference it belongs to) beside the video's fields.
 */
export function recordedClip(
  db: Db,
  source: AuditSource,
  make: (tx: Db) => Promise<{ video: VideoRow; job: JobRow }>,
  extra: AuditChanges = {},
): Promise<{ video: VideoRow; job: JobRow }> {
  return transaction(db, async (tx) => {
    const created = await make(tx);
    await writeAudit(tx, source, {
      accountId: created.video.accountId,
      resource: videosResource.name,
      resourceId: created.video.id,
      action: 'clip',
      changes: { ...diffFields(null, created.video, CLIP_FIELDS), ...extra },
    });
    return created;
  });
}
