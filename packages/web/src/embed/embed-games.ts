import { embedPaths } from '@regie/contract/embed';
import type { EmbedFanResponse } from '@regie/contract/embed.schemas';
import { fanPublicPaths } from '@regie/contract/fans';
import { fanGamePaths } from '@regie/contract/games.fan-paths';
import type { FanMotmGame, FanPredictorGame } from '@regie/contract/games.schemas';
import { isRecord } from '@regie/contract/guards';
import { FanSessionStore, fanCall, refusal } from './embed-fan.ts';
import { FanAuthForm, inputValue } from './embed-fan-auth.ts';
import type { EmbedLanguage, EmbedTranslate } from './embed-i18n.ts';
import { element } from './embed-view.ts';

/**
 * The games panel beside the player (the event's man-of-the-match vote and score predictor on the
 * public fan API, contract games.ts fanGamePaths): a fan without a session signs in (or signs up,
 * confirmed by the code the club mails) on the club the page's token names, the session kept in
 * the page's storage; a signed-in fan
 * votes once (then "Thanks…", and the results when the game shows them) and predicts the score
 * until it locks. The games are read again every GAMES_READ_MS: a vote opened during the match
 * appears without a reload.
 */
export const GAMES_READ_MS = 10_000;

function field(id: string, label: string, attributes: Record<string, string>): HTMLElement[] {
  return [element('label', { for: id }, [label]), element('input', { id, name: id, required: '', ...attributes })];
}

export class GamesPanel {
  readonly root: HTMLDetailsElement;
  private readonly body = element('div', { class: 'games-body' });
  private readonly status = element('p', { class: 'games-status', role: 'status' });
  private readonly auth: FanAuthForm;
  private shown = '';

  constructor(
    /** The page's token: it names the club the fan signs in to, and keys the kept session. */
    pageToken: string,
    private readonly context: EmbedFanResponse,
    private readonly language: EmbedLanguage,
    private readonly say: EmbedTranslate,
    /** The page's fan session, shared with the sign-in a fans-only or paid video asks for. */
    private readonly store: FanSessionStore = new FanSessionStore(pageToken),
  ) {
    this.auth = new FanAuthForm(pageToken, store, language, say, say('gamesSignInHint'));
    store.subscribe(() => {
      this.shown = '';
      this.status.textContent = '';
      void this.refresh();
    });
    this.root = element('details', { class: 'games', open: '' }, [
      element('summary', {}, [say('gamesTitle')]),
      this.body,
      this.status,
    ]);
  }

  /**
   * Draws the panel: the sign-in forms, or the games as the fan API gives them now. A periodic
   * read (`typing` respected) leaves the games as they are while the fan types in one of them.
   */
  async refresh(periodic = false): Promise<void> {
    if (!this.session) {
      // A periodic read never wipes a sign-in form being filled.
      if (!periodic || !this.body.contains(this.auth.root)) this.drawAuth();
      return;
    }
    const [motm, predictor] = await Promise.all([
      this.context.games.motm ? this.read(fanGamePaths.motm(this.context.eventId)) : null,
      this.context.games.predictor ? this.read(fanGamePaths.predictor(this.context.eventId)) : null,
    ]);
    if (!this.session) return this.drawAuth();
    // Unchanged, or the fan is typing a score or picking a player: left as it is until the next read.
    const text = JSON.stringify([motm, predictor]);
    const typing = document.activeElement instanceof HTMLInputElement && this.root.contains(document.activeElement);
    if (text === this.shown || (periodic && typing)) return;
    this.shown = text;
    const parts: HTMLElement[] = [];
    if (this.context.games.motm) parts.push(this.motmView(motm as FanMotmGame | null));
    if (this.context.games.predictor) parts.push(this.predictorView(predictor as FanPredictorGame | null));
    const signOut = element('button', { type: 'button', class: 'link' }, [this.say('fanSignOut')]);
    signOut.addEventListener('click', () => {
      void fanCall(fanPublicPaths.signout, { method: 'POST', token: this.session?.token, language: this.language });
      this.store.set(null);
    });
    this.body.replaceChildren(...parts, signOut);
  }

  /** A game of the event, null when there is none (404); a refused session signs the fan out. */
  private async read(url: string): Promise<unknown> {
    const answer = await fanCall(url, { token: this.session?.token, language: this.language });
    if (answer?.status === 401) this.store.set(null);
    return answer?.status === 200 ? answer.body : null;
  }

  private get session() {
    return this.store.current;
  }

  private drawAuth(): void {
    this.shown = '';
    this.auth.reset();
    this.body.replaceChildren(this.auth.root);
  }

  /** Posts a play of the fan's (a vote, a prediction) and draws the game again. */
  private async play(url: string, method: string, body: unknown): Promise<void> {
    const answer = await fanCall(url, { method, body, token: this.session?.token, language: this.language });
    if (answer?.status === 401) return this.store.set(null);
    this.status.textContent = answer && answer.status < 300 ? '' : (refusal(answer) ?? this.say('fanFailed'));
    this.shown = '';
    await this.refresh();
  }

  private motmView(game: FanMotmGame | null): HTMLElement {
    const { say } = this;
    const section = element('section', { 'aria-labelledby': 'motm-title' }, [
      element('h3', { id: 'motm-title' }, [say('motmTitle')]),
    ]);
    if (!game) {
      section.append(element('p', {}, [say('motmNone')]));
      return section;
    }
    const nameOf = (id: number) => game.candidates.find((candidate) => candidate.challengerId === id)?.name ?? '';
    if (game.vote !== null) {
      section.append(element('p', { class: 'games-done' }, [say('motmThanks')]));
      section.append(element('p', {}, [say('motmYourVote', { name: nameOf(game.vote) })]));
    } else if (!game.open) {
      section.append(element('p', {}, [say('motmClosed')]));
    } else {
      const form = element('form', { class: 'games-form' });
      const choices = game.candidates.map((candidate) =>
        element('label', { class: 'choice' }, [
          element('input', { type: 'radio', name: 'motm', value: String(candidate.challengerId), required: '' }),
          ` ${candidate.name}`,
        ]),
      );
      form.append(
        element('fieldset', {}, [element('legend', {}, [say('motmCandidates')]), ...choices]),
        element('button', { type: 'submit' }, [say('motmVote')]),
      );
      form.addEventListener('submit', (event) => {
        event.preventDefault();
        const picked = form.querySelector<HTMLInputElement>('input[name="motm"]:checked');
        if (picked) void this.play(fanGamePaths.vote(game.id), 'POST', { challengerId: Number(picked.value) });
      });
      section.append(form);
    }
    if (game.results) {
      section.append(
        element('h4', {}, [say('motmResults')]),
        element(
          'ul',
          { class: 'games-results' },
          game.results.results.map((result) =>
            element('li', {}, [
              say('motmResult', { name: nameOf(result.challengerId), percent: String(Math.round(result.percent)) }),
            ]),
          ),
        ),
      );
    }
    return section;
  }

  private predictorView(game: FanPredictorGame | null): HTMLElement {
    const { say } = this;
    const section = element('section', { 'aria-labelledby': 'predictor-title' }, [
      element('h3', { id: 'predictor-title' }, [say('predictorTitle')]),
    ]);
    if (!game) {
      section.append(element('p', {}, [say('predictorNone')]));
      return section;
    }
    const mine = game.prediction;
    if (mine)
      section.append(element('p', {}, [say('predictorYours', { home: String(mine.home), away: String(mine.away) })]));
    if (!game.open) {
      section.append(element('p', {}, [say('predictorLocked')]));
      return section;
    }
    const score = (id: string, team: string | null, fallback: 'predictorHome' | 'predictorAway', value?: number) =>
      field(id, say('predictorScore', { team: team ?? say(fallback) }), {
        type: 'number',
        min: '0',
        max: '99',
        inputmode: 'numeric',
        ...(value === undefined ? {} : { value: String(value) }),
      });
    const form = element('form', { class: 'games-form' }, [
      ...score('predict-home', game.home, 'predictorHome', mine?.home),
      ...score('predict-away', game.away, 'predictorAway', mine?.away),
      element('button', { type: 'submit' }, [say('predictorSave')]),
    ]);
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const body = { home: Number(inputValue(form, 'predict-home')), away: Number(inputValue(form, 'predict-away')) };
      void this.play(fanGamePaths.prediction(game.id), 'PUT', body);
    });
    section.append(form);
    return section;
  }
}

/** Opens the games panel when the event runs games for its fans; nothing otherwise. */
export async function startGames(
  token: string,
  language: EmbedLanguage,
  say: EmbedTranslate,
  store?: FanSessionStore,
): Promise<void> {
  const answer = await fanCall(embedPaths.fan(token), { language });
  if (answer?.status !== 200 || !isRecord(answer.body)) return;
  const context = answer.body as EmbedFanResponse;
  if (!context.games.motm && !context.games.predictor) return;
  const panel = new GamesPanel(token, context, language, say, store);
  document.body.append(panel.root);
  await panel.refresh();
  window.setInterval(() => void panel.refresh(true), GAMES_READ_MS);
}
