import { describe, expect, it } from 'vitest';
import { showsMediaToolsAlert } from './MediaToolsAlert.tsx';

const missing = { ffmpeg: false, ffprobe: false };
const subject = (roles: string[], accessLevel = 0) => ({ roles, modules: [], accessLevel });

describe('who is told that the server cannot process video', () => {
  it('tells platform administrators and the staff whose work needs ffmpeg', () => {
    expect(showsMediaToolsAlert(subject(['manage_customer_accounts'], 1), missing)).toBe(true);
    for (const role of ['video_write', 'liveclipping_write', 'use_stream', 'simulcast_write']) {
      expect(showsMediaToolsAlert(subject([role]), missing), role).toBe(true);
    }
    expect(showsMediaToolsAlert(subject(['video_write']), { ffmpeg: true, ffprobe: false })).toBe(true);
  });

  it('tells nobody while ffmpeg and ffprobe are there, nor those whose screens need no video', () => {
    expect(showsMediaToolsAlert(subject(['manage_customer_accounts'], 1), { ffmpeg: true, ffprobe: true })).toBe(false);
    expect(showsMediaToolsAlert(subject(['manage_customer_accounts'], 1), undefined)).toBe(false);
    expect(showsMediaToolsAlert(subject(['trivia_write', 'use_crm', 'manage_users']), missing)).toBe(false);
  });
});
