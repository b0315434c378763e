import { jobResourceTypeOf } from '@regie/contract/jobs';
import { describe, expect, it } from 'vitest';
import { JOB_REGISTRY } from './jobs.registry.ts';

describe('the job registry', () => {
  it('runs only job types whose resource the contract declares', () => {
    const undeclared = JOB_REGISTRY.types().filter((type) => jobResourceTypeOf(type) === undefined);
    expect(undeclared).toEqual([]);
  });
});
