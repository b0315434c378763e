import { publishAspects } from '@regie/contract/publications';
import type { SocialPlatformStatus } from '@regie/contract/social';
import { describe, expect, it } from 'vitest';
import {
  bodyOf,
  countsOf,
  initialDraft,
  type PublishableVideo,
  problemsOf,
  readyToSend,
  scheduledInstant,
  serverErrorsByTarget,
  unavailableOf,
} from './publish-form.ts';

const video: PublishableVideo = {
  id: 7,
  title: 'Bernardi doubles the lead',
  description: '',
  durationSeconds: 20,
  sizeBytes: 4_000_000,
  ownAspect: '16:9',
};

function status(link: Partial<NonNullable<SocialPlatformStatus['link']>> | null): SocialPlatformStatus {
  return {
    platform: 'youtube',
    mode: 'local',
    link: link && {
      id: 1,
      platform: 'youtube',
      state: 'active',
      reason: null,
      externalId: 'x',
      accountName: 'Riverside FC Media',
      pictureUrl: null,
      targetId: 'UC1',
      targetName: 'Riverside FC',
      needsTarget: true,
      local: true,
      userId: 1,
      userName: 'Camille',
      expiresAt: null,
      createdAt: '2026-11-28T10:00:00.000Z',
      updatedAt: '2026-11-28T10:00:00.000Z',
      ...link,
    },
  };
}

describe('the Publish dialog’s rules', () => {
  it('offers a platform only through a working link with its page or channel chosen', () => {
    expect(unavailableOf(status(null))).toBe('notLinked');
    expect(unavailableOf(status({ state: 'expired' }))).toBe('reconnect');
    expect(unavailableOf(status({ targetId: null }))).toBe('targetNeeded');
    expect(unavailableOf(status({}))).toBeNull();
  });

  it('starts TikTok and Reels in 9:16 with the vertical module, else in the video’s own shape', () => {
    expect(initialDraft(video, true).targets.tiktok.aspect).toBe('9:16');
    expect(initialDraft(video, true).targets.youtube.aspect).toBe('16:9');
    expect(initialDraft(video, false).targets.tiktok.aspect).toBe('16:9');
    // Instagram takes no 16:9: without the module nothing can be sent there.
    expect(publishAspects('instagram', video.ownAspect, false)).toEqual([]);
    expect(publishAspects('instagram', video.ownAspect, true)).toEqual(['9:16', '4:5', '1:1']);
  });

  it('counts an X caption as X does and refuses it past 280 before anything is sent', () => {
    const draft = initialDraft(video, true);
    const caption = `${'é'.repeat(270)} 🎉🎉🎉🎉🎉`;
    const target = { ...draft.targets.twitter, caption };
    expect(countsOf('twitter', target).caption).toEqual({ length: 281, max: 280 });
    expect(problemsOf('twitter', target, video).caption).toHaveLength(1);
    const chosen = { ...draft, chosen: ['twitter' as const], targets: { ...draft.targets, twitter: target } };
    expect(readyToSend(chosen, video)).toBe(false);
    const fixed = { ...chosen, targets: { ...chosen.targets, twitter: { ...target, caption: 'Goal! 🎉' } } };
    expect(readyToSend(fixed, video)).toBe(true);
  });

  it('sends a scheduled time as the instant the user meant in their time zone, titles only where the platform has them', () => {
    const draft = {
      ...initialDraft(video, true),
      chosen: ['youtube' as const, 'tiktok' as const],
      when: 'later' as const,
      scheduledAt: '2026-12-01 20:45:00',
      thumbnailSeconds: 3,
    };
    const body = bodyOf(draft);
    expect(body.scheduledAt).toBe(new Date(2026, 11, 1, 20, 45, 0).toISOString());
    expect(body.thumbnailSeconds).toBe(3);
    expect(body.targets).toEqual([
      { platform: 'youtube', title: video.title, caption: '', aspect: '16:9' },
      { platform: 'tiktok', title: '', caption: '', aspect: '9:16' },
    ]);
    expect(scheduledInstant('tomorrow')).toBeNull();
    expect(readyToSend({ ...draft, scheduledAt: null }, video)).toBe(false);
  });

  it('puts each of the server’s refusals under its target’s field', () => {
    const draft = { ...initialDraft(video, true), chosen: ['youtube' as const, 'tiktok' as const] };
    const { byTarget, other } = serverErrorsByTarget(draft, [
      { path: 'targets.1.platform', message: 'Your TikTok link no longer works' },
      { path: 'scheduledAt', message: 'The scheduled time is past' },
    ]);
    expect(byTarget).toEqual({ tiktok: { platform: 'Your TikTok link no longer works' } });
    expect(other).toEqual(['The scheduled time is past']);
  });
});
