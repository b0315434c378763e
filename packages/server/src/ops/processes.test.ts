import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { runningChildren, trackChild } from './processes.ts';

describe('trackChild', () => {
  it('counts a child until it exits', async () => {
    const before = runningChildren();
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
    trackChild(child);
    expect(runningChildren()).toBe(before + 1);
    child.kill('SIGKILL');
    await once(child, 'exit');
    expect(runningChildren()).toBe(before);
  });

  it('does not count a binary that could not start', async () => {
    const before = runningChildren();
    const child = spawn('regie-no-such-binary', [], { stdio: 'ignore' });
    trackChild(child);
    await once(child, 'error').catch(() => undefined);
    expect(runningChildren()).toBe(before);
  });
});
