// if-battle checks (IF-F01): the rank table against exact enumeration, the hit
// check (命中判定) and counter check (対抗判定) with the same skill and the
// ±1 rank from comparing skill levels, and the damage of a landed attack.
import { describe, expect, it } from 'vitest';
import { SK_IMPACT } from '../src/rules/if-battle/catalogue.js';
import { checkRank, defaultCheckTable, successProbability } from '../src/rules/if-battle/checks.js';
import * as D from '../src/rules/if-battle/decisions.js';
import { CK_COUNTER, CK_HIT, CK_OTHER } from '../src/rules/if-battle/state.js';
import { char, moreDice, placeAt, setupIf } from './helpers/if-harness.js';

/** A and B side by side (distance 1), A first. */
const duel = (a: Record<string, unknown> = {}, b: Record<string, unknown> = {}, extra = {}) =>
  ({ subject: { A: char({ speed: 9, ...a }) }, reference: { B: char(b) }, ...extra });
const beside = [...placeAt(5, 5), ...placeAt(5, 6)];

describe('IF-F01 check table: 2D6 ≥ 5 + rank, rank = 4 − skill level + rank changes, clamped to 0..7', () => {
  it('rank arithmetic and clamping', () => {
    const t = defaultCheckTable();
    expect(checkRank(t, 0, 0)).toBe(4);
    expect(checkRank(t, 2, 1)).toBe(3);
    expect(checkRank(t, 9, 0)).toBe(0);
    expect(checkRank(t, 0, 9)).toBe(7);
  });
  it('the engine\'s check succeeds with exactly successProbability(rank) over all 36 2D6 outcomes, at every rank', () => {
    const t = defaultCheckTable();
    for (let level = 0; level <= 4; level++) {
      for (const change of [-1, 0, 1, 3]) {
        const run = setupIf(duel({ skills: { impact: level } }), beside);
        let ok = 0;
        for (let x = 1; x <= 6; x++) for (let y = 1; y <= 6; y++) {
          const d = moreDice(run, [x, y]);
          if (run.game.check(0, SK_IMPACT, CK_OTHER, change, 'test')) ok++;
          expect(d.remaining).toBe(0);
        }
        const rank = checkRank(t, level, change);
        expect(ok / 36, `level ${level} change ${change} rank ${rank}`).toBeCloseTo(successProbability(t, rank), 12);
        expect(ok).toBe([30, 26, 21, 15, 10, 6, 3, 1][rank]); // 2D6 ≥ 5..12 counted by hand
      }
    }
  });
  it('a replaced table (1D6, rank base 2, targets 2/4/6) is used as written (6-outcome enumeration)', () => {
    const check = { dice: 1, sides: 6, rank_base: 2, targets: [2, 4, 6] };
    for (const [level, succ] of [[0, 1], [1, 3], [2, 5], [5, 5]] as const) {
      const run = setupIf(duel({ skills: { impact: level } }, {}, { check }), beside);
      let ok = 0;
      for (let x = 1; x <= 6; x++) {
        moreDice(run, [x]);
        if (run.game.check(0, SK_IMPACT, CK_OTHER, 0, 'test')) ok++;
      }
      expect(ok, `level ${level}`).toBe(succ);
      expect(successProbability(run.s.def.check, checkRank(run.s.def.check, level, 0))).toBeCloseTo(succ / 6, 12);
    }
  });
});

describe('命中判定 and 対抗判定', () => {
  it('a hit check that fails: no counter check is asked, no effect', () => {
    const run = setupIf(duel(), [...beside, 1, 2], { main: [D.mem(0, 1)] });
    run.game.masterTime(0);
    expect(run.p1.askedFor('counter')).toHaveLength(0);
    expect(run.s.life[1]).toBe(20);
    expect(run.dice.remaining).toBe(0);
  });
  it('hit succeeds, counter with the same skill at equal levels: no rank change; counter success → the memory has no effect', () => {
    const run = setupIf(duel(), [...beside, 4, 3, 4, 3], { main: [D.mem(0, 1)] });
    run.game.masterTime(0);
    expect(run.lines.some((l) => /R-B 対抗判定 \(levels 2 vs 2: rank \+0\): impact Lv2, rank 2 \(2D6 ≥ 7\): 7 — success/.test(l))).toBe(true);
    expect(run.s.life[1]).toBe(20);
  });
  it('the attacker\'s level higher: the counter rank goes up by 1 (Lv1 vs Lv3: rank 4 → target 9)', () => {
    const run = setupIf(duel({ skills: { impact: 3 } }, { skills: { impact: 1 } }), [...beside, 6, 6, 4, 4], { main: [D.mem(0, 1)] });
    run.game.masterTime(0);
    expect(run.lines.some((l) => /対抗判定 \(levels 1 vs 3: rank \+1\): impact Lv1, rank 4 \(2D6 ≥ 9\): 8 — failure/.test(l))).toBe(true);
    expect(run.s.life[1]).toBe(17);
  });
  it('the defender\'s level higher: the counter rank goes down by 1 (Lv3 vs Lv1: rank 0 → target 5)', () => {
    const run = setupIf(duel({ skills: { impact: 1 } }, { skills: { impact: 3 } }), [...beside, 6, 6, 2, 3], { main: [D.mem(0, 1)] });
    run.game.masterTime(0);
    expect(run.lines.some((l) => /対抗判定 \(levels 3 vs 1: rank -1\): impact Lv3, rank 0 \(2D6 ≥ 5\): 5 — success/.test(l))).toBe(true);
    expect(run.s.life[1]).toBe(20);
  });
  it('the counter check is optional: declined, no dice, the memory takes effect', () => {
    const run = setupIf(duel(), [...beside, 6, 6], { main: [D.mem(0, 1)] }, { counter: D.A_NO });
    run.game.masterTime(0);
    expect(run.p1.askedFor('counter')).toHaveLength(1);
    expect(run.s.life[1]).toBe(17);
    expect(run.dice.remaining).toBe(0);
  });
});

describe('IF-F02 damage of a landed attack: damage + パワー/フォース − ガード/レジスト (+ boosts, guard memory, auto memory), at least damage_min', () => {
  it('strike 3 + power 2 − guard 1 = 4', () => {
    const run = setupIf(duel({ power: 2 }, { guard: 1 }), [...beside, 6, 6, 1, 1], { main: [D.mem(0, 1)] });
    run.game.masterTime(0);
    expect(run.s.life[1]).toBe(16);
  });
  it('flame_shot 2 + force 1 − resist 3 → the minimum 1', () => {
    const run = setupIf(duel({ force: 1 }, { resist: 3 }), [...beside, 6, 6, 1, 1], { main: [D.mem(1, 1)] });
    run.game.masterTime(0);
    expect(run.s.life[1]).toBe(19);
  });
  it('additional memory 充填 (+2 to the next attack this turn), auto memory 鉄皮 (−1), guard memory 防御態勢 (+2 until its next turn-up)', () => {
    const run = setupIf(duel({ cost: 6, memories: ['strike', 'flame_shot', 'charge_up'] }, { memories: ['strike', 'brace', 'iron_skin'] }),
      [...beside, 6, 6, 1, 1, 6, 6, 1, 1], { main: [D.mem(2, 0), D.mem(0, 1), D.A_WAIT, D.mem(0, 1)] }, { main: [D.mem(1, 1), D.A_WAIT] });
    run.game.masterTime(0);
    expect(run.s.life[1]).toBe(20 - (3 + 2 - 1)); // boost +2, iron skin −1
    run.game.masterTime(1); // B braces
    expect(run.s.guardBuff[1]).toBe(2);
    run.game.masterTime(0);
    expect(run.s.life[1]).toBe(16 - 1); // 3 − 2 (brace) − 1 (iron skin) = 0 → minimum 1
  });
});

describe('an attack lands with P(hit) × (1 − P(counter)), exactly and by simulation', () => {
  it('Lv3 striker on a Lv1 target: exact 26/36 × (1 − 10/36); 20 000 rolled attacks within 4 standard errors', async () => {
    const { RngDice } = await import('../src/sim/core/dice.js');
    const { gameStream } = await import('../src/sim/core/streams.js');
    const run = setupIf(duel({ skills: { impact: 3 } }, { skills: { impact: 1 } }), beside);
    const t = run.s.def.check;
    const exact = successProbability(t, checkRank(t, 3, 0)) * (1 - successProbability(t, checkRank(t, 1, 1)));
    expect(exact).toBeCloseTo((26 / 36) * (26 / 36), 12);
    const dice = new RngDice(gameStream(7, 0, 0));
    (run.game as unknown as { dice: unknown }).dice = dice;
    const N = 20000;
    let landed = 0;
    for (let i = 0; i < N; i++) if (run.game.check(0, SK_IMPACT, CK_HIT, 0, 'hit') && !run.game.check(1, SK_IMPACT, CK_COUNTER, 1, 'counter')) landed++;
    const se = Math.sqrt((exact * (1 - exact)) / N);
    expect(Math.abs(landed / N - exact)).toBeLessThan(4 * se);
  });
});
