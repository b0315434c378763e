import { eventsResource } from './resources/events.ts';
import { videosResource } from './resources/videos.ts';
import { VIDEO_RESOURCE_TYPE } from './videos.ts';

/**
 * The generic resource (contract resources/) a job's `resourceType` names: when one of its jobs
 * ends, the web app refreshes that resource's lists and records. Apart from jobs.ts because the
 * resource declarations bring zod.
 */
export const JOB_RESOURCE_NAMES: Readonly<Record<string, string>> = {
  [VIDEO_RESOURCE_TYPE]: videosResource.name,
  /** jobs/importMarkers and jobs/importEventStats (contract match-events.ts EVENT_RESOURCE_TYPE). */
  Event: eventsResource.name,
};

/** The resource name behind a job's resourceType ('Video' → 'videos'); null when it is no resource. */
export function jobResourceName(resourceType: string): string | null {
  return Object.hasOwn(JOB_RESOURCE_NAMES, resourceType) ? (JOB_RESOURCE_NAMES[resourceType] ?? null) : null;
}
