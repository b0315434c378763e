import { describe, expect, it } from 'vitest';
import { EVENT_TAB_MODULES, eventTabGate, markerSymbolId, missingModules, SPORT_EVENT_TABS } from './events.ts';
import { findRouteByPath, isTabEnabled } from './routes.ts';

const saved = (activatedModules: readonly string[]) => ({ creating: false, activatedModules });

describe('the sport event tabs', () => {
  it("follow the spec's order", () => {
    expect(SPORT_EVENT_TABS).toEqual([
      'info',
      'stream',
      '360',
      'multicam',
      'theme',
      'challengers',
      'markers',
      'clip',
      'chat',
      'settings',
      'stats',
      'predictor',
      'motm',
      'graphics',
    ]);
    const edit = findRouteByPath('/events/sports/edit/:id');
    expect(edit?.children.map((tab) => tab.node.path)).toEqual([...SPORT_EVENT_TABS]);
  });

  it('enable only info on a new event', () => {
    const creating = { creating: true, activatedModules: ['CHAT'] };
    expect(eventTabGate('info', creating)).toEqual({ enabled: true });
    for (const tab of SPORT_EVENT_TABS.slice(1))
      expect(eventTabGate(tab, creating)).toEqual({ enabled: false, reason: 'creation' });
  });

  it('lock 360 until IMMERSIVE and AWS_STREAM are both active, naming what is missing', () => {
    expect(eventTabGate('360', saved([]))).toEqual({
      enabled: false,
      reason: 'modules',
      missing: ['IMMERSIVE', 'AWS_STREAM'],
    });
    expect(eventTabGate('360', saved(['IMMERSIVE']))).toEqual({
      enabled: false,
      reason: 'modules',
      missing: ['AWS_STREAM'],
    });
    expect(eventTabGate('360', saved(['AWS_STREAM', 'IMMERSIVE']))).toEqual({ enabled: true });
  });

  it('lock multicam, chat, predictor, motm and graphics behind their own modules; the others stay open', () => {
    const own = [
      ['multicam', 'MULTICAM'],
      ['chat', 'CHAT'],
      ['predictor', 'ADDON_PREDICTOR'],
      ['motm', 'ADDON_MOTM'],
      ['graphics', 'GRAPHICS'],
    ] as const;
    for (const [tab, code] of own) {
      expect(EVENT_TAB_MODULES[tab]).toEqual([code]);
      expect(eventTabGate(tab, saved([]))).toEqual({ enabled: false, reason: 'modules', missing: [code] });
      expect(eventTabGate(tab, saved([code]))).toEqual({ enabled: true });
    }
    for (const tab of ['info', 'stream', 'theme', 'challengers', 'markers', 'clip', 'settings', 'stats'] as const) {
      expect(eventTabGate(tab, saved([]))).toEqual({ enabled: true });
    }
  });

  it("is the rule the top bar's tabs follow", () => {
    const chat = findRouteByPath('/events/sports/edit/:id/chat');
    if (!chat) throw new Error('no chat tab');
    expect(isTabEnabled(chat, { activeEventModules: [] })).toBe(false);
    expect(isTabEnabled(chat, { activeEventModules: ['CHAT'] })).toBe(true);
    const newChat = findRouteByPath('/events/sports/new/chat');
    if (!newChat) throw new Error('no chat tab on new');
    expect(isTabEnabled(newChat, { activeEventModules: ['CHAT'] })).toBe(false);
    expect(missingModules(['A', 'B'], ['B'])).toEqual(['A']);
  });
});

describe('markerSymbolId (issue 40.1: each marker type draws its sport’s icon)', () => {
  it('names the symbol of the type’s code in its sport’s sprite', () => {
    expect(markerSymbolId('football.svg', 'goal')).toBe('football-goal');
    expect(markerSymbolId('Basketball.SVG', 'three-pointer')).toBe('basketball-three-pointer');
  });

  it('has none without a sprite or a code, or for a name that is no symbol id', () => {
    expect(markerSymbolId(null, 'goal')).toBeNull();
    expect(markerSymbolId('football.svg', null)).toBeNull();
    expect(markerSymbolId('football.svg', 'a"b')).toBeNull();
    expect(markerSymbolId('../x.svg', 'goal')).toBeNull();
  });
});
