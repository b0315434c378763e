import type { EmbedPlayerResponse } from '@regie/contract/embed.schemas';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FanSessionStore } from './embed-fan.ts';
import { translator } from './embed-i18n.ts';
import { EmbedPage } from './embed-page.ts';
import type { AttachStream } from './embed-player.ts';

/** The embed page following its state without a reload (embed-page.ts), its reads and stream faked. */

const upcoming: EmbedPlayerResponse = {
  state: 'upcoming',
  available: false,
  title: 'Derby night',
  posterUrl: null,
  startsAt: '2026-11-28T20:00:00.000Z',
  access: null,
};
const live: EmbedPlayerResponse = {
  state: 'live',
  available: true,
  title: 'Derby night',
  posterUrl: null,
  hlsUrl: '/live/1/program/events/7/dvr.m3u8?t=1.a',
  perViewer: false,
  access: null,
  ads: null,
  liveOrigin: '2026-11-28T20:00:00.000Z',
  chapters: [{ title: 'Goal', startSeconds: 42 }],
};
const preparing = (progress: number, secondsLeft: number | null): EmbedPlayerResponse => ({
  state: 'preparing',
  available: false,
  title: 'Derby night',
  posterUrl: null,
  progress,
  secondsLeft,
});
const replay: EmbedPlayerResponse = {
  state: 'replay',
  available: true,
  title: 'Derby night',
  posterUrl: null,
  hlsUrl: '/media/videos/1/9/hls/master.m3u8?t=1.b',
  perViewer: false,
  access: null,
  ads: null,
  durationSeconds: 5400,
  chapters: [{ title: 'Goal', startSeconds: 42 }],
  renditions: [],
  downloadUrl: null,
};

function harness(language: 'en' | 'fr' = 'en') {
  const root = document.createElement('main');
  document.body.replaceChildren(root);
  const answers: ({ status: number; text: string } | null)[] = [];
  const grants: ({ status: number; text: string } | null)[] = [];
  const attached: { url: string; destroyed: boolean }[] = [];
  const attach: AttachStream = async (_video, url) => {
    const stream = { url, destroyed: false };
    attached.push(stream);
    return {
      playingDate: () => new Date(Date.parse('2026-11-28T20:01:00.000Z')),
      liveEdge: () => 60,
      destroy: () => {
        stream.destroyed = true;
      },
    };
  };
  const reportPlay = vi.fn(async () => true);
  const store = new FanSessionStore('page-token', null);
  const checkout = vi.fn(async (_offerId: number) => ({ url: 'https://pay.example/checkout/1' }));
  const go = vi.fn((_url: string) => false);
  const page = new EmbedPage(root, translator(language), language, {
    read: async () => answers.shift() ?? null,
    playback: vi.fn(async () => grants.shift() ?? null),
    attach,
    reportPlay,
    schedule: () => undefined,
    access: { pageToken: 'page-token', store, language, say: translator(language), notice: null, checkout, go },
  });
  const answer = (data: EmbedPlayerResponse, status = 200) => {
    answers.push({ status, text: JSON.stringify(data) });
    return page.readOnce();
  };
  return { root, page, attached, reportPlay, answer, answers, grants, store, checkout, go };
}

const chaptersOf = (data: EmbedPlayerResponse) =>
  data.state === 'live' || data.state === 'replay' ? data.chapters : [];
const text = (root: HTMLElement) => root.textContent?.replace(/\s+/g, ' ').trim() ?? '';

beforeEach(() => {
  // jsdom has no media playback: a page's play() resolves as a browser's would.
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the embed page’s states', () => {
  it('counts down, starts the live, shows the preparation, then swaps to the replay, on one page', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-27T18:58:55.000Z'), toFake: ['Date', 'setInterval', 'clearInterval'] });
    const { root, attached, reportPlay, answer } = harness();

    expect(await answer(upcoming)).toBe(5_000);
    expect(root.querySelector('h1')?.textContent).toBe('Derby night');
    // 1 day, 1 h, 1 min and 5 s to kick-off; the clock ticks without a read.
    expect(root.querySelector('[role="timer"]')?.textContent).toBe('Starts in 1 d 01:01:05');
    vi.advanceTimersByTime(2_000);
    expect(root.querySelector('[role="timer"]')?.textContent).toBe('Starts in 1 d 01:01:03');

    // Live: the program's playlist plays, the markers so far are chapters.
    expect(await answer(live)).toBe(5_000);
    const video = root.querySelector('video');
    expect(video).not.toBeNull();
    expect(attached.map((stream) => stream.url)).toEqual([live.state === 'live' ? live.hlsUrl : '']);
    expect(text(root)).toContain('Live Derby night');
    expect(root.querySelectorAll('.chapter')).toHaveLength(1);
    // The countdown stopped with its screen.
    expect(vi.getTimerCount()).toBe(0);

    // A new marker: the chapters change, the player keeps playing (same video, no second stream).
    await answer({ ...live, chapters: [...chaptersOf(live), { title: 'Card', startSeconds: 70 }] });
    expect(root.querySelector('video')).toBe(video);
    expect(attached).toHaveLength(1);
    expect(root.querySelectorAll('.chapter')).toHaveLength(2);
    // A renewed signature of the same playlist does not restart it either.
    await answer({ ...live, hlsUrl: '/live/1/program/events/7/dvr.m3u8?t=2.c', chapters: [] });
    expect(attached).toHaveLength(1);

    // End of live: the preparation with its progress, the live's stream let go.
    expect(await answer(preparing(0, null))).toBe(3_000);
    expect(attached[0]?.destroyed).toBe(true);
    expect(root.querySelector('video')).toBeNull();
    expect(text(root)).toContain('The live is over: the replay is being prepared.');
    expect(text(root)).toContain('0% done · Working out the time left…');
    const bar = root.querySelector('progress');
    await answer(preparing(57, 150));
    expect(root.querySelector('progress')).toBe(bar);
    expect(bar?.value).toBe(57);
    expect(text(root)).toContain('57% done · About 3 min left');

    // The replay: its media, its chapters, and no more reads.
    expect(await answer(replay)).toBeNull();
    expect(attached.at(-1)?.url).toBe(replay.state === 'replay' ? replay.hlsUrl : '');
    expect(root.querySelectorAll('.timeline-mark')).toHaveLength(1);
    root.querySelector('video')?.dispatchEvent(new Event('playing'));
    expect(reportPlay).toHaveBeenCalledTimes(1);
  });

  it('changes nothing on an unchanged answer (a 304) and keeps what it shows when a read fails', async () => {
    const { root, attached, answer, page, answers } = harness();
    await answer(live);
    const video = root.querySelector('video');
    await answer(live);
    answers.push(null);
    expect(await page.readOnce()).toBe(5_000);
    answers.push({ status: 503, text: '{}' });
    await page.readOnce();
    expect(root.querySelector('video')).toBe(video);
    expect(attached).toHaveLength(1);
  });

  it('says each reason in French, reads again while it may change, and stops on an unknown player', async () => {
    const { root, answer, page, answers } = harness('fr');
    const unavailable = (
      reason: 'not_published' | 'embed_off' | 'no_camera' | 'no_replay',
      title: string | null = null,
    ) => answer({ state: 'unavailable', available: false, reason, title });
    expect(await unavailable('not_published')).toBe(10_000);
    expect(text(root)).toBe('Cette vidéo n’est pas encore publiée.');
    await unavailable('embed_off');
    expect(text(root)).toBe('Ce lecteur ne peut pas être affiché sur d’autres sites.');
    await unavailable('no_camera', 'Derby');
    expect(root.querySelector('h1')?.textContent).toBe('Derby');
    expect(root.querySelector('.notice')?.textContent).toBe(
      'Le direct a commencé : l’image arrive dès qu’une caméra l’envoie.',
    );
    await unavailable('no_replay', 'Derby');
    expect(root.querySelector('.notice')?.textContent).toBe('Il n’y a pas de replay de cette vidéo.');
    expect(await answer(preparing(12, 30))).toBe(3_000);
    expect(text(root)).toContain('12 % effectués · Moins d’une minute restante');
    answers.push({ status: 404, text: '{}' });
    expect(await page.readOnce()).toBeNull();
    expect(text(root)).toBe('Ce lecteur n’existe pas.');
  });

  it('plays media signed for this viewer where geo blocking applies, and says when their country is refused', async () => {
    const { root, attached, answer, answers, grants, page } = harness('fr');
    const viewerLive = { ...live, hlsUrl: null, perViewer: true } as EmbedPlayerResponse;
    grants.push({
      status: 200,
      text: JSON.stringify({ hlsUrl: '/live/1/program/events/7/dvr.m3u8?t=1.FR.x', renditions: [] }),
    });
    expect(await answer(viewerLive)).toBe(5_000);
    expect(attached.map((stream) => stream.url)).toEqual(['/live/1/program/events/7/dvr.m3u8?t=1.FR.x']);
    // The next reads keep the viewer's media: no second grant, no second stream.
    await answer({
      ...viewerLive,
      chapters: [...chaptersOf(viewerLive), { title: 'Card', startSeconds: 70 }],
    } as EmbedPlayerResponse);
    expect(attached).toHaveLength(1);
    expect(grants).toHaveLength(0);
    // The club's rule changes: this viewer's country is refused, the player goes, the page says why.
    answers.push({ status: 451, text: '{}' });
    expect(await page.readOnce()).toBe(10_000);
    expect(attached[0]?.destroyed).toBe(true);
    expect(text(root)).toBe('Cette vidéo n’est pas disponible dans votre pays.');
    // A grant refused (the page's data was kept a moment before the change) says the same.
    grants.push({ status: 451, text: '{}' });
    await answer({ ...replay, hlsUrl: null, perViewer: true, renditions: [] } as EmbedPlayerResponse);
    expect(text(root)).toBe('Cette vidéo n’est pas disponible dans votre pays.');
    expect(attached).toHaveLength(1);
  });

  it('asks a fan to sign in before a paid replay, sells the pass, and plays once it is theirs', async () => {
    const { root, attached, answer, answers, grants, store, checkout, go, page } = harness('fr');
    const paid = {
      ...replay,
      hlsUrl: null,
      perViewer: true,
      renditions: [],
      access: {
        signIn: true,
        paid: true,
        offers: [
          {
            id: 3,
            name: 'Pass derby',
            description: 'Le match en direct et en replay',
            price: 999,
            currency: 'EUR',
            billingPeriod: 'one_time',
          },
        ],
      },
    } as EmbedPlayerResponse;
    grants.push({ status: 401, text: '{}' });
    await answer(paid);
    expect(text(root)).toContain('Cette vidéo fait partie d’un pass : connectez-vous, puis achetez-le');
    expect(text(root)).toMatch(/Pass derby.*9,99\s€, une fois/);
    expect(root.querySelector('#watch-email')).not.toBeNull();
    expect(root.querySelector('video')).toBeNull();

    // Signed in (here or in the games panel): the pass is asked for, with its price and a button.
    answers.push({ status: 200, text: JSON.stringify(paid) });
    grants.push({ status: 402, text: '{}' });
    store.set({ token: 'fan-token', expiresAt: '2099-01-01T00:00:00.000Z' });
    await vi.waitFor(() =>
      expect(text(root)).toContain('Cette vidéo fait partie d’un pass : achetez-le pour la regarder.'),
    );
    const buy = root.querySelector<HTMLButtonElement>('.offer button');
    expect(buy?.textContent).toMatch(/^Acheter pour 9,99\s€$/);
    buy?.click();
    await vi.waitFor(() => expect(go).toHaveBeenCalledWith('https://pay.example/checkout/1'));
    expect(checkout).toHaveBeenCalledWith(3);

    // Back from paying: the fan's own media play.
    answers.push({ status: 200, text: JSON.stringify(paid) });
    grants.push({
      status: 200,
      text: JSON.stringify({ hlsUrl: '/media/v/hls/master.m3u8?t=1.ZZf9.x', renditions: [] }),
    });
    page.retry();
    await vi.waitFor(() =>
      expect(attached.map((stream) => stream.url)).toEqual(['/media/v/hls/master.m3u8?t=1.ZZf9.x']),
    );
    expect(root.querySelector('.access-wall')).toBeNull();
  });

  it('sells the pass under the countdown before kick-off, and says when the fan holds it', async () => {
    const { root, answer, answers, grants, store } = harness('en');
    const paidUpcoming = {
      ...upcoming,
      access: {
        signIn: true,
        paid: true,
        offers: [
          { id: 4, name: 'Match pass', description: '', price: 499, currency: 'EUR', billingPeriod: 'one_time' },
        ],
      },
    } as EmbedPlayerResponse;
    store.set({ token: 'fan-token', expiresAt: '2099-01-01T00:00:00.000Z' });
    grants.push({ status: 402, text: '{}' });
    await answer(paidUpcoming);
    await vi.waitFor(() => expect(root.querySelector('.offer button')?.textContent).toBe('Buy for €4.99'));
    expect(root.querySelector('[role="timer"], .countdown')).not.toBeNull();

    // Bought (here, or elsewhere): the next draw says it is ready.
    answers.push({ status: 200, text: JSON.stringify(paidUpcoming) });
    grants.push({ status: 404, text: '{}' });
    store.set({ token: 'fan-token-2', expiresAt: '2099-01-01T00:00:00.000Z' });
    await vi.waitFor(() => expect(text(root)).toContain('Your pass is ready: the match plays here at kick-off.'));
    expect(root.querySelector('.offer button')).toBeNull();
  });
});
