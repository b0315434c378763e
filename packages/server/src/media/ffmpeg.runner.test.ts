import { describe, expect, it } from 'vitest';
import { runProcess } from './ffmpeg.runner.ts';

describe('runProcess', () => {
  it('says a binary that is not installed is not installed, naming it', async () => {
    await expect(runProcess('regie-no-such-binary', [])).rejects.toThrow(
      'regie-no-such-binary is not installed or not on the PATH',
    );
  });
});
