import { resolve, sep } from 'node:path';
import { MEDIA_JOB_TYPES, MEDIA_MESSAGES } from '@regie/contract/media';
import { z } from 'zod';
import { reasonOf } from '../common/message.error.ts';
import { defineJob, PermanentJobError, skipped } from '../jobs/jobs.define.ts';
import { probeMedia } from './ffprobe.service.ts';
import { MediaError } from './media.errors.ts';

/**
 * media.probe: reads the technical metadata of a file in the data folder into the job's result.
 * The smallest real job, proving the queue → worker → ffprobe → result path end to end.
 */
export const probeMediaJob = defineJob({
  type: MEDIA_JOB_TYPES.probe,
  payload: z.object({
    /** Relative to the data folder (REGIE_DATA_DIR). */
    path: z.string().min(1).max(1024),
  }),
  retry: { maxAttempts: 3, backoff: { initialMs: 5_000, maxMs: 60_000 } },
  timeoutMs: 60_000,
  async perform({ payload, dataDir, signal, reportProgress }) {
    const file = resolve(dataDir, payload.path);
    if (!file.startsWith(`${dataDir}${sep}`)) throw new PermanentJobError(MEDIA_MESSAGES.outsideDataDir);
    reportProgress(10);
    try {
      return { path: payload.path, metadata: await probeMedia(file, { signal }) };
    } catch (error) {
      // Not installed ffmpeg and crashes are worth another attempt; a bad or missing file is not.
      if (!(error instanceof MediaError) || error.code === 'tooling') throw error;
      if (error.code === 'missing') return skipped(error.message);
      throw new PermanentJobError(reasonOf(error), { cause: error });
    }
  },
});
