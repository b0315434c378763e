import { describe, expect, it } from 'vitest';
import { renderMessage } from './messages.render.ts';
import {
  captionLength,
  characterLength,
  defaultAspect,
  formatLimitBytes,
  formatLimitDuration,
  hashtagsOf,
  PLATFORM_LIMITS,
  publicationProblems,
  publishAspects,
  startAspect,
  xWeightedLength,
} from './publications.ts';

const problems = (...args: Parameters<typeof publicationProblems>) =>
  publicationProblems(...args).map((problem) => `${problem.field}: ${renderMessage(problem.message, 'en')}`);

describe('a caption counted as each platform counts it', () => {
  it('counts X posts by weight: Latin once, CJK and emoji twice, every link 23', () => {
    expect(xWeightedLength('Goal!')).toBe(5);
    expect(xWeightedLength('Café, élan, Ωμέγα, привет')).toBe(25);
    expect(xWeightedLength('ゴール')).toBe(6);
    expect(xWeightedLength('⚽')).toBe(2);
    expect(xWeightedLength('Watch https://regie.example/clips/42?from=feed now')).toBe(6 + 23 + 4);
    expect(captionLength('twitter', 'ゴール')).toBe(6);
    // Elsewhere a character is a code point: an emoji is one, not two UTF-16 units.
    expect(characterLength('⚽ Goal')).toBe(6);
    expect(captionLength('instagram', '⚽ Goal')).toBe(6);
  });

  it('finds the hashtags of a caption, in any script', () => {
    expect(hashtagsOf('#RFC wins! #Derby2026 #élan email@x.com a#b')).toEqual(['#RFC', '#Derby2026', '#élan']);
  });
});

describe('what a platform would refuse, before anything is queued', () => {
  const clip = { durationSeconds: 20, bytes: 12 * 1024 * 1024 };

  it('accepts a 20 s clip everywhere, vertical on TikTok and Reels by default', () => {
    for (const platform of Object.keys(PLATFORM_LIMITS) as (keyof typeof PLATFORM_LIMITS)[]) {
      const input = {
        platform,
        title: 'Bernardi doubles the lead',
        caption: 'What a goal #RFC',
        aspect: defaultAspect(platform),
      };
      expect(problems(input, clip), platform).toEqual([]);
    }
    expect(defaultAspect('tiktok')).toBe('9:16');
    expect(defaultAspect('instagram')).toBe('9:16');
    expect(defaultAspect('youtube')).toBe('16:9');
  });

  it('offers every shape a platform takes with VERTICAL_VIDEO, else only the video’s own, and starts from the platform’s default', () => {
    expect(publishAspects('tiktok', '16:9', true)[0]).toBe('9:16');
    expect(startAspect('tiktok', '16:9', true)).toBe('9:16');
    // Without the module nothing is rendered: the video goes as it is, where the platform takes it.
    expect(publishAspects('youtube', '16:9', false)).toEqual(['16:9']);
    expect(startAspect('tiktok', '16:9', false)).toBe('16:9');
    expect(publishAspects('instagram', '16:9', false)).toEqual([]);
    expect(startAspect('instagram', '9:16', false)).toBe('9:16');
    // A clip not yet encoded: its shape unknown, taken as 16:9.
    expect(startAspect('youtube', null, false)).toBe('16:9');
  });

  it('names the limit: too long, too short, too big, caption, title, hashtags, shape', () => {
    expect(
      problems({ platform: 'twitter', title: '', caption: 'x', aspect: '16:9' }, { durationSeconds: 150, bytes: 1 }),
    ).toEqual(['video: X takes videos of 2 min 20 s at most: this one lasts 2 min 30 s']);
    expect(
      problems({ platform: 'tiktok', title: '', caption: '', aspect: '9:16' }, { durationSeconds: 2, bytes: 1 }),
    ).toEqual(['video: TikTok takes videos of 3 s at least: this one lasts 2 s']);
    expect(
      problems(
        { platform: 'twitter', title: '', caption: '', aspect: '16:9' },
        { durationSeconds: 20, bytes: 600 * 1024 * 1024 },
      ),
    ).toEqual(['video: X takes files of 512 MB at most: this video is bigger']);
    expect(problems({ platform: 'twitter', title: '', caption: 'ゴール'.repeat(50), aspect: '16:9' }, clip)).toEqual([
      'caption: X captions have 280 characters at most, counted as X counts them: this one has 300',
    ]);
    expect(problems({ platform: 'youtube', title: '', caption: '', aspect: '16:9' }, clip)).toEqual([
      'title: YouTube needs a title',
    ]);
    expect(problems({ platform: 'youtube', title: 'a'.repeat(101), caption: '', aspect: '16:9' }, clip)).toEqual([
      'title: YouTube titles have 100 characters at most: this one has 101',
    ]);
    const tags = Array.from({ length: 31 }, (_, index) => `#t${index}`).join(' ');
    expect(problems({ platform: 'instagram', title: '', caption: tags, aspect: '16:9' }, clip)).toEqual([
      'caption: Instagram takes 30 hashtags at most: this caption has 31',
      'aspect: Instagram takes these shapes only: 9:16, 4:5, 1:1',
    ]);
  });

  it('says durations and sizes as people do', () => {
    expect(formatLimitDuration(140)).toBe('2 min 20 s');
    expect(formatLimitDuration(600)).toBe('10 min');
    expect(formatLimitDuration(4 * 3600)).toBe('4 h');
    expect(formatLimitDuration(3 * 3600 + 300)).toBe('3 h 5 min');
    expect(formatLimitBytes(512 * 1024 * 1024)).toBe('512 MB');
    expect(formatLimitBytes(4 * 1024 ** 3)).toBe('4 GB');
  });
});
