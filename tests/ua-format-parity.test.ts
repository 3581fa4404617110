// Scenario format, issue 28 item 4 (the rest): parity targeting may bind precise shots too (UA-R141). The tutorial's
// mid event exempts them in its text (「マークスマンや技能：精密射撃はその効果が優先される」): the default; Black Sun's
// lap-3 final states the parity rule for every attack roll, so a scenario may write `precise_shots: bound`.
// Scripted dice; the fight is the final event (no map roll), the enemies do not attack.
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import * as D from '../src/rules/urban-assault/decisions.js';
import { Source } from '../src/sim/input/schema.js';
import { compileScenario } from '../src/rules/urban-assault/scenario/compile.js';
import { setLang } from '../src/i18n/lang.js';
import { d33Traces, playOp, type OpSpec } from './helpers/ua-op-harness.js';

const parityFinal = (parity: Record<string, unknown>) => ({
  scenario: 'parity', map: 'd33', progression: { tiles_before_mid: 0, tiles_after_mid: 0 },
  rules: { starting_magazines: { NORMAL: 10 } }, tiles: d33Traces(),
  final: {
    name: 'warehouse', location: 'indoor',
    encounter: {
      enemies: [{ name: 'heavies', count: 2, level: 4, attacks: 0 }, { name: 'suppressors', count: 2, level: 4, attacks: 0 }],
      reaction: 'fight_to_the_end', parity_targeting: { even: 'heavies', odd: 'suppressors', ...parity },
    },
  },
});
const spec = (parity: Record<string, unknown>, squad: Record<string, unknown>): OpSpec => ({ scenario: parityFinal(parity), squad });
const dex = { leader: { sub_ability: 'dexterity' } };
/** The leader's precise shot at the suppressors (unit 1); the members hold nothing back. */
const precise = { opening: D.A_PREEMPT, round0: D.act(D.K_PASS), leader: D.act(D.K_PRECISE, 1) };

describe('parity targeting and precise shots (issue 28 item 4, UA-R141)', () => {
  it('exempt (the default): an even 精密射撃 still hits the suppressors it aimed at', () => {
    const r = playOp(spec({}, dex), [5], precise);
    const shot = r.lines.find((l) => /leader .*suppressors/.test(l) && /→ \d+ vs level 4 hit/.test(l))!;
    expect(Number(/→ (\d+) vs/.exec(shot)![1]) % 2).toBe(0);
    expect([r.game.s.unitLeft[0], r.game.s.unitLeft[1]]).toEqual([2, 1]);
  });
  it('bound: the same even 精密射撃 hits the heavies, as every attack roll does', () => {
    const r = playOp(spec({ precise_shots: 'bound' }, dex), [5], precise);
    expect([r.game.s.unitLeft[0], r.game.s.unitLeft[1]]).toEqual([1, 2]);
  });
  it('a marksman: exempt, he picks the suppressors; bound, an even value hits the heavies and he is not asked to aim', () => {
    const squad = { leader: { sub_ability: 'shooting' }, members: { marksman: 1 } };
    const answers = { opening: D.A_PREEMPT, round0: D.act(D.K_PASS), leader: D.act(D.K_PASS), 'member-fire': (l: readonly number[]) => l[l.length - 1], target: 1 };
    const free = playOp(spec({}, squad), [5], answers);
    const bound = playOp(spec({ precise_shots: 'bound' }, squad), [5], answers);
    const value = Number(/→ (\d+) vs level 4 hit/.exec(free.lines.find((l) => /marksman/.test(l) && /hit/.test(l))!)![1]);
    expect(value % 2).toBe(0);
    expect(free.policy.askedFor('target')).toHaveLength(1);
    expect([free.game.s.unitLeft[0], free.game.s.unitLeft[1]]).toEqual([2, 1]);
    expect(bound.policy.askedFor('target')).toHaveLength(0);
    expect([bound.game.s.unitLeft[0], bound.game.s.unitLeft[1]]).toEqual([1, 2]);
  });
  it('another word is refused at its line, in English and Japanese', () => {
    const compile = () => compileScenario(Source.parse('p.yaml', stringify(parityFinal({ precise_shots: 'always' }))).root());
    expect(compile).toThrow(/p\.yaml:\d+: final\.encounter\.parity_targeting\.precise_shots: .*always.*\(allowed: exempt, bound\)/);
    setLang('ja');
    try { expect(compile).toThrow(/p\.yaml:\d+: final\.encounter\.parity_targeting\.precise_shots/); } finally { setLang('en'); }
  });
});
