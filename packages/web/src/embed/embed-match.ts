import type { EmbedMatch, EmbedMatchMoment, EmbedMatchTeam, EmbedPlayerResponse } from '@regie/contract/embed.schemas';
import { type MatchClockView, matchClockAt } from '@regie/contract/no-video';
import type { EmbedMessageKey, EmbedTranslate } from './embed-i18n.ts';
import type { ScreenHandle } from './embed-screens.ts';
import { element, setPageTitle } from './embed-view.ts';

/**
 * A data-only match (NO_VIDEO, contract no-video.ts): the scoreboard (home, score, away), the
 * match clock ticking each second from the periods' kick-offs, and the timeline, newest first. A
 * new read changes them in place: a new moment adds its line, the others stay as they are (a
 * screen reader hears the new line only).
 */

type Match = Extract<EmbedPlayerResponse, { state: 'match' }>;

/** The words of the moment types the default mapping makes (contract match-events.ts). */
const MOMENT_KEYS: Readonly<Record<string, EmbedMessageKey>> = {
  goal: 'momentGoal',
  'yellow-card': 'momentYellowCard',
  'red-card': 'momentRedCard',
  substitution: 'momentSubstitution',
};

/** What the clock says, in the page's language. */
export function clockText(view: MatchClockView, say: EmbedTranslate): string {
  switch (view.phase) {
    case 'running':
      return view.label;
    case 'break':
      return say(view.period === 1 ? 'matchHalfTime' : 'matchBreak');
    case 'shootout':
      return say('matchShootout');
    case 'over':
      return say('matchFullTime');
    case 'waiting':
      return say('matchWaiting');
  }
}

/** A moment's type in the page's language: the default types' words, else the account's name for it. */
function momentType(moment: EmbedMatchMoment, say: EmbedTranslate): string {
  const key = moment.code ? MOMENT_KEYS[moment.code] : undefined;
  return key ? say(key) : moment.type || say('momentOther');
}

function teamName(team: EmbedMatchTeam | null, side: 'home' | 'away', say: EmbedTranslate): string {
  return team?.name ?? say(side === 'home' ? 'matchHome' : 'matchAway');
}

function momentRow(moment: EmbedMatchMoment, match: EmbedMatch, say: EmbedTranslate): HTMLLIElement {
  const who = moment.person || moment.label.trim();
  const team = moment.side ? teamName(match[moment.side], moment.side, say) : null;
  return element('li', { class: `moment moment-${moment.code ?? 'other'}` }, [
    element('span', { class: 'moment-minute' }, [moment.minute ?? '']),
    ' ',
    element('span', { class: 'moment-type' }, [momentType(moment, say)]),
    ...(who ? [' ', element('span', { class: 'moment-who' }, [who])] : []),
    ...(team ? [' ', element('span', { class: 'moment-team' }, [`(${team})`])] : []),
  ]);
}

function teamBlock(side: 'home' | 'away'): { block: HTMLElement; name: HTMLElement; crest: HTMLImageElement } {
  const crest = element('img', { class: 'crest', alt: '' });
  const name = element('span', { class: 'team-name' });
  return { block: element('span', { class: `team team-${side}` }, [crest, name]), name, crest };
}

/** Draws the match screen; its handle changes it in place on each read and ticks the clock. */
export function renderMatch(
  root: HTMLElement,
  data: Match,
  say: EmbedTranslate,
  now: () => number = Date.now,
): ScreenHandle {
  let shown = data;
  const heading = element('h1', {});
  const home = teamBlock('home');
  const away = teamBlock('away');
  const homeScore = element('span', { class: 'score-home' });
  const awayScore = element('span', { class: 'score-away' });
  const scoreboard = element('p', { class: 'scoreboard' }, [
    home.block,
    ' ',
    element('span', { class: 'score' }, [homeScore, ' – ', awayScore]),
    ' ',
    away.block,
  ]);
  const clock = element('p', { class: 'match-clock', role: 'timer', 'aria-label': say('matchClock') });
  const timelineId = 'match-timeline-title';
  const list = element('ol', { class: 'match-timeline', 'aria-labelledby': timelineId, 'aria-live': 'polite' });
  const empty = element('p', { class: 'match-empty' }, [say('matchNoMoments')]);
  // Each line by the moment's id and what it showed: an unchanged moment keeps its element.
  const rows = new Map<number, { row: HTMLLIElement; text: string }>();

  const tick = () => {
    clock.textContent = clockText(matchClockAt(shown.match.periods, shown.match.over, now()), say);
  };
  const drawTeams = () => {
    for (const [side, team] of [
      ['home', home],
      ['away', away],
    ] as const) {
      const data = shown.match[side];
      team.name.textContent = teamName(data, side, say);
      team.crest.hidden = !data?.crestUrl;
      if (data?.crestUrl && team.crest.getAttribute('src') !== data.crestUrl) team.crest.src = data.crestUrl;
    }
    homeScore.textContent = String(shown.match.score.home);
    awayScore.textContent = String(shown.match.score.away);
  };
  const drawTimeline = () => {
    const wanted = new Set(shown.match.timeline.map((moment) => moment.id));
    for (const [id, entry] of rows) {
      if (wanted.has(id)) continue;
      entry.row.remove();
      rows.delete(id);
    }
    let previous: HTMLLIElement | null = null;
    for (const moment of shown.match.timeline) {
      const text = JSON.stringify([moment, shown.match.home?.name, shown.match.away?.name]);
      let entry = rows.get(moment.id);
      if (entry?.text !== text) {
        const row = momentRow(moment, shown.match, say);
        entry?.row.replaceWith(row);
        entry = { row, text };
        rows.set(moment.id, entry);
      }
      const place: ChildNode | null = previous ? previous.nextSibling : list.firstChild;
      if (place !== entry.row) list.insertBefore(entry.row, place);
      previous = entry.row;
    }
    empty.hidden = shown.match.timeline.length > 0;
  };
  const draw = () => {
    setPageTitle(shown.title);
    heading.textContent = shown.title;
    drawTeams();
    drawTimeline();
    tick();
  };

  draw();
  root.classList.remove('has-chapters');
  root.replaceChildren(
    heading,
    element('section', { class: 'match', 'aria-label': say('matchScoreboard') }, [
      scoreboard,
      clock,
      element('h2', { id: timelineId }, [say('matchTimeline')]),
      empty,
      list,
    ]),
  );
  root.setAttribute('aria-busy', 'false');
  const timer = window.setInterval(tick, 1000);
  return {
    update: (next) => {
      if (next.state !== 'match') return;
      shown = next;
      draw();
    },
    destroy: () => window.clearInterval(timer),
  };
}
