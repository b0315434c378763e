import type { EmbedPlayerResponse } from '@regie/contract/embed.schemas';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdClient, AdTracker, LinearAd } from './embed-ads.ts';
import { translator } from './embed-i18n.ts';
import { type AttachStream, renderReplay } from './embed-player.ts';
import { vmapBreaks, vmapOffset } from './embed-vast.ts';

/** The pre-roll before a replay (embed-ads.ts), the VAST client faked: its pixels are a log. */

type Replay = Extract<EmbedPlayerResponse, { state: 'replay' }>;
const replay: Replay = {
  state: 'replay',
  available: true,
  title: 'Derby night',
  posterUrl: null,
  hlsUrl: '/media/videos/1/9/hls/master.m3u8?t=1.b',
  perViewer: false,
  access: null,
  ads: { tagUrl: '/local-ads/vast.xml' },
  durationSeconds: 5400,
  chapters: [],
  renditions: [],
  downloadUrl: null,
};

function fakeAd(log: string[], skipAfterSeconds: number | null = 2): LinearAd {
  const tracker: AdTracker = {
    impression: () => log.push('impression'),
    progress: (seconds) => log.push(`progress ${seconds}`),
    complete: () => log.push('complete'),
    skip: () => log.push('skip'),
    error: (code) => log.push(`error ${code}`),
  };
  return { mediaUrl: 'http://ads.test/ad.mp4', durationSeconds: 5, skipAfterSeconds, tracker };
}

function mount(client: AdClient) {
  const root = document.createElement('main');
  document.body.replaceChildren(root);
  const attach: AttachStream = async () => ({
    playingDate: () => null,
    liveEdge: () => null,
    destroy: () => undefined,
  });
  const onPlay = vi.fn();
  const handle = renderReplay(replay, {
    root,
    say: translator('en'),
    attach,
    onPlay,
    onFailure: () => undefined,
    ads: client,
  });
  return { root, content: handle.video, onPlay };
}

const adVideo = (root: HTMLElement) => root.querySelector<HTMLVideoElement>('[data-testid="ad"] video');

/** Moves the ad's clock and tells its listeners, as a playing video does. */
function advance(video: HTMLVideoElement, seconds: number) {
  Object.defineProperty(video, 'currentTime', { value: seconds, configurable: true });
  video.dispatchEvent(new Event('timeupdate'));
}

let played: HTMLMediaElement[];
beforeEach(() => {
  played = [];
  // jsdom has no media playback: play() resolves as a browser's would, and says who played.
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(async function (this: HTMLMediaElement) {
    played.push(this);
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('the pre-roll', () => {
  it('plays the ad on the first play, with "Ad", the time left and Skip, then the replay', async () => {
    const log: string[] = [];
    const { root, content } = mount({ schedule: async () => [{ offsetSeconds: 0, ads: async () => [fakeAd(log)] }] });
    content.dispatchEvent(new Event('play'));
    await vi.waitFor(() => expect(adVideo(root)).not.toBeNull());
    const ad = adVideo(root) as HTMLVideoElement;
    expect(ad.getAttribute('src')).toBe('http://ads.test/ad.mp4');
    // The content is out of the page while the ad plays.
    expect(content.isConnected).toBe(false);
    ad.dispatchEvent(new Event('playing'));
    advance(ad, 1);
    const bar = root.querySelector('[data-testid="ad"]')?.textContent ?? '';
    expect(bar).toContain('Ad');
    expect(bar).toContain('0:04 left');
    const skip = root.querySelector<HTMLButtonElement>('.ad-skip');
    expect(skip?.disabled).toBe(true);
    expect(skip?.textContent).toBe('Skip in 1 s');
    advance(ad, 2.5);
    expect(skip?.disabled).toBe(false);
    ad.dispatchEvent(new Event('ended'));
    await vi.waitFor(() => expect(content.isConnected).toBe(true));
    expect(adVideo(root)).toBeNull();
    expect(log).toEqual(['impression', 'progress 1', 'progress 2.5', 'complete']);
    await vi.waitFor(() => expect(played.at(-1)).toBe(content));
  });

  it('lets the viewer skip once allowed, and calls the skip pixel', async () => {
    const log: string[] = [];
    const { root, content } = mount({ schedule: async () => [{ offsetSeconds: 0, ads: async () => [fakeAd(log)] }] });
    content.dispatchEvent(new Event('play'));
    await vi.waitFor(() => expect(adVideo(root)).not.toBeNull());
    const ad = adVideo(root) as HTMLVideoElement;
    ad.dispatchEvent(new Event('playing'));
    advance(ad, 3);
    root.querySelector<HTMLButtonElement>('.ad-skip')?.click();
    await vi.waitFor(() => expect(content.isConnected).toBe(true));
    expect(log).toEqual(['impression', 'progress 3', 'skip']);
  });

  it('plays the replay when the ad cannot be played, calling the error pixel', async () => {
    const log: string[] = [];
    const { root, content } = mount({ schedule: async () => [{ offsetSeconds: 0, ads: async () => [fakeAd(log)] }] });
    content.dispatchEvent(new Event('play'));
    await vi.waitFor(() => expect(adVideo(root)).not.toBeNull());
    adVideo(root)?.dispatchEvent(new Event('error'));
    await vi.waitFor(() => expect(content.isConnected).toBe(true));
    expect(log).toEqual(['error 405']);
    await vi.waitFor(() => expect(played.at(-1)).toBe(content));
  });

  it('plays the replay when the tag fails to load', async () => {
    const { root, content } = mount({ schedule: async () => Promise.reject(new Error('bad XML')) });
    content.dispatchEvent(new Event('play'));
    await vi.waitFor(() => expect(played.at(-1)).toBe(content));
    expect(adVideo(root)).toBeNull();
  });
});

describe('a mid-roll', () => {
  it('pauses the replay at its second, plays the ad once, then the replay goes on', async () => {
    const log: string[] = [];
    const midroll = { offsetSeconds: 600, ads: async () => [fakeAd(log, null)] };
    const { root, content } = mount({ schedule: async () => [midroll] });
    // No pre-roll: the replay starts at once.
    content.dispatchEvent(new Event('play'));
    await vi.waitFor(() => expect(played.at(-1)).toBe(content));
    advance(content, 599);
    await Promise.resolve();
    expect(adVideo(root)).toBeNull();

    advance(content, 600.2);
    await vi.waitFor(() => expect(adVideo(root)).not.toBeNull());
    expect(content.isConnected).toBe(false);
    const ad = adVideo(root) as HTMLVideoElement;
    ad.dispatchEvent(new Event('playing'));
    // Not skippable: no Skip button.
    expect(root.querySelector('.ad-skip')).toBeNull();
    ad.dispatchEvent(new Event('ended'));
    await vi.waitFor(() => expect(content.isConnected).toBe(true));
    await vi.waitFor(() => expect(played.at(-1)).toBe(content));
    expect(log).toEqual(['impression', 'complete']);

    // Past its second again (a seek back and forth): played once only.
    advance(content, 650);
    await Promise.resolve();
    expect(adVideo(root)).toBeNull();
  });
});

describe('a VMAP', () => {
  it('reads its breaks: the pre-roll, a mid-roll at its second, not the post-roll', () => {
    const document = new DOMParser().parseFromString(
      `<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0">
        <vmap:AdBreak timeOffset="start" breakType="linear"><vmap:AdSource><vmap:AdTagURI templateType="vast4"><![CDATA[/local-ads/vast.xml?ad=a]]></vmap:AdTagURI></vmap:AdSource></vmap:AdBreak>
        <vmap:AdBreak timeOffset="00:01:30.500" breakType="linear"><vmap:AdSource><vmap:AdTagURI templateType="vast4"><![CDATA[https://ads.test/mid.xml]]></vmap:AdTagURI></vmap:AdSource></vmap:AdBreak>
        <vmap:AdBreak timeOffset="end" breakType="linear"><vmap:AdSource><vmap:AdTagURI><![CDATA[https://ads.test/post.xml]]></vmap:AdTagURI></vmap:AdSource></vmap:AdBreak>
      </vmap:VMAP>`,
      'text/xml',
    );
    expect(vmapBreaks(document).map(({ offsetSeconds, tagUrl }) => ({ offsetSeconds, tagUrl }))).toEqual([
      { offsetSeconds: 0, tagUrl: '/local-ads/vast.xml?ad=a' },
      { offsetSeconds: 90.5, tagUrl: 'https://ads.test/mid.xml' },
    ]);
    expect(vmapOffset('01:00:00')).toBe(3600);
    expect(vmapOffset('50%')).toBeNull();
  });
});
