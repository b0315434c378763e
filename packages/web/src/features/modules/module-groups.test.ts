import { MODULE_CODES } from '@regie/contract/modules';
import { describe, expect, it } from 'vitest';
import { MODULE_GROUPS } from './module-groups.ts';

describe('module groups', () => {
  it('put every module in exactly one group', () => {
    const grouped = MODULE_GROUPS.flatMap((group) => [...group.codes]);
    expect(grouped.length).toBe(new Set(grouped).size);
    expect([...grouped].sort()).toEqual([...MODULE_CODES].sort());
  });
});
