// Issue 38 (ruling UA-R106): §10 【生命ロール】 as a scenario check, `roll: life` — 1d6 + the leader's current life, or
// 技量点 instead when higher (「技量点を代わりに使うことができます」), nothing spent (「生命点を消費することはありません」).
// Scripted dice. The old code refuses the key (`roll: life` was not among the abilities).
import { describe, expect, it } from 'vitest';
import * as D from '../src/rules/urban-assault/decisions.js';
import { code, d33Traces, playOp, type OpSpec } from './helpers/ua-op-harness.js';

const climb = { name: 'climb', location: 'outdoor', check: { check: { roll: 'life', target: 7 }, failure: [{ leader_damage: 20 }] } };

function spec(leader: Record<string, unknown>, tiles = d33Traces(), after = 0): OpSpec {
  return {
    scenario: { scenario: 'life', map: 'd33', progression: { tiles_before_mid: 0, tiles_after_mid: after }, rules: { starting_magazines: { NORMAL: 10 } }, tiles, final: climb },
    squad: { leader },
  };
}

describe('UA-R106: a 生命ロール (`roll: life`)', () => {
  it('rolls 1d6 + current life and spends nothing', () => {
    const r = playOp(spec({ sub_ability: 'shooting' }), [2], { between: D.A_CONTINUE });
    expect(r.game.s.life).toBe(5);
    expect(r.lines.some((l) => l.includes('生命') && l.includes('d6=2') && l.includes('→ 7'))).toBe(true);
    expect(r.rate('win')).toBe(1);
    expect([r.game.s.life, r.game.s.subCur]).toEqual([5, 2]);
    expect(r.dice.remaining).toBe(0);
    // The same die under `roll: skill` (技量点 0) fails: the leader falls.
    const skill = playOp({ ...spec({ sub_ability: 'shooting' }), scenario: { ...spec({}).scenario, final: { ...climb, check: { ...climb.check, check: { roll: 'skill', target: 7 } } } } }, [2], { between: D.A_CONTINUE });
    expect(skill.rate('win')).toBe(0);
  });

  it('takes 技量点 instead when it is higher than the life left', () => {
    // Map 11: a blast costs 4 life (5 → 1); the final's 生命ロール: 5 + 技量点 2 = 7 (5 + life 1 = 6 would fail).
    const blast = { name: 'blast', location: 'outdoor', supply: { effects: [{ leader_damage: 4 }] } };
    const r = playOp(spec({ sub_ability: 'shooting', xp_budget: 12, xp: { skill: 8, sub: 4 } }, d33Traces({ 11: blast }), 1), [...code(11), 5], { between: D.A_CONTINUE });
    expect(r.game.s.skill).toBe(2);
    expect(r.lines.some((l) => l.includes('生命') && l.includes('d6=5') && l.includes('→ 7'))).toBe(true);
    expect(r.rate('win')).toBe(1);
    expect(r.game.s.life).toBe(1);
  });
});
