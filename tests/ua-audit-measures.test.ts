// The designer's eight test measures and じり貧 (his v1.01 audit §7, d66 notes; issue 41): forced games whose every
// value is computed by hand (scripted dice, a scripted leader), and the paired counterfactual of an item's saving.
import { describe, expect, it } from 'vitest';
import * as D from '../src/rules/urban-assault/decisions.js';
import { code, codes, compileOp, d33Traces, oneEnemy, playOp, trace, type OpSpec } from './helpers/ua-op-harness.js';
import { getEngine } from '../src/registry.js';
import { GameRecord } from '../src/sim/core/types.js';
import { ScriptedDice } from './helpers/scripted-dice.js';

const gain = (name: string, n: number) => ({ name, location: 'indoor', supply: { effects: [{ magazines: n }] } });
/** The leader shoots (the first shot offered). */
const shoot = (legal: readonly number[]) => legal.find((a) => D.kindOf(a) === D.K_SHOOT)!;
const fightTo = (name: string, enemy: Record<string, unknown>, loot: number) => ({
  name, location: 'indoor', encounter: { enemies: [enemy], reaction: 'fight_to_the_end', loot: { magazines: loot } },
});

describe('audit measures of one forced operation', () => {
  // Start with 1 magazine. Tile 11: +2 (an event). Tile 12: one level-2 guard, killed by one shot (face 4), loot +1.
  // Mid: a level-2 高脅威目標 with life 2 and no attacks, two shots in two rounds (faces 4, 4). Final: nothing happens.
  // By hand: 1 + 2 = 3; −1 + 1 = 3; −2 = 1 as the final starts (じり貧).
  const s: OpSpec = {
    scenario: {
      scenario: 'audit', map: 'd33', progression: { tiles_before_mid: 2, tiles_after_mid: 0 },
      rules: { starting_magazines: { NORMAL: 1 } },
      tiles: { 11: gain('crate', 2), 12: fightTo('guard post', { name: 'guard', count: 1, level: 2 }, 1), 13: trace('t13', 13),
        21: trace('t21', 21), 22: trace('t22', 22), 23: trace('t23', 23), 31: trace('t31', 31), 32: trace('t32', 32), 33: trace('t33', 33) },
      mid: fightTo('the sergeant', { name: 'sergeant', kind: 'high_threat', level: 2, life: 2, attacks: 0 }, 0),
      final: trace('final', 99),
    },
    operation: { audit: true, max_rounds: 5 },
    squad: { leader: { sub_ability: 'shooting' } },
  };

  it('counts fights, magazines and rounds by place and by enemy kind, and the magazines at the final', () => {
    const r = playOp(s, [...codes(11, 12), 4, 4, 4], { opening: D.A_PREEMPT, leader: shoot, between: D.A_CONTINUE });
    expect(r.lines.join('\n')).toContain('final');
    expect(r.rate('win')).toBe(1);
    expect(r.value('audit_fights_random')).toBe(1);
    expect(r.value('audit_fights_mid')).toBe(1);
    expect(r.value('audit_fights_final')).toBe(0);
    expect(r.value('audit_spent_random')).toBe(1);
    expect(r.value('audit_spent_mid')).toBe(2);
    expect(r.value('audit_left_mid')).toBe(1);
    expect(r.value('audit_gain_events')).toBe(2);
    expect(r.value('audit_gain_loot')).toBe(1);
    expect(r.value('audit_gain_fixed')).toBe(0);
    expect(r.value('audit_fights_group')).toBe(1);
    expect(r.value('audit_fights_htt')).toBe(1);
    expect(r.value('audit_spent_htt')).toBe(2);
    expect(r.value('audit_rounds_htt')).toBe(2);
    expect(r.value('audit_rounds_group')).toBe(1);
    expect(r.value('audit_withdrawals')).toBe(0);
    expect(r.value('audit_at_final')).toBe(1);
    expect(r.rate('audit_reached_final')).toBe(1);
    expect(r.rate('audit_jiri_all')).toBe(1);
    expect(r.rate('audit_jiri')).toBe(1);
    expect(r.rate('audit_final_mags_1')).toBe(1);
    expect(r.rate('audit_final_mags_0')).toBe(0);
    expect(r.value('audit_finals')).toBe(1);
    expect(r.value('audit_finals_jiri')).toBe(1);
    expect(r.dice.remaining).toBe(0);
  });
});

describe('audit measures: retreats, withdrawals, fights avoided, members lost', () => {
  // A 器用 leader (DMR: 1d6+1) and one スカウト. Tile 11: a friendly patrol (reaction face 1: no combat, avoided).
  // Tile 12: two hostile level-2 soldiers; one shot (face 4) downs one, the other withdraws (half, §38).
  // Tile 13: a fight the leader retreats from (退却; the parting volley's defence 6 holds), so the slot is rolled again:
  // 22 is avoided by 察知 (face 6), 21 hits the scout (hit table face 2: 【2】 スカウト, lost). Then mid and final.
  const s: OpSpec = {
    scenario: {
      scenario: 'audit2', map: 'd33', progression: { tiles_before_mid: 3, tiles_after_mid: 0 },
      rules: { starting_magazines: { NORMAL: 5 } },
      tiles: {
        11: { name: 'patrol', location: 'indoor', encounter: { enemies: [{ name: 'patrol', count: 2, level: 3 }], reaction: 'friendly' } },
        12: { name: 'pair', location: 'indoor', encounter: { enemies: [{ name: 'pair', count: 2, level: 2 }], reaction: 'hostile' } },
        13: oneEnemy('guard post'),
        21: { name: 'sniper', location: 'indoor', supply: { effects: [{ hit_table: 1 }] } },
        22: oneEnemy('ambush'), 23: trace('t23', 23), 31: trace('t31', 31), 32: trace('t32', 32), 33: trace('t33', 33),
      },
      mid: trace('mid', 90), final: trace('final', 99),
    },
    operation: { audit: true, max_rounds: 5 },
    squad: { leader: { sub_ability: 'dexterity' }, members: { scout: 1 } },
  };

  it('counts each by hand', () => {
    const leader = (legal: readonly number[], o: { tile: { code: number } | null }) =>
      o.tile?.code === 13 ? D.act(D.K_RETREAT) : (legal.find((a) => D.kindOf(a) === D.K_SHOOT) ?? (() => { throw new Error(`tile ${o.tile?.code} kinds ${legal.map((a) => D.kindOf(a))}`); })());
    const r = playOp(s, [...code(11), 1, ...code(12), 4, ...code(13), 6, ...code(22), 6, ...code(21), 2], {
      opening: (_l, o) => (o.tile?.code === 11 ? D.A_READ : D.A_PREEMPT), leader, between: D.A_CONTINUE, 'odd-attack': (l) => l[0],
      detect: (_l, o) => (o.tile?.code === 22 ? D.A_YES : D.A_NO),
    });
    expect(r.value('audit_avoided_reaction')).toBe(1);
    expect(r.value('audit_withdrawals')).toBe(1);
    expect(r.value('audit_retreats')).toBe(1);
    expect(r.value('audit_avoided_detect')).toBe(1);
    expect(r.value('audit_members_lost')).toBe(1);
    expect(r.value('audit_fights_random')).toBe(2);
    expect(r.value('audit_spent_random')).toBe(1);
    expect(r.value('audit_at_final')).toBe(4); // 5 − 1 shot
    expect(r.rate('audit_jiri_all')).toBe(0);
    expect(r.rate('audit_final_mags_4')).toBe(1);
    expect(r.rate('win')).toBe(1);
    expect(r.dice.remaining).toBe(0);
  });
});

describe('magazines saved by an item: the paired counterfactual (policy parameter withhold)', () => {
  // Only the final event: an armoured level-6 高脅威目標 with life 2 that never shoots, outdoors; a 射撃 leader (AR,
  // 1d6+0) holding one AT4, with the default policy. With the AT4: 2 damage, no roll, 0 magazines. Withheld: a shot
  // (face 6: hit, critical) and its free roll (face 6: hit) — 1 magazine. Saved on these dice: 1 − 0 = 1.
  const spec = (withhold: number): OpSpec => ({
    scenario: {
      scenario: 'audit3', map: 'd33', progression: { tiles_before_mid: 0, tiles_after_mid: 0 },
      rules: { starting_magazines: { NORMAL: 10 } }, // the AT4 is bought from them (the seed's economy): 5 left
      tiles: { 11: trace('t11', 11), 12: trace('t12', 12), 13: trace('t13', 13), 21: trace('t21', 21), 22: trace('t22', 22),
        23: trace('t23', 23), 31: trace('t31', 31), 32: trace('t32', 32), 33: trace('t33', 33) },
      mid: trace('mid', 90),
      final: { name: 'car', location: 'outdoor', encounter: { enemies: [{ name: 'car', kind: 'high_threat', level: 6, life: 2, attacks: 0, armoured: true }], reaction: 'fight_to_the_end' } },
    },
    operation: { audit: true, max_rounds: 5 },
    squad: { leader: { sub_ability: 'shooting' }, buy: ['at4'], policy_params: { withhold } },
  });
  const play = (withhold: number) => {
    const { game, variant } = compileOp(spec(withhold));
    const ua = getEngine('urban-assault');
    const rec = new GameRecord(ua.metrics(game));
    rec.clear();
    ua.createRunner(game, variant).play(new ScriptedDice([6, 6], 'rules'), new ScriptedDice([], 'policy'), rec, null);
    const ids = ua.metrics(game).values.map((v) => v.id);
    return (id: string) => rec.values[ids.indexOf(id)];
  };

  it('with the AT4 the final costs 0 magazines, withheld 1: saved 1 on common dice', () => {
    const used = play(0), withheld = play(1);
    expect(used('audit_spent_final')).toBe(0);
    expect(withheld('audit_spent_final')).toBe(1);
    expect(withheld('magazines_spent') - used('magazines_spent')).toBe(1);
    // The AT4 goes off in round 0 (before the first round): the 高脅威目標 fight then lasts 0 rounds, the shot 1.
    expect(used('audit_rounds_htt')).toBe(0);
    expect(withheld('audit_rounds_htt')).toBe(1);
  });
});

describe('audit measures: magazines left as the final fight ends, and the fixed events\' loot', () => {
  // Start with 3 magazines; no random tile, no mid. Final: one level-2 guard, killed by the first shot (face 4), loot +2.
  // By hand: 3 at the final; 3 − 1 = 2 left as its fight ends (before its loot); the loot's 2 counted at the fixed events.
  const s: OpSpec = {
    scenario: {
      scenario: 'audit-final', map: 'd33', progression: { tiles_before_mid: 0, tiles_after_mid: 0 },
      rules: { starting_magazines: { NORMAL: 3 } }, tiles: d33Traces(),
      final: fightTo('the dock', { name: 'guard', count: 1, level: 2 }, 2),
    },
    operation: { audit: true, max_rounds: 5 },
    squad: { leader: { sub_ability: 'shooting' } },
  };

  it('left after the final fight is the magazines in hand as it ends, before its loot', () => {
    const r = playOp(s, [4], { opening: D.A_PREEMPT, leader: shoot, between: D.A_CONTINUE });
    expect(r.rate('win')).toBe(1);
    expect(r.value('audit_at_final')).toBe(3);
    expect(r.value('audit_fights_final')).toBe(1);
    expect(r.value('audit_spent_final')).toBe(1);
    expect(r.value('audit_left_final')).toBe(2);
    expect(r.value('audit_left_mid')).toBe(0); // no mid fight
    expect(r.value('audit_gain_fixed')).toBe(2);
    expect(r.value('audit_gain_loot')).toBe(0); // loot of random tiles only
    expect(r.rate('audit_jiri')).toBe(0);
    expect(r.rate('audit_final_mags_3')).toBe(1);
    expect(r.game.s.magazines).toBe(4); // 2 left + 2 loot
    expect(r.dice.remaining).toBe(0);
  });
});

describe('audit measures per campaign lap (first attempt of each lap; values summed over the lap\'s attempts)', () => {
  // Two laps, at most 3 attempts, 2 magazines issued per operation (the seed's economy: refilled to 2 at each refit).
  // Lap 1: no mid; final = one level-2 guard (shot face 4 kills it, loot 0).
  // Lap 2: mid = the same guard (face 4); final = a 技量 check (target 4) whose failure kills the leader.
  //   Attempt 1 (lap 1): 2 at the final (not じり貧); 1 spent; 1 left as the fight ends; won.
  //   Attempt 2 (lap 2): refit to 2; mid: 1 spent, 1 left; 1 at the final (じり貧); check face 1: the leader falls.
  //   Attempt 3 (lap 2, 部隊再編 stage 1: +3): 2 + 3 = 5; mid: 1 spent, 4 left; 4 at the final; check face 6: won.
  const guard = (name: string) => fightTo(name, { name: 'guard', count: 1, level: 2 }, 0);
  const s: OpSpec = {
    scenario: {
      scenario: 'audit-laps', map: 'd33', progression: { tiles_before_mid: 0, tiles_after_mid: 0 },
      rules: { starting_magazines: { NORMAL: 2 } }, tiles: d33Traces(),
      laps: [{ final: guard('lap 1 final') }, { mid: guard('lap 2 mid'), final: { name: 'lap 2 final', location: 'outdoor', check: { check: { roll: 'skill', target: 4 }, failure: [{ leader_damage: 20 }] } } }],
    },
    operation: { audit: true, max_rounds: 5, campaign: { max_attempts: 3 } },
    squad: { leader: { sub_ability: 'shooting' } },
  };

  it('records each lap by hand', () => {
    const r = playOp(s, [4, 4, 1, 4, 6], { opening: D.A_PREEMPT, leader: shoot, between: D.A_CONTINUE, growth: D.A_GROW_SAVE });
    expect(r.rate('win')).toBe(1);
    expect(r.value('attempts')).toBe(3);
    expect(r.dice.remaining).toBe(0);
    // Lap 1: played, first attempt won, 2 magazines at its final.
    expect(r.rate('lap1_played')).toBe(1);
    expect(r.rate('lap1_won_first')).toBe(1);
    expect(r.rate('lap1_reached_final')).toBe(1);
    expect(r.rate('lap1_jiri')).toBe(0);
    expect(r.rate('lap1_final_mags_2')).toBe(1);
    expect(r.value('lap1_spent_final')).toBe(1);
    expect(r.value('lap1_spent_mid')).toBe(0);
    expect(r.value('lap1_at_final')).toBe(2);
    expect(r.value('lap1_finals')).toBe(1);
    expect(r.value('lap1_finals_jiri')).toBe(0);
    // Lap 2: played, first attempt lost with 1 magazine at its final (じり貧); values over both attempts.
    expect(r.rate('lap2_played')).toBe(1);
    expect(r.rate('lap2_won_first')).toBe(0);
    expect(r.rate('lap2_reached_final')).toBe(1);
    expect(r.rate('lap2_jiri_all')).toBe(1);
    expect(r.rate('lap2_jiri')).toBe(1);
    expect(r.rate('lap2_final_mags_1')).toBe(1);
    expect(r.value('lap2_spent_mid')).toBe(2);
    expect(r.value('lap2_spent_final')).toBe(0);
    expect(r.value('lap2_at_final')).toBe(1 + 4);
    expect(r.value('lap2_finals')).toBe(2);
    expect(r.value('lap2_finals_jiri')).toBe(1);
    // The campaign's totals over its three attempts.
    expect(r.value('audit_fights_mid')).toBe(2);
    expect(r.value('audit_fights_final')).toBe(1);
    expect(r.value('audit_spent_mid')).toBe(2);
    expect(r.value('audit_spent_final')).toBe(1);
    expect(r.value('audit_left_mid')).toBe(1 + 4);
    expect(r.value('audit_left_final')).toBe(1);
    expect(r.value('audit_at_final')).toBe(2 + 1 + 4);
    expect(r.value('audit_finals')).toBe(3);
    expect(r.value('audit_finals_jiri')).toBe(1);
  });
});
