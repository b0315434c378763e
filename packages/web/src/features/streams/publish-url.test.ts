import { describe, expect, it } from 'vitest';
import { publishUrl } from './StreamConnection.tsx';

describe('the full publish URL (issue 46.7)', () => {
  it('is the server URL and the key, for encoders with one URL field', () => {
    expect(publishUrl('rtmp://127.0.0.1:1935/live', 'rk_abc')).toBe('rtmp://127.0.0.1:1935/live/rk_abc');
    expect(publishUrl('rtmps://live.example.com/live/', 'rk_abc')).toBe('rtmps://live.example.com/live/rk_abc');
  });
});
