import { probeMediaJob } from '../media/probe.job.ts';
import { encodeVideoJob } from '../videos/videos.encode.job.ts';
import { importVideoJob } from '../videos/videos.import.job.ts';
import { purgeVideoJob } from '../videos/videos.purge.job.ts';
import { type AnyJobType, createJobRegistry } from './jobs.define.ts';

/** Every job type the workers run. A new type is defined beside its domain and listed here. */
export const JOB_TYPES: readonly AnyJobType[] = [probeMediaJob, encodeVideoJob, importVideoJob, purgeVideoJob];

export const JOB_REGISTRY = createJobRegistry(JOB_TYPES);
