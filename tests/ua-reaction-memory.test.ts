// Issue 38 (ruling UA-R105): §35 支援的 「次回訪問時は【友好的】として扱う」, 友好的 「次回訪問時も同じ反応になります。」 — the
// memory of each place's reaction over a campaign run. Scripted dice: the same map tile met in two operations of a
// campaign; each reading on the same dice. The old code rolled the reaction again (and refused the key).
import { describe, expect, it } from 'vitest';
import * as D from '../src/rules/urban-assault/decisions.js';
import { code, d33Traces, playOp, trace, type OpSpec } from './helpers/ua-op-harness.js';
import type { Answers } from './helpers/ua-harness.js';

/** Tile 11: a patrol whose reaction table is 支援的 on 1–2, 友好的 on 3–4 (a scrip each time the face's effect plays), 敵対的 on 5–6. */
const patrol = {
  name: 'patrol', location: 'outdoor',
  encounter: {
    enemies: [{ name: 'militia', count: 2, level: 3 }],
    reaction: { '1-2': { reaction: 'supportive' }, '3-4': { reaction: 'friendly', effects: [{ scrip: 1 }] }, '5-6': { reaction: 'hostile' } },
  },
};

function spec(memory?: string, over: Record<string, unknown> = {}): OpSpec {
  return {
    scenario: {
      scenario: 'memory', map: 'd33', progression: { tiles_before_mid: 1, tiles_after_mid: 0 }, rules: { starting_magazines: { NORMAL: 10 } },
      tiles: d33Traces({ 11: patrol }),
      laps: [{ mid: trace('mid', 90), final: trace('final', 99) }, { mid: trace('mid', 90), final: trace('final', 99) }],
      ...over,
    },
    squad: { leader: { sub_ability: 'shooting' } }, operation: { campaign: { max_attempts: 2 } },
    ...(memory ? { rulings: { reaction_memory: memory } } : {}),
  };
}
const ans: Answers = { opening: D.A_READ, between: D.A_CONTINUE, pass: D.A_YES, growth: (l: readonly number[]) => l[0] };
const remembered = (lines: readonly string[]) => lines.filter((l) => l.includes('as remembered from the last visit'));

describe('UA-R105: a place\'s reaction on the next visit', () => {
  it('remembered (default): 支援的 in the first operation, 友好的 in the second with no reaction roll', () => {
    const r = playOp(spec(), [...code(11), 1, ...code(11)], ans);
    expect(r.lines.filter((l) => l.startsWith('  reaction: d6='))).toHaveLength(1);
    expect(remembered(r.lines)).toEqual(['  reaction: friendly, as remembered from the last visit (supportive; no roll, UA-R105)']);
    expect(r.dice.remaining).toBe(0);
  });
  it('forgotten: the same campaign rolls the second visit afresh (a 5: hostile, a fight)', () => {
    const r = playOp(spec('forgotten'), [...code(11), 1, ...code(11), 5, 6, 6, 1, 1], { ...ans, leader: (l: readonly number[]) => l.find((a) => D.kindOf(a) === D.K_SHOOT) ?? l[0], 'member-fire': 0 });
    expect(r.lines.filter((l) => l.startsWith('  reaction: d6='))).toHaveLength(2);
    expect(remembered(r.lines)).toHaveLength(0);
  });
  it('友好的 is met again as the same face: its effect plays again, no roll', () => {
    const r = playOp(spec(), [...code(11), 3, ...code(11)], ans);
    expect(remembered(r.lines)).toEqual(['  reaction: friendly, as remembered from the last visit (friendly; no roll, UA-R105)']);
    const forgot = playOp(spec('forgotten'), [...code(11), 3, ...code(11), 4], ans);
    expect(remembered(forgot.lines)).toHaveLength(0);
    expect(r.game.s.scrip).toBe(forgot.game.s.scrip); // the face's scrip paid at both visits in either reading
    expect(r.dice.remaining).toBe(0);
    expect(forgot.dice.remaining).toBe(0);
  });
  it('a successor (§41) takes over the squad and its memory: the leader falls after a 支援的 visit, his successor meets 友好的', () => {
    const fatal = { name: 'mid', location: 'indoor', supply: { effects: [{ leader_damage: 9 }] } };
    const lap = { mid: fatal, final: trace('final', 99) };
    const r = playOp(spec(undefined, { laps: [lap, lap] }), [...code(11), 1, ...code(11)], ans);
    expect(r.lines.some((l) => /successor|後継/.test(l))).toBe(true);
    expect(remembered(r.lines)).toEqual(['  reaction: friendly, as remembered from the last visit (supportive; no roll, UA-R105)']);
    expect(r.dice.remaining).toBe(0);
  });
  it('a neutral or hostile reaction is not remembered; a new game starts with no memory', () => {
    const table = { ...patrol, encounter: { ...patrol.encounter, reaction: { '1-3': { reaction: 'neutral' }, '4-6': { reaction: 'supportive' } } } };
    const r = playOp(spec(undefined, { tiles: d33Traces({ 11: table }) }), [...code(11), 1, ...code(11), 4], ans);
    expect(r.lines.filter((l) => l.startsWith('  reaction: d6='))).toHaveLength(2);
    expect(r.dice.remaining).toBe(0);
    // A fresh game of the same experiment: its first visit rolls (nothing remembered from another game).
    const again = playOp(spec(), [...code(11), 1, ...code(11)], ans);
    expect(again.lines.filter((l) => l.startsWith('  reaction: d6='))).toHaveLength(1);
  });
});
