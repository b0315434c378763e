import { describe, expect, it } from 'vitest';
import { JOB_RESOURCE_NAMES, jobResourceName } from './jobs.resources.ts';
import { JOB_TYPE_RESOURCE_TYPES, jobResourceTypeOf } from './jobs.ts';
import { videosResource } from './resources/videos.ts';
import { VIDEO_JOB_TYPES, VIDEO_RESOURCE_TYPE } from './videos.ts';

describe('the job type → resource mapping', () => {
  it('declares the resource of every video job type', () => {
    for (const type of Object.values(VIDEO_JOB_TYPES)) expect(jobResourceTypeOf(type)).not.toBeUndefined();
    expect(jobResourceTypeOf(VIDEO_JOB_TYPES.encode)).toBe(VIDEO_RESOURCE_TYPE);
    expect(jobResourceTypeOf(VIDEO_JOB_TYPES.purge)).toBeNull();
    expect(jobResourceTypeOf('nothing.known')).toBeUndefined();
  });

  it('names the generic resource behind every resourceType a job type carries', () => {
    for (const resourceType of Object.values(JOB_TYPE_RESOURCE_TYPES)) {
      if (resourceType !== null) expect(Object.keys(JOB_RESOURCE_NAMES)).toContain(resourceType);
    }
    expect(jobResourceName(VIDEO_RESOURCE_TYPE)).toBe(videosResource.name);
    expect(jobResourceName('toString')).toBeNull();
  });
});
