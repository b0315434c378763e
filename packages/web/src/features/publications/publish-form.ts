import type { Message } from '@regie/contract/messages';
import {
  captionLength,
  characterLength,
  PLATFORM_LIMITS,
  type PublicationProblem,
  type PublishBody,
  publicationProblems,
  startAspect,
} from '@regie/contract/publications';
import { SOCIAL_PLATFORMS, type SocialPlatform, type SocialPlatformStatus } from '@regie/contract/social';
import type { Aspect } from '@regie/contract/vertical';

/**
 * The Publish dialog's state and rules, apart from its look (publish-form.test.ts): which targets
 * may be chosen, each one's title, caption and shape, what its platform would refuse, and the body
 * of POST videos/{id}/publications.
 */

/** What the dialog knows of the video it publishes. */
export interface PublishableVideo {
  id: number;
  title: string;
  description: string;
  durationSeconds: number;
  sizeBytes: number;
  /** The video's own shape (null: none of ASPECTS, sent as 16:9). */
  ownAspect: Aspect | null;
}

export interface TargetDraft {
  title: string;
  caption: string;
  aspect: Aspect;
}

export interface PublishDraft {
  chosen: SocialPlatform[];
  targets: Record<SocialPlatform, TargetDraft>;
  /** The frame at this second is the thumbnail; null: the platform's own choice. */
  thumbnailSeconds: number | null;
  when: 'now' | 'later';
  /** The scheduled local time (`YYYY-MM-DD HH:mm:ss`, the user's time zone), when later. */
  scheduledAt: string | null;
}

/** Why a platform cannot be chosen, or null when it can. */
export type Unavailable = 'notLinked' | 'reconnect' | 'targetNeeded' | null;

export function unavailableOf(status: SocialPlatformStatus | undefined): Unavailable {
  const link = status?.link;
  if (!link) return 'notLinked';
  if (link.state !== 'active') return 'reconnect';
  if (link.needsTarget && link.targetId === null) return 'targetNeeded';
  return null;
}

export function initialDraft(video: PublishableVideo, vertical: boolean): PublishDraft {
  const targets = Object.fromEntries(
    SOCIAL_PLATFORMS.map((platform) => [
      platform,
      { title: video.title, caption: video.description, aspect: startAspect(platform, video.ownAspect, vertical) },
    ]),
  ) as Record<SocialPlatform, TargetDraft>;
  return { chosen: [], targets, thumbnailSeconds: null, when: 'now', scheduledAt: null };
}

/** What the platform would refuse of this target, by field. */
export function problemsOf(platform: SocialPlatform, target: TargetDraft, video: PublishableVideo) {
  const problems = publicationProblems(
    { platform, ...target },
    { durationSeconds: video.durationSeconds, bytes: video.sizeBytes },
  );
  const byField: Partial<Record<PublicationProblem['field'], Message[]>> = {};
  for (const problem of problems) byField[problem.field] = [...(byField[problem.field] ?? []), problem.message];
  return byField;
}

/** The counters under a target's fields, as its platform counts. */
export function countsOf(platform: SocialPlatform, target: Pick<TargetDraft, 'title' | 'caption'>) {
  const limits = PLATFORM_LIMITS[platform];
  return {
    title: limits.titleMax === null ? null : { length: characterLength(target.title), max: limits.titleMax },
    caption: { length: captionLength(platform, target.caption), max: limits.captionMax },
  };
}

/** The local time `YYYY-MM-DD HH:mm:ss` as an instant (ISO 8601), read in the browser's time zone. */
export function scheduledInstant(local: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local.trim());
  if (!match) return null;
  const [, year, month, day, hour, minute, second] = match.map(Number);
  const date = new Date(year ?? 0, (month ?? 1) - 1, day ?? 1, hour ?? 0, minute ?? 0, second ?? 0);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

export function bodyOf(draft: PublishDraft): PublishBody {
  const scheduledAt = draft.when === 'later' && draft.scheduledAt ? scheduledInstant(draft.scheduledAt) : null;
  return {
    targets: draft.chosen.map((platform) => {
      const target = draft.targets[platform];
      return {
        platform,
        title: PLATFORM_LIMITS[platform].titleMax === null ? '' : target.title.trim(),
        caption: target.caption,
        aspect: target.aspect,
      };
    }),
    scheduledAt,
    thumbnailSeconds: draft.thumbnailSeconds,
  };
}

/** The draft can be sent: a target at least, none refused, a time when later. */
export function readyToSend(draft: PublishDraft, video: PublishableVideo): boolean {
  if (draft.chosen.length === 0) return false;
  if (draft.when === 'later' && (!draft.scheduledAt || scheduledInstant(draft.scheduledAt) === null)) return false;
  return draft.chosen.every(
    (platform) => Object.keys(problemsOf(platform, draft.targets[platform], video)).length === 0,
  );
}

/**
 * A server refusal's field errors (`targets.1.caption`) by platform and field, so each shows
 * under its own input.
 */
export function serverErrorsByTarget(
  draft: PublishDraft,
  errors: readonly { path: string; message: string }[],
): { byTarget: Partial<Record<SocialPlatform, Record<string, string>>>; other: string[] } {
  const byTarget: Partial<Record<SocialPlatform, Record<string, string>>> = {};
  const other: string[] = [];
  for (const error of errors) {
    const match = /^targets\.(\d+)\.(\w+)$/.exec(error.path);
    const platform = match ? draft.chosen[Number(match[1])] : undefined;
    if (match?.[2] && platform) byTarget[platform] = { ...byTarget[platform], [match[2]]: error.message };
    else other.push(error.message);
  }
  return { byTarget, other };
}
