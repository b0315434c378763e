import { describe, expect, it } from 'vitest';
import { fillCaption, playerOf } from './clip-rules.caption.ts';

describe('a clip rule’s caption', () => {
  const template = "{home} {score} {away} – {player} {minute}' #{type}";

  it('fills the template’s words from the clip’s marker and event', () => {
    expect(
      fillCaption(template, {
        home: 'Riverside',
        score: '2–1',
        away: 'Harbour City',
        player: 'L. Bernardi',
        minute: '67',
        type: 'Goal',
      }),
    ).toBe("Riverside 2–1 Harbour City – L. Bernardi 67' #Goal");
  });

  it('leaves out a word it cannot fill, with its apostrophe and the dash it hangs on', () => {
    expect(fillCaption("{home} {score} {away} – {player} {minute}'", { home: 'Riverside', away: 'Harbour City' })).toBe(
      'Riverside Harbour City',
    );
    expect(fillCaption('{player}\n{event}', { event: 'Riverside vs Harbour City' })).toBe('Riverside vs Harbour City');
    expect(fillCaption('Goal! {unknown}', {})).toBe('Goal! {unknown}');
  });

  it('reads the player from a feed’s label or a hand-made one', () => {
    expect(playerOf('Goal: Luca Bernardi (pen.)', 'Goal')).toBe('Luca Bernardi');
    expect(playerOf('J. Miles', 'Goal')).toBe('J. Miles');
    expect(playerOf('Goal', 'Goal')).toBeUndefined();
    expect(playerOf('  ', 'Goal')).toBeUndefined();
  });
});
