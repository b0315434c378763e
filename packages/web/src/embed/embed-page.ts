import { EMBED_POLL_MS } from '@regie/contract/embed';
import type { EmbedAccess, EmbedPlaybackResponse, EmbedPlayerResponse } from '@regie/contract/embed.schemas';
import { GEO_REFUSED_STATUS } from '@regie/contract/geo';
import { PAYMENT_REQUIRED_STATUS, SIGN_IN_REQUIRED_STATUS } from '@regie/contract/viewer-access';
import { type AccessWallDeps, accessSection, renderAccessWall, type WallReason } from './embed-access.ts';
import type { AdClient } from './embed-ads.ts';
import type { EmbedLanguage, EmbedTranslate } from './embed-i18n.ts';
import { renderMatch } from './embed-match.ts';
import { type AttachStream, type PlayerHandle, renderLive, renderReplay } from './embed-player.ts';
import { renderPreparing, renderUnavailable, renderUpcoming, type ScreenHandle } from './embed-screens.ts';
import { changeOf, pollDelay } from './embed-states.ts';
import { showNotice } from './embed-view.ts';

/** What the page does outside itself: read its data, play a stream, report a play, wait. */
export interface EmbedPageDeps {
  /** One read of the player's data: its text (the same text for a 304), or a status when refused; null offline. */
  read(): Promise<{ status: number; text: string } | null>;
  /** The media signed for this viewer, for a page whose data says `perViewer` (GET embed/{token}/playback). */
  playback(): Promise<{ status: number; text: string } | null>;
  attach: AttachStream;
  /** Reports the view's play; resolves whether it was counted. */
  reportPlay(): Promise<boolean>;
  schedule(run: () => void, ms: number): void;
  /** Reads an ad tag (ADVERTISING, embed-vast.ts); without it no ad plays. */
  ads?: AdClient;
  /** The sign-in and passes of a fans-only or paid video (embed-access.ts); its fan session store. */
  access?: Omit<AccessWallDeps, 'retry'>;
}

type Media = EmbedPlaybackResponse | 'refused' | WallReason | null;

/**
 * The embed page as a state machine (contract EMBED_STATES): reads its data, draws the state,
 * and reads again while something may change (EMBED_POLL_MS), changing the page in place: upcoming
 * → live starts the live, live → preparing shows the progress, preparing → replay swaps to the
 * replay with its chapters, all without a reload; a data-only match (NO_VIDEO) shows its score, clock
 * and timeline, changed in place by each read. A live's new markers and a preparation's
 * progress change the page without touching the player. The view reports its play once, when a
 * replay first plays (a live counts none).
 */
export class EmbedPage {
  private shown: EmbedPlayerResponse | null = null;
  private text: string | null = null;
  private handle: PlayerHandle | ScreenHandle | null = null;
  private played = false;
  /** Why the picture is held back (the fan's sign-in, or a pass), while the wall is shown. */
  private walled: WallReason | null = null;

  constructor(
    private readonly root: HTMLElement,
    private readonly say: EmbedTranslate,
    private readonly language: EmbedLanguage,
    private readonly deps: EmbedPageDeps,
  ) {
    // A fan signing in or out (here or in the games panel) changes what a restricted video shows.
    deps.access?.store.subscribe(() => {
      if (this.walled !== null || this.restricted()) this.retry();
    });
  }

  /** True when the shown content is for fans or paid. */
  private restricted(): boolean {
    const shown = this.shown;
    return shown !== null && 'access' in shown && shown.access !== null;
  }

  /** Reads and draws again from nothing (the fan's session changed, or they paid in another tab). */
  retry(): void {
    this.text = null;
    this.walled = null;
    this.end();
    this.shown = null;
    void this.readOnce();
  }

  /** The state on the page now (null before the first read). */
  get state(): EmbedPlayerResponse | null {
    return this.shown;
  }

  /** Reads once and draws; then reads again after the state's delay, for as long as it has one. */
  async run(): Promise<void> {
    const again = await this.readOnce();
    if (again !== null) this.deps.schedule(() => void this.run(), again);
  }

  /** One read: draws what changed; answers when to read again (null: never). */
  async readOnce(): Promise<number | null> {
    const answer = await this.deps.read().catch(() => null);
    if (answer === null || answer.status >= 500 || answer.status === 429) {
      // Offline or busy: what is shown stays; the first read says so.
      if (this.shown === null) showNotice(this.root, this.say('failed'));
      return pollDelay(this.shown);
    }
    if (answer.status === 404) {
      this.end();
      showNotice(this.root, this.say('notFound'));
      return null;
    }
    if (answer.status === GEO_REFUSED_STATUS) {
      this.refuse();
      return EMBED_POLL_MS.unavailable;
    }
    if (answer.status !== 200) {
      if (this.shown === null) showNotice(this.root, this.say('failed'));
      return pollDelay(this.shown);
    }
    if (answer.text !== this.text) await this.apply(answer.text);
    return pollDelay(this.shown);
  }

  /** Geo blocking refuses this viewer: nothing plays, the page says why. */
  private refuse(): void {
    this.end();
    this.shown = null;
    this.text = null;
    showNotice(this.root, this.say('geoRefused'));
  }

  /**
   * The media of a page signed for each viewer: those already held for the same state, else this
   * viewer's own; 'refused' (451), or null when they could not be had (read again later).
   */
  private async media(next: EmbedPlayerResponse): Promise<Media> {
    const shown = this.shown;
    if (shown && shown.state === next.state && (shown.state === 'live' || shown.state === 'replay') && shown.hlsUrl) {
      return shown.state === 'replay'
        ? { hlsUrl: shown.hlsUrl, renditions: shown.renditions, downloadUrl: shown.downloadUrl }
        : { hlsUrl: shown.hlsUrl, renditions: [], downloadUrl: null };
    }
    const answer = await this.deps.playback().catch(() => null);
    if (answer?.status === GEO_REFUSED_STATUS) return 'refused';
    if (answer?.status === SIGN_IN_REQUIRED_STATUS) return 'signIn';
    if (answer?.status === PAYMENT_REQUIRED_STATUS) return 'pay';
    if (answer?.status !== 200) return null;
    try {
      return JSON.parse(answer.text) as EmbedPlaybackResponse;
    } catch {
      return null;
    }
  }

  private async apply(text: string): Promise<void> {
    let next: EmbedPlayerResponse;
    try {
      next = JSON.parse(text) as EmbedPlayerResponse;
    } catch {
      return;
    }
    if ((next.state === 'live' || next.state === 'replay') && next.perViewer) {
      const media = await this.media(next);
      if (media === 'refused') return this.refuse();
      if (media === 'signIn' || media === 'pay') return this.wall(next, media, text);
      if (media === null) {
        if (this.shown === null) showNotice(this.root, this.say('failed'));
        return;
      }
      next =
        next.state === 'replay'
          ? { ...next, hlsUrl: media.hlsUrl, renditions: media.renditions, downloadUrl: media.downloadUrl }
          : { ...next, hlsUrl: media.hlsUrl };
    }
    const change = this.walled === null ? changeOf(this.shown, next) : 'replace';
    this.walled = null;
    this.text = text;
    if (change === 'update' && this.handle) this.update(next);
    else if (change === 'replace') this.draw(next);
    this.shown = next;
  }

  /**
   * The fan's sign-in or the passes instead of the picture; a later read that still holds it back
   * for the same reason leaves the wall as it is (a form being filled in stays).
   */
  private wall(next: Extract<EmbedPlayerResponse, { state: 'live' | 'replay' }>, reason: WallReason, text: string) {
    const access = this.deps.access;
    this.text = text;
    if (!access || !next.access) {
      this.end();
      this.shown = null;
      showNotice(this.root, this.say('failed'));
      return;
    }
    const same = this.walled === reason && this.shown?.state === next.state;
    this.shown = next;
    if (same) return;
    this.end();
    this.walled = reason;
    this.handle = renderAccessWall(this.root, { title: next.title, access: next.access }, reason, {
      ...access,
      retry: () => this.retry(),
    });
  }

  /**
   * Before kick-off of a fans-only or paid match: under the countdown, the sign-in, the passes to
   * buy, or the word that the fan's pass is ready (the playback answers 404: nothing plays yet).
   */
  private async passPanel(access: EmbedAccess): Promise<void> {
    const deps = this.deps.access;
    if (!deps) return;
    const handle = this.handle;
    const answer = await this.deps.playback().catch(() => null);
    const reason = { 401: 'signIn', 402: 'pay', 404: 'ready' }[answer?.status ?? 0] as WallReason | 'ready' | undefined;
    // Drawn again meanwhile (a new state, a retry): that draw has its own panel.
    if (!reason || handle !== this.handle) return;
    this.root.append(accessSection(access, reason, { ...deps, retry: () => this.retry() }));
  }

  private update(next: EmbedPlayerResponse): void {
    const handle = this.handle;
    if (!handle) return;
    if ('setChapters' in handle) {
      if (next.state === 'live' || next.state === 'replay') handle.setChapters(next.chapters);
    } else handle.update(next);
  }

  private end(): void {
    this.handle?.destroy();
    this.handle = null;
  }

  private draw(next: EmbedPlayerResponse): void {
    this.end();
    const { root, say } = this;
    const onFailure = () => {
      this.end();
      showNotice(root, say('failed'));
    };
    switch (next.state) {
      case 'upcoming':
        this.handle = renderUpcoming(root, next, say, this.language);
        if (next.access) void this.passPanel(next.access);
        break;
      case 'live':
        this.handle = renderLive(next, { root, say, attach: this.deps.attach, onFailure, ads: this.deps.ads });
        break;
      case 'preparing':
        this.handle = renderPreparing(root, next, say);
        break;
      case 'replay':
        this.handle = renderReplay(next, {
          root,
          say,
          attach: this.deps.attach,
          onPlay: () => this.play(),
          onFailure,
          ads: this.deps.ads,
        });
        break;
      case 'unavailable':
        this.handle = renderUnavailable(root, next, say);
        break;
      case 'match':
        this.handle = renderMatch(root, next, say);
        break;
    }
  }

  /** The view's one play: reported when a replay first plays, again only if it was not counted. */
  private play(): void {
    if (this.played) return;
    this.played = true;
    void this.deps.reportPlay().then(
      (counted) => {
        if (!counted) this.played = false;
      },
      () => {
        this.played = false;
      },
    );
  }
}
