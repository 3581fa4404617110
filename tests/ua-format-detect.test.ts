// Scenario format, issue 28 item 6: 察知 offering マップ振り直し or 敵数−1 (the outpost notes' 察知ルール拡張: 「器用ロール成功で：
// マップ振り直し可能 または敵数-1」), ruling UA-R142. Scripted dice: d33 map faces (a d3 face f reads ⌈f/2⌉); tile 11
// holds two guards who never attack; the 器用 leader's 察知 is a d6 + 器用点 against 4.
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import * as D from '../src/rules/urban-assault/decisions.js';
import { Source } from '../src/sim/input/schema.js';
import { compileScenario } from '../src/rules/urban-assault/scenario/compile.js';
import { defaultPolicy, COMMON_PARAMS } from '../src/policies/urban-assault/default.js';
import { setLang } from '../src/i18n/lang.js';
import type { Answers } from './helpers/ua-harness.js';
import { codes, d33Traces, playOp, trace, type OpSpec } from './helpers/ua-op-harness.js';

const guards = { name: 'checkpoint', location: 'indoor', encounter: { enemies: [{ name: 'guards', count: 2, level: 4, attacks: 0 }], reaction: 'fight_to_the_end' } };
const scenario = (rules: Record<string, unknown>, tile: Record<string, unknown> = guards): Record<string, unknown> => ({
  scenario: 'detect', map: 'd33', progression: { tiles_before_mid: 1, tiles_after_mid: 0 },
  rules: { starting_magazines: { NORMAL: 10 }, ...rules }, tiles: d33Traces({ 11: tile }), mid: trace('mid', 90), final: trace('final', 99),
});
const spec = (rules: Record<string, unknown>, tile?: Record<string, unknown>): OpSpec => ({ scenario: scenario(rules, tile), squad: { leader: { sub_ability: 'dexterity' } } });
/** Map 11, 察知 d6 = 6 (a success), then map 12 if the squad re-rolls. */
const FACES = [...codes(11), 6, ...codes(12)];
const fightAnswers = { opening: D.A_PREEMPT, round0: D.act(D.K_PASS), leader: D.act(D.K_PASS), 'kill-group': 0 };
const both = { detect_options: ['reroll', 'enemy_minus_1'] };

describe('察知 offering マップ振り直し or 敵数−1 (issue 28 item 6, UA-R142)', () => {
  it('reroll only (the default, §25): a success avoids the tile, no choice is asked', () => {
    const r = playOp(spec({}), FACES, { detect: [D.A_YES, D.A_NO] } as Answers);
    expect(r.policy.askedFor('detect-outcome')).toHaveLength(0);
    expect(r.value('scrip')).toBe(12 + 90 + 99);
  });
  it('both: the squad may re-roll — logged — and the map gives tile 12', () => {
    const r = playOp(spec(both), FACES, { detect: [D.A_YES, D.A_NO], 'detect-outcome': D.A_DETECT_REROLL } as Answers);
    expect(r.policy.askedFor('detect-outcome')[0].legal).toEqual([D.A_DETECT_REROLL, D.A_DETECT_FEWER]);
    expect(r.lines).toContain('  察知: the squad avoids the area (マップ振り直し)');
    expect(r.value('scrip')).toBe(12 + 90 + 99);
  });
  it('both: or go in with one guard fewer — logged; the fight has 1 guard, no re-roll is made', () => {
    const r = playOp(spec(both), [...codes(11), 6], { detect: D.A_YES, 'detect-outcome': D.A_DETECT_FEWER, ...fightAnswers } as Answers);
    expect(r.lines).toContain('  察知: the squad goes in with one enemy fewer (敵数−1)');
    expect(r.lines).toContain('  -1 guards (an earlier event): 1');
    expect(r.lines.find((l) => l.startsWith('engagement 1'))).toContain('guards ×1');
    expect(r.game.s.unitStart[0]).toBe(1);
    expect(r.dice.remaining).toBe(0);
  });
  it('enemy_minus_1 only: a success on a fight takes the soldier off without asking; on a tile without a group 察知 is not offered', () => {
    const r = playOp(spec({ detect_options: ['enemy_minus_1'] }), [...codes(11), 6], { detect: D.A_YES, ...fightAnswers } as Answers);
    expect(r.policy.askedFor('detect-outcome')).toHaveLength(0);
    expect(r.game.s.unitStart[0]).toBe(1);
    const trap = playOp(spec({ detect_options: ['enemy_minus_1'] }, trace('supply', 5)), [...codes(11)], {} as Answers);
    expect(trap.policy.askedFor('detect')).toHaveLength(0);
    expect(trap.value('scrip')).toBe(5 + 90 + 99);
  });
  it('the default policy re-rolls a high-threat tile and takes 敵数−1 on a group fight', () => {
    const pol = defaultPolicy.create(Object.fromEntries(Object.entries(COMMON_PARAMS).map(([k, d]) => [k, d.default])));
    const real = (legal: readonly number[], o: Parameters<Exclude<Answers['detect'], number | undefined | readonly unknown[]>>[1]) =>
      pol.decide(D.D_DETECT_OUTCOME, o, Int32Array.from(legal), legal.length, undefined as never);
    const group = playOp(spec(both), [...codes(11), 6], { detect: D.A_YES, 'detect-outcome': real, ...fightAnswers } as Answers);
    expect(group.policy.askedFor('detect-outcome')[0].answer).toBe(D.A_DETECT_FEWER);
    const boss = { ...guards, encounter: { enemies: [{ name: 'guards', count: 2, level: 4, attacks: 0 }, { name: 'boss', kind: 'high_threat', life: 2, level: 5, attacks: 0 }], reaction: 'fight_to_the_end' } };
    const htt = playOp(spec(both, boss), FACES, { detect: [D.A_YES, D.A_NO], 'detect-outcome': real } as Answers);
    expect(htt.policy.askedFor('detect-outcome')[0].answer).toBe(D.A_DETECT_REROLL);
  });
  it('a bad or repeated outcome is refused at its line, in English and Japanese', () => {
    const compile = (o: unknown) => () => compileScenario(Source.parse('d.yaml', stringify(scenario({ detect_options: o }))).root());
    expect(compile(['reroll', 'fewer'])).toThrow(/d\.yaml:\d+: rules\.detect_options\[1\]: .*fewer.*\(allowed: reroll, enemy_minus_1\)/);
    expect(compile(['reroll', 'reroll'])).toThrow(/d\.yaml:\d+: rules\.detect_options: an outcome is listed twice/);
    expect(compile([])).toThrow(/d\.yaml:\d+: rules\.detect_options/);
    setLang('ja');
    try { expect(compile(['reroll', 'reroll'])).toThrow(/同じ結果が 2 回挙げられています/); } finally { setLang('en'); }
  });
});
