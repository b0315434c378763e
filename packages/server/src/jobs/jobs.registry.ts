import { probeMediaJob } from '../media/probe.job.ts';
import { type AnyJobType, createJobRegistry } from './jobs.define.ts';

/** Every job type the workers run. A new type is defined beside its domain and listed here. */
export const JOB_TYPES: readonly AnyJobType[] = [probeMediaJob];

export const JOB_REGISTRY = createJobRegistry(JOB_TYPES);
