import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BACKGROUND_NICENESS, runProcess } from './ffmpeg.runner.ts';

/** This process's own niceness (field 19 of /proc/self/stat, the 17th after the command's name). */
function niceness(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
}

describe('background media work', () => {
  it.runIf(process.platform === 'linux')('runs at a lower priority than the API that starts it', async () => {
    // `nice` without arguments prints the niceness it runs at.
    const { stdout } = await runProcess('nice', [], { background: true });
    expect(Number(stdout.trim())).toBe(Math.min(19, niceness() + BACKGROUND_NICENESS));
  });

  it.runIf(process.platform === 'linux')('leaves the live path (probes) at the priority of the API', async () => {
    const { stdout } = await runProcess('nice', []);
    expect(Number(stdout.trim())).toBe(niceness());
  });

  it('says a binary that is not installed is not installed, naming it', async () => {
    await expect(runProcess('regie-no-such-binary', [])).rejects.toThrow(
      'regie-no-such-binary is not installed or not on the PATH',
    );
  });
});
