// Rules tests for the scenario-format extensions Black Sun Protocol needs (docs/scenarios/urban-assault.md,
// engine semantics of the extensions; rulings UA-R60 onward). Each test plays a small inline scenario with scripted dice
// (`dice.remaining === 0` proves how many dice the clause rolls). A d3 face f reads ⌈f/2⌉; a d2 is
// `below(2)`: script 1 or 2. Most subjects sit in the final event (no map rolls: 0 tiles before and after
// the mid event); "next combat" effects sit on tile 11 before a mid-event fight (code 11 = dice 1, 1).
// The leader is a 射撃 leader with the starting kit: skill 0, AR, soft armour (defence 0), laser sight,
// life 5, 10 magazines.
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import * as D from '../src/rules/urban-assault/decisions.js';
import { EXP_FRAG, EXP_MEDKIT, R_ASSAULT } from '../src/rules/urban-assault/catalogue/catalogue.js';
import { loadScenario } from '../src/rules/urban-assault/scenario/compile.js';
import { unsupportedFeatures } from '../src/rules/urban-assault/scenario/support.js';
import { urbanAssault } from '../src/registry.js';
import { loadExperiment } from '../src/sim/experiment/load.js';
import { RngDice } from '../src/sim/core/dice.js';
import { gameStream, STREAM_DICE, STREAM_POLICY } from '../src/sim/core/streams.js';
import { GameRecord } from '../src/sim/core/types.js';
import type { GauntletDef, UaVariant } from '../src/rules/urban-assault/config.js';
import { d33Traces, playOp, playOpWith, trace, type OpSpec } from './helpers/ua-op-harness.js';
import type { Answers } from './helpers/ua-harness.js';

const shoot = (legal: readonly number[]): number => legal.find((a) => D.kindOf(a) === D.K_SHOOT) ?? legal[0];
const shootAt = (u: number) => (legal: readonly number[]): number => legal.find((a) => a === D.act(D.K_SHOOT, u)) ?? shoot(legal);
const last = (legal: readonly number[]): number => legal[legal.length - 1];
/** Answers for a plain fight: attack first, shoot, every member shoots, odd attacks at the leader. */
const FIGHT = { opening: D.A_PREEMPT, leader: shoot, 'member-fire': last, 'odd-attack': D.A_TO_LEADER, between: D.A_CONTINUE, target: (l: readonly number[]) => l[0] } as const;
const ans = (a: Record<string, unknown>): Answers => a as Answers;

const enemy = (over: Record<string, unknown> = {}, units: unknown[] = [{ name: 'm', count: 1, level: 4 }]): Record<string, unknown> => ({
  name: 'subject', location: 'outdoor', encounter: { enemies: units, reaction: 'fight_to_the_end', ...over },
});

/** The subject is the final event (no map roll). */
function finalSpec(final: Record<string, unknown>, over: Record<string, unknown> = {}, squad: Record<string, unknown> = {}, operation: Record<string, unknown> = {}): OpSpec {
  return {
    scenario: {
      scenario: 'bs-test', map: 'd33',
      progression: { tiles_before_mid: 0, tiles_after_mid: 0, repeated_tile: 'next-unused' },
      rules: { starting_magazines: { NORMAL: 10 } },
      tiles: d33Traces(), final, ...over,
    },
    squad: { leader: { sub_ability: 'shooting' }, ...squad }, operation,
  };
}

/** Tile 11 is the subject, then the mid event `mid`, then a trace final. */
function tileSpec(tile: Record<string, unknown>, mid: Record<string, unknown> = trace('mid', 90), squad: Record<string, unknown> = {}, operation: Record<string, unknown> = {}, over: Record<string, unknown> = {}): OpSpec {
  return {
    scenario: {
      scenario: 'bs-test', map: 'd33',
      progression: { tiles_before_mid: 1, tiles_after_mid: 0, repeated_tile: 'next-unused' },
      rules: { starting_magazines: { NORMAL: 10 } },
      tiles: d33Traces({ 11: tile }), mid, final: trace('final', 99), ...over,
    },
    squad: { leader: { sub_ability: 'shooting' }, ...squad }, operation,
  };
}

describe('counts (extension 1)', () => {
  it('1d2 rolls two faces (below(2)): scripted 2 → 2 soldiers', () => {
    const r = playOp(finalSpec(enemy({ reaction: 'withdraw' }, [{ name: 'm', count: '1d2', level: 4 }])), [2, 3], { opening: D.A_READ, between: D.A_CONTINUE });
    expect(r.lines.some((l) => l.includes('m ×2'))).toBe(true);
    expect(r.dice.remaining).toBe(0);
  });
});

describe('scenario items, issued items, kill_enemies (2, 3, 10)', () => {
  const items = { strobe: { name: 'IR', use: 'any_time', carried: true, returned: true, effects: [{ kill_enemies: '1d3+1' }] } };
  it('an issued any_time item is used in round 0 (no action): 1d3+1 = 4 kills spread over the groups; handed back at the end', () => {
    const s = finalSpec(enemy({}, [{ name: 'a', count: 3, level: 4 }, { name: 'b', count: 2, level: 4 }]), { items, rules: { starting_magazines: { NORMAL: 10 }, issued: ['strobe'] } });
    // d3 face 5 → 3, +1 = 4 kills: a ×3, then b ×1; round 1: the leader shoots the last b (5 ≥ 4).
    const r = playOp(s, [5, 5], ans({ ...FIGHT, 'use-item': [1], 'kill-group': (l: readonly number[]) => l[0] }));
    expect(r.policy.askedFor('use-item' as never)[0].legal).toEqual([0, 1]);
    expect(r.rate('win')).toBe(1);
    expect(r.game.s.scItems[0]).toBe(0);
    expect(r.dice.remaining).toBe(0);
  });

  it('kills beyond the soldiers left are lost; the wipe-out ends the fight at once', () => {
    const s = finalSpec(enemy({}, [{ name: 'a', count: 1, level: 4 }]), { items, rules: { starting_magazines: { NORMAL: 10 }, issued: ['strobe'] } });
    const r = playOp(s, [5], ans({ ...FIGHT, 'use-item': [1], 'kill-group': (l: readonly number[]) => l[0] }));
    expect(r.rate('win')).toBe(1);
    expect(r.game.s.killedAll).toBe(true);
    expect(r.dice.remaining).toBe(0);
  });

  it('a returned item not used is handed back at the end of the operation', () => {
    const s = finalSpec(trace('final', 99), { items, rules: { starting_magazines: { NORMAL: 10 }, issued: ['strobe'] } });
    const r = playOp(s, [], {});
    expect(r.game.s.scItems[0]).toBe(0);
  });

  it('scenario_item gives a map_roll item; used before the next map d66 it rolls twice and the squad chooses', () => {
    const sc = { items: { map: { name: 'map', use: 'map_roll', carried: false, effects: [{ map_roll: { twice: true } }] } }, progression: { tiles_before_mid: 2, tiles_after_mid: 0, repeated_tile: 'next-unused' } };
    const s = tileSpec({ name: 'find', location: 'indoor', supply: { effects: [{ scenario_item: 'map' }] } }, trace('mid', 90), {}, {}, sc);
    // 11 (the map), then two rolls 12 and 33: the squad takes 33.
    const r = playOp(s, [1, 1, 1, 3, 5, 5], ans({ 'use-item': [1], 'map-choice': 33 }));
    expect(r.policy.askedFor('map-choice')[0].legal).toEqual([12, 33]);
    expect(r.value('scrip')).toBe(33 + 90 + 99);
    expect(r.dice.remaining).toBe(0);
  });
});

describe('target: hit_table, member_damage, fumble, defence checks, everyone (4, 8, 9)', () => {
  const trip = {
    name: 'trip', location: 'outdoor',
    trap: { target: 'hit_table', check: { roll: 'defence', target: 3 }, success: ['nothing'], failure: [{ next_combat: { target_no_attack_first_round: true } }], fumble: [{ member_damage: 1 }] },
  };
  it('the hit table picks the target before the check; a natural-1 failure takes the fumble effects (the assault drops)', () => {
    const r = playOp(tileSpec(trip, trace('mid', 90), { members: { assault: 2 } }), [1, 1, 5, 1], {});
    expect(r.game.s.members[R_ASSAULT]).toBe(1);
    expect(r.dice.remaining).toBe(0);
  });

  it('a plain failure (2 + 0 < 3) takes `failure`: that member makes no attack roll in round 1 of the next combat', () => {
    const mid = enemy({}, [{ name: 'm', count: 3, level: 4 }]);
    const r = playOp(tileSpec(trip, mid, { members: { assault: 2, medic: 1 } }), [1, 1, 5, 2, 1, 1, 1, 6, 6, 6], ans({ ...FIGHT }));
    expect(r.game.s.members[R_ASSAULT]).toBe(2);
    expect(r.lines.filter((l) => /shoots at/.test(l)).length).toBe(3); // leader + one assault + the medic
    expect(r.policy.askedFor('member-fire')[0].legal).toEqual([0, 1, 2]);
    expect(r.dice.remaining).toBe(0);
  });

  const blast = {
    name: 'blast', location: 'outdoor',
    trap: { check: { roll: 'defence', target: 3, everyone: true }, success: ['nothing'], failure: [{ hit_table: 1 }], fumble: [{ hit_table: 1 }, { hit_table: 1 }] },
  };
  it('everyone rolls (leader + 2 members): one natural 1 → the fumble effects instead of failure (two hit rolls)', () => {
    const r = playOp(tileSpec(blast, trace('mid', 90), { members: { assault: 2 } }), [1, 1, 4, 3, 1, 5, 5], {});
    expect(r.game.s.members[R_ASSAULT]).toBe(0);
    expect(r.dice.remaining).toBe(0);
  });

  it('everyone: one plain failure → `failure` (one hit roll)', () => {
    const r = playOp(tileSpec(blast, trace('mid', 90), { members: { assault: 2 } }), [1, 1, 4, 2, 6, 5], {});
    expect(r.game.s.members[R_ASSAULT]).toBe(1);
    expect(r.dice.remaining).toBe(0);
  });

  it('a defence check adds the armour: plate carrier 2 + 1 ≥ 3 succeeds, no sub-ability point spent', () => {
    const r = playOp(tileSpec(trip, trace('mid', 90), { members: { assault: 2 }, buy: ['plate_carrier'], armour: 'plate_carrier' }), [1, 1, 5, 2], {});
    expect(r.game.s.members[R_ASSAULT]).toBe(2);
    expect(r.game.s.subCur).toBe(r.game.s.subMax);
    expect(r.dice.remaining).toBe(0);
  });
});

describe('loot_table, map_roll tens_is (5, 7)', () => {
  it('loot_table 1: one roll on the §40 table (1 → 1 magazine)', () => {
    const r = playOp(tileSpec({ name: 'cache', location: 'indoor', supply: { effects: [{ loot_table: 1 }] } }), [1, 1, 1], {});
    expect(r.game.s.magazines).toBe(11);
    expect(r.dice.remaining).toBe(0);
  });

  it('tens_is sets the next map roll\'s tens die (12 → 32)', () => {
    const s = tileSpec({ name: 'cordon', location: 'outdoor', supply: { effects: [{ map_roll: { tens_is: 3 } }] } }, trace('mid', 90), {}, {}, { progression: { tiles_before_mid: 2, tiles_after_mid: 0, repeated_tile: 'next-unused' } });
    const r = playOp(s, [1, 1, 1, 3], {});
    expect(r.value('scrip')).toBe(32 + 90 + 99);
    expect(r.dice.remaining).toBe(0);
  });
});

describe('next_combat extensions (6)', () => {
  it('first_defence_roll_mod −1 applies to the first single defence roll only', () => {
    const tile = { name: 'wire', location: 'outdoor', supply: { effects: [{ next_combat: { first_defence_roll_mod: -1 } }] } };
    // Round 1: miss, defence 4 − 1 = 3 fails; round 2: miss, defence 4 ≥ 4 holds.
    const r = playOp(tileSpec(tile, enemy(), {}, { max_rounds: 2 }), [1, 1, 1, 4, 1, 4], ans(FIGHT));
    expect(r.game.s.life).toBe(r.game.s.lifeMax - 1);
    expect(r.dice.remaining).toBe(0);
  });

  it('extra_enemies carries to the next fight with a group; the squad picks the group', () => {
    const tile = { name: 'pass', location: 'outdoor', supply: { effects: [{ next_combat: { extra_enemies: 2 } }] } };
    const mid = enemy({}, [{ name: 'a', count: 1, level: 4 }, { name: 'b', count: 1, level: 4 }]);
    const r = playOp(tileSpec(tile, mid), [1, 1, 1, 6, 6, 6, 6], ans({ ...FIGHT, 'extra-group': 1 }));
    expect(r.policy.askedFor('extra-group' as never)[0].legal).toEqual([0, 1]);
    expect(r.game.s.unitStart[1]).toBe(3);
    expect(r.game.s.nextExtraEnemies).toBe(0);
    expect(r.dice.remaining).toBe(0);
  });

  it('members_attacking_mod −2: 4 members present → at most 2 attack', () => {
    const tile = { name: 'ied', location: 'outdoor', supply: { effects: [{ next_combat: { members_attacking_mod: -2 } }] } };
    const r = playOp(tileSpec(tile, enemy({}, [{ name: 'm', count: 1, level: 6 }]), { members: { assault: 4 } }), [1, 1, 1, 1, 1, 6], ans(FIGHT));
    expect(r.policy.askedFor('member-fire')[0].legal).toEqual([0, 1, 2]);
    expect(r.dice.remaining).toBe(0);
  });

  it('target_absent_first_round: the target is not on the hit table in round 1 (the hit falls through to another member)', () => {
    const tile = { name: 'ied', location: 'outdoor', trap: { target: 'hit_table', effects: [{ next_combat: { target_absent_first_round: true } }] } };
    // Hit table 5 → an assault; the fight: the leader misses, the medic misses; the odd attack goes to the members:
    // defence 1 fails, hit table 5 → no assault present in round 1 → up: none → down: the medic (1).
    const r = playOp(tileSpec(tile, enemy({}, [{ name: 'm', count: 1, level: 6 }]), { members: { assault: 1, medic: 1 } }), [1, 1, 5, 1, 1, 1, 5], ans({ ...FIGHT, 'odd-attack': D.A_TO_MEMBERS }));
    expect(r.game.s.members[R_ASSAULT]).toBe(1);
    expect(r.game.s.members[0]).toBe(0);
    expect(r.dice.remaining).toBe(0);
  });
});

describe('operations: when_exhausted reset-earlier (11)', () => {
  it('every code used in earlier operations: they are cleared and the rolled code is taken', () => {
    const s = tileSpec(trace('t11', 11), trace('mid', 90), {}, {}, { operations: { max: 3, tiles_persist: true, when_exhausted: 'reset-earlier' } });
    const r = playOpWith(s, [1, 1], {}, { setup: (g) => (g as unknown as { usedBefore: Uint8Array }).usedBefore.fill(1) });
    expect(r.value('scrip')).toBe(11 + 90 + 99);
    expect(r.dice.remaining).toBe(0);
  });
});

describe('scenario members (12)', () => {
  const members = { delta: { name: 'D', skill: 1, life: 1, shots: 1, hit_table: 5, reaction_mod: 1, from_lap: 1 } };
  it('reaction_mod +1 on every reaction roll while one is in the squad (5 → 6: withdraw)', () => {
    const s = finalSpec(enemy({ reaction: { '1-5': 'hostile', '6': 'withdraw' } }), { members });
    const r = playOpWith(s, [5], { opening: D.A_READ, between: D.A_CONTINUE }, { members: [1] });
    expect(r.lines.some((l) => l.includes('reaction: d6=6 → withdraw'))).toBe(true);
    expect(r.rate('win')).toBe(1);
    expect(r.dice.remaining).toBe(0);
  });

  it('a scenario member attacks with its skill and answers to its hit-table number', () => {
    const s = finalSpec(enemy({}, [{ name: 'm', count: 1, level: 6 }]), { members });
    const r = playOpWith(s, [1, 1, 1, 1], ans({ ...FIGHT, 'odd-attack': D.A_TO_MEMBERS }), { members: [1] });
    expect(r.lines.some((l) => /D shoots at m: d6=1 \+1/.test(l))).toBe(true);
    expect(r.game.s.scMembers[0]).toBe(0);
    expect(r.dice.remaining).toBe(0);
  });
});

describe('night_attack_mod, success_xp (13, 14)', () => {
  const night = { rules: { starting_magazines: { NORMAL: 10 }, night_attack_mod: -1 }, success_xp: 1 };
  it('on a dark tile every squad attack roll gets the scenario penalty (4 − 1 < 4 misses)', () => {
    const r = playOp(finalSpec({ ...enemy(), dark: true }, { rules: { starting_magazines: { NORMAL: 10 }, night_attack_mod: -1, success_xp: 1 } }), [4, 6], ans(FIGHT));
    expect(r.rate('win')).toBe(0);
    expect(r.dice.remaining).toBe(0);
    void night;
  });

  it('…unless the leader carries NVG (4 ≥ 4 hits); the success gives success_xp', () => {
    const r = playOp(finalSpec({ ...enemy(), dark: true }, { rules: { starting_magazines: { NORMAL: 10 }, night_attack_mod: -1, success_xp: 1 } }, { buy: ['nvg'] }), [4], ans(FIGHT));
    expect(r.rate('win')).toBe(1);
    expect(r.game.s.xp).toBe(1);
    expect(r.dice.remaining).toBe(0);
  });
});

describe('encounter modifiers (15–17)', () => {
  it('first_round_attack_mod / defence_mod, and if_squad_first_strike round-1 enemy attacks −1 (2 → 1)', () => {
    const f = enemy({ first_round_attack_mod: -1, defence_mod: -1, if_squad_first_strike: { first_round_enemy_attacks: -1 } }, [{ name: 'm', count: 2, level: 4 }]);
    const r = playOp(finalSpec(f), [4, 4], ans(FIGHT));
    expect(r.lines.some((l) => l.includes('1 enemy attacks'))).toBe(true);
    expect(r.game.s.life).toBe(r.game.s.lifeMax - 1);
    expect(r.dice.remaining).toBe(0);
  });

  it('UA-R107 (declared): under enemy_first_strike the squad\'s 先制攻撃 choice still counts — 混乱 cuts round 1 to 1 attack although the enemy fires first', () => {
    const f = enemy({ enemy_first_strike: true, if_squad_first_strike: { first_round_enemy_attacks: -1 } }, [{ name: 'm', count: 2, level: 4 }]);
    const r = playOp(finalSpec(f), [4, 4], ans(FIGHT));
    expect(r.policy.askedFor('opening').length).toBe(1);   // the choice is asked and answered 先制攻撃
    expect(r.lines).toContain('  1 enemy attacks: 1 at the leader, 0 at the members');
    expect(r.lines.findIndex((l) => l.includes('defends'))).toBeLessThan(r.lines.findIndex((l) => l.includes('shoots')));
    expect(r.dice.remaining).toBe(0);
  });

  it('UA-R107 fired-first: the choice counts only when the squad fires first — under enemy_first_strike 混乱 leaves the enemy both attacks', () => {
    const f = enemy({ enemy_first_strike: true, if_squad_first_strike: { first_round_enemy_attacks: -1 } }, [{ name: 'm', count: 2, level: 4 }]);
    const r = playOp({ ...finalSpec(f), rulings: { first_strike_counts: 'fired-first' } }, [4, 4, 4], ans(FIGHT));
    expect(r.policy.askedFor('opening').length).toBe(1);
    expect(r.lines).toContain('  2 enemy attacks: 2 at the leader, 0 at the members');
    expect(r.dice.remaining).toBe(0);
  });

  it('a negative round-1 change never takes the enemy below 1 attack (最低1)', () => {
    const f = enemy({ if_squad_first_strike: { first_round_enemy_attacks: -1 } });
    const r = playOp(finalSpec(f), [1, 6], ans(FIGHT));
    expect(r.lines.some((l) => l.includes('1 enemy attacks'))).toBe(true);
    expect(r.dice.remaining).toBe(0);
  });

  it('squad_first_strike: no opening choice, no reaction roll; the squad shoots first', () => {
    const r = playOp(finalSpec(enemy({ reaction: 'hostile', squad_first_strike: true })), [5], ans(FIGHT));
    expect(r.policy.askedFor('opening').length).toBe(0);
    expect(r.rate('win')).toBe(1);
    expect(r.dice.remaining).toBe(0);
  });

  it('…but a shared enemy_first_strike beats it (the enemy fires first)', () => {
    const r = playOp(finalSpec(enemy({ reaction: 'hostile', squad_first_strike: true, enemy_first_strike: true })), [6, 5], ans(FIGHT));
    const i = r.lines.findIndex((l) => l.includes('defends')), j = r.lines.findIndex((l) => l.includes('shoots'));
    expect(i).toBeGreaterThan(-1);
    expect(i).toBeLessThan(j);
    expect(r.dice.remaining).toBe(0);
  });

  it('while_alive: defence −1 while both units stand; once one is down, no modifier', () => {
    const f = enemy({ while_alive: [{ units: ['a', 'b'], defence_mod: -1 }] }, [{ name: 'a', count: 1, level: 4 }, { name: 'b', count: 1, level: 4 }]);
    const down = playOp(finalSpec(f), [5, 4], ans({ ...FIGHT, leader: shootAt(0) }));
    expect(down.game.s.life).toBe(down.game.s.lifeMax);
    const up = playOp(finalSpec(f), [1, 4, 6], ans({ ...FIGHT, leader: shootAt(0) }));
    expect(up.game.s.life).toBe(up.game.s.lifeMax - 1);
    expect(down.dice.remaining + up.dice.remaining).toBe(0);
  });
});

describe('reinforcements (18)', () => {
  it('at round 2, with ≥ 2 standing, 1d3 soldiers join the group (its starting count grows too)', () => {
    const f = enemy({ reinforcements: [{ unit: 'm', round: 2, count: '1d3', if_standing_at_least: 2 }] }, [{ name: 'm', count: 2, level: 4 }]);
    const r = playOp(finalSpec(f, {}, {}, { max_rounds: 2 }), [1, 6, 6, 5, 1, 6, 6, 6, 6, 6], ans(FIGHT));
    expect(r.game.s.unitStart[0]).toBe(5);
    expect(r.game.s.unitLeft[0]).toBe(5);
    expect(r.dice.remaining).toBe(0);
  });
});

describe('reaction extras, market, extortion (19, 20)', () => {
  it('pass applies the face\'s `pass` effects (extra enemies in the next fight)', () => {
    const f = enemy({ reaction: { '1-6': { reaction: 'neutral', pass: [{ next_combat: { extra_enemies: 1 } }] } } });
    const r = playOp(finalSpec(f), [3], ans({ opening: D.A_READ, pass: D.A_YES }));
    expect(r.game.s.nextExtraEnemies).toBe(1);
    expect(r.dice.remaining).toBe(0);
  });

  it('fighting instead of passing gives the squad the first strike', () => {
    const f = enemy({ reaction: { '1-6': { reaction: 'neutral', pass: [{ next_combat: { extra_enemies: 1 } }] } } });
    const r = playOp(finalSpec(f), [3, 5], ans({ ...FIGHT, opening: D.A_READ, pass: D.A_NO }));
    expect(r.rate('win')).toBe(1);
    expect(r.game.s.nextExtraEnemies).toBe(0);
    expect(r.dice.remaining).toBe(0);
  });

  it('face effects apply when the face is rolled (next map roll units ±1)', () => {
    const f = enemy({ reaction: { '1-6': { reaction: 'friendly', effects: [{ map_roll: { units: 1, either: true } }] } } });
    const r = playOp(finalSpec(f), [2], ans({ opening: D.A_READ, pass: D.A_YES }));
    expect(r.game.s.mapUnits).toBe(1);
    expect(r.dice.remaining).toBe(0);
  });

  it('the market: buy an offer in magazines (no scrip), then pass', () => {
    const f = enemy({ reaction: { '1-6': { reaction: 'neutral', market: true } }, market: [{ item: 'medkit', scrip: 2, magazines: 2 }] });
    const r = playOp(finalSpec(f), [3], ans({ opening: D.A_READ, pass: D.A_YES, market: [2, 0] }));
    expect(r.policy.askedFor('market' as never)[0].legal).toEqual([0, 2]);
    expect(r.game.s.expendables[EXP_MEDKIT]).toBe(1);
    expect(r.game.s.magazines).toBe(8);
    expect(r.dice.remaining).toBe(0);
  });

  it('extortion in MREs is paid when the squad has them', () => {
    const r = playOp(finalSpec(enemy({ reaction: 'extortion', extortion: { mre: 1 } })), [2], ans({ opening: D.A_READ, extortion: D.A_PAY }));
    expect(r.game.s.mre).toBe(1);
    expect(r.dice.remaining).toBe(0);
  });

  it('extortion in 軍票 the squad lacks is not offered: hostile (§35 refusal)', () => {
    const r = playOp(finalSpec(enemy({ reaction: 'extortion', extortion: { scrip: 5 } })), [2, 6, 1], ans({ ...FIGHT, opening: D.A_READ }));
    expect(r.policy.askedFor('extortion').length).toBe(0);
    expect(r.dice.remaining).toBe(0);
  });
});

describe('loot and if_wiped_out (21, 22)', () => {
  it('loot { magazines: 1d3, scrip: 1d3, table: 1 }', () => {
    const r = playOp(finalSpec(enemy({ loot: { magazines: '1d3', scrip: '1d3', table: 1 } })), [5, 3, 5, 1], ans(FIGHT));
    expect(r.game.s.magazines).toBe(10 - 1 + 2 + 1);
    expect(r.game.s.scrip).toBe(3);
    expect(r.dice.remaining).toBe(0);
  });

  it('if_wiped_out: one more loot-table roll when every enemy was killed', () => {
    const r = playOp(finalSpec(enemy({ loot: { magazines: 1 }, if_wiped_out: [{ loot_table: 1 }] })), [5, 1], ans(FIGHT));
    expect(r.game.s.magazines).toBe(10 - 1 + 1 + 1);
    expect(r.dice.remaining).toBe(0);
  });
});

describe('round 0 (23, 24)', () => {
  it('round_zero_blast: d6 ≤ 1 → the leader defends vs 4; a failure costs 2', () => {
    const r = playOp(finalSpec(enemy({ round_zero_blast: { faces: 1, target: 4, damage: 2 } })), [1, 2, 5], ans(FIGHT));
    expect(r.game.s.life).toBe(r.game.s.lifeMax - 2);
    expect(r.dice.remaining).toBe(0);
  });

  it('round_zero_blast: d6 > faces → nothing', () => {
    const r = playOp(finalSpec(enemy({ round_zero_blast: { faces: 1, target: 4, damage: 2 } })), [2, 5], ans(FIGHT));
    expect(r.game.s.life).toBe(r.game.s.lifeMax);
    expect(r.dice.remaining).toBe(0);
  });

  it('round_zero_use: a frag grenade kills 1d3 of the named group with no roll', () => {
    const f = enemy({ round_zero_use: [{ item: 'frag_grenade', unit: 'g4', kills: '1d3' }] }, [{ name: 'g4', count: 3, level: 4 }, { name: 'g', count: 1, level: 4 }]);
    const r = playOp(finalSpec(f, {}, { buy: ['frag_grenade'] }), [5, 5], ans({ ...FIGHT, round0: (l: readonly number[]) => l.find((a) => D.kindOf(a) === D.K_R0_USE)!, leader: shootAt(1) }));
    expect(r.game.s.expendables[EXP_FRAG]).toBe(0);
    expect(r.rate('win')).toBe(1);
    expect(r.dice.remaining).toBe(0);
  });
});

describe('win conditions and morale (25–29)', () => {
  it('advantage_attack_mod: leader + members ≥ enemies standing → +1 (3 + 1 ≥ 4 hits)', () => {
    const r = playOp(finalSpec(enemy({ advantage_attack_mod: 1 })), [3], ans(FIGHT));
    expect(r.rate('win')).toBe(1);
    expect(r.dice.remaining).toBe(0);
  });

  it('members_defence_mod: 3 members with the squad → defence +1 (3 + 1 ≥ 4 holds)', () => {
    const f = enemy({ members_defence_mod: { '3': 1, '6': 2 } }, [{ name: 'm', count: 1, level: 4 }]);
    const r = playOp(finalSpec(f, {}, { members: { assault: 3 } }), [1, 1, 1, 1, 3], ans(FIGHT));
    expect(r.game.s.life).toBe(r.game.s.lifeMax);
    expect(r.dice.remaining).toBe(0);
  });

  it('ends_after_round: the fight ends after round 1, won, no loot', () => {
    const f = { name: 'hold', location: 'outdoor', encounter: { enemies: [{ name: 'm', count: 1, level: 6 }], ends_after_round: 1, loot: 'table' } };
    const r = playOp(finalSpec(f, {}, {}, { max_rounds: 3 }), [6, 1], ans({ ...FIGHT, opening: D.A_READ }));
    expect(r.rate('win')).toBe(1);
    expect(r.dice.remaining).toBe(0);
  });

  it('ends_when_down: the named unit down → won at once, with loot', () => {
    const f = enemy({ ends_when_down: 'v', loot: { magazines: 1 } }, [{ name: 'v', kind: 'high_threat', life: 1, attacks: 1, level: 4 }, { name: 'm', count: 3, level: 4 }]);
    // Mixed targets: the hit lands on a random targetable unit (UA-R10 random: below(2) → 1 = the vehicle).
    const r = playOp(finalSpec(f), [5, 1], ans({ ...FIGHT, leader: shootAt(0) }));
    expect(r.rate('win')).toBe(1);
    expect(r.game.s.magazines).toBe(10);
    expect(r.dice.remaining).toBe(0);
  });

  it('withdraw_on: a hostile enemy withdraws when that group is at most half its start', () => {
    const f = { name: 'cmd', location: 'outdoor', encounter: { enemies: [{ name: 'c', kind: 'high_threat', life: 3, attacks: 1, level: 4 }, { name: 'e', count: 2, level: 4 }], reaction: 'hostile', withdraw_on: 'e' } };
    const r = playOp(finalSpec(f), [5, 2], ans({ ...FIGHT, leader: shootAt(1) }));
    expect(r.rate('win')).toBe(1);
    expect(r.lines.some((l) => l.includes('withdraws'))).toBe(true);
    expect(r.dice.remaining).toBe(0);
  });

  it('on_capture: negotiating the high-threat target takes it prisoner: its effects (+2 軍票)', () => {
    const f = { name: 'cmd', location: 'outdoor', encounter: { enemies: [{ name: 'c', kind: 'high_threat', life: 2, attacks: 1, level: 4 }], reaction: 'fight_to_the_end', on_capture: { unit: 'c', effects: [{ scrip: 2 }], with: { equipment: 'tie_wraps', effects: [{ scrip: 3 }] } } } };
    const r = playOp(finalSpec(f, {}, { leader: { sub_ability: 'command', skills: ['negotiation'] } }), [2], ans({ ...FIGHT, leader: D.act(D.K_NEGOTIATE, 0) }));
    expect(r.game.s.scrip).toBe(2);
    expect(r.rate('win')).toBe(1);
    expect(r.dice.remaining).toBe(0);
  });
});

describe('unit extras (30)', () => {
  const htt = (over: Record<string, unknown>) => ({ name: 'v', kind: 'high_threat', life: 3, attacks: 1, level: 6, ...over });
  it('round_attacks: 2 attacks in odd rounds, 0 in even rounds', () => {
    const r = playOp(finalSpec(enemy({}, [htt({ round_attacks: { odd: 2, even: 0 } })]), {}, {}, { max_rounds: 2 }), [1, 6, 6, 1], ans(FIGHT));
    expect(r.dice.remaining).toBe(0);
  });

  it('wounded: 3 attacks once life ≤ 1', () => {
    const r = playOp(finalSpec(enemy({}, [htt({ life: 2, level: 4, wounded: { life_at_most: 1, attacks: 3 } })])), [5, 6, 6, 6], ans(FIGHT));
    expect(r.dice.remaining).toBe(0);
  });

  it('led_by: the group\'s level drops once its leader unit is down (3 ≥ 3 hits)', () => {
    const f = enemy({}, [htt({ name: 'c', life: 1, level: 4 }), { name: 'e', count: 1, level: 5, led_by: 'c', leaderless_level: 3 }]);
    const r = playOp(finalSpec(f, {}, {}, { max_rounds: 2 }), [5, 1, 6, 3], ans({ ...FIGHT, leader: (l: readonly number[]) => l.find((a) => D.kindOf(a) === D.K_SHOOT && ((D.targetOf(a) === 0) || !l.includes(D.act(D.K_SHOOT, 0))))! }));
    expect(r.rate('win')).toBe(1);
    expect(r.dice.remaining).toBe(0);
  });

  it('location: indoor — the laser sight\'s indoor +1 applies against that unit on an outdoor tile', () => {
    const r = playOp(finalSpec(enemy({}, [{ name: 'm', count: 1, level: 4, location: 'indoor' }])), [3], ans(FIGHT));
    expect(r.rate('win')).toBe(1);
    expect(r.dice.remaining).toBe(0);
  });

  it('hit_by_parity: the leader defends; a failure with an even value hits a member (hit table)', () => {
    const r = playOp(finalSpec(enemy({}, [htt({ level: 4, hit_by_parity: true })]), {}, { members: { assault: 1 } }), [1, 1, 2, 5], ans(FIGHT));
    expect(r.game.s.members[R_ASSAULT]).toBe(0);
    expect(r.game.s.life).toBe(r.game.s.lifeMax);
    expect(r.dice.remaining).toBe(0);
  });

  it('hit_by_parity + fumble_damage: a natural 1 (odd) hits the leader for 2', () => {
    const r = playOp(finalSpec(enemy({}, [htt({ level: 4, hit_by_parity: true, fumble_damage: 2 })]), {}, { members: { assault: 1 } }), [1, 1, 1], ans(FIGHT));
    expect(r.game.s.members[R_ASSAULT]).toBe(1);
    expect(r.game.s.life).toBe(r.game.s.lifeMax - 2);
    expect(r.dice.remaining).toBe(0);
  });
});

describe('splash (63 RPG発射, UA-R76)', () => {
  const rpg = { name: 'rpg', kind: 'high_threat', life: 3, attacks: 1, level: 4, splash: true };
  it('a failed leader defence: the normal wound, then the squad sends the splash to the members (hit table 5: the assault drops)', () => {
    const r = playOp(finalSpec(enemy({}, [rpg]), {}, { members: { assault: 1 } }), [1, 1, 2, 5], ans({ ...FIGHT, splash: D.A_TO_MEMBERS }));
    expect(r.policy.askedFor('splash').length).toBe(1);
    expect(r.game.s.members[R_ASSAULT]).toBe(0);
    expect(r.game.s.life).toBe(r.game.s.lifeMax - 1);
    expect(r.dice.remaining).toBe(0);
  });
  it('…or to the leader: one more wound', () => {
    const r = playOp(finalSpec(enemy({}, [rpg]), {}, { members: { assault: 1 } }), [1, 1, 2], ans({ ...FIGHT, splash: D.A_TO_LEADER }));
    expect(r.game.s.members[R_ASSAULT]).toBe(1);
    expect(r.game.s.life).toBe(r.game.s.lifeMax - 2);
    expect(r.dice.remaining).toBe(0);
  });
  it('with no member standing the leader takes it without a choice', () => {
    const r = playOp(finalSpec(enemy({}, [rpg])), [1, 2], ans(FIGHT));
    expect(r.game.s.life).toBe(r.game.s.lifeMax - 2);
    expect(r.dice.remaining).toBe(0);
  });
});

describe('what is still refused, never ignored', () => {
  it('a market selling equipment the engine gives no effect (laser sight) is refused at compile time', async () => {
    const { compileOp } = await import('./helpers/ua-op-harness.js');
    const f = enemy({ reaction: { '1-6': { reaction: 'neutral', market: true } }, market: [{ item: 'laser_sight', scrip: 2, magazines: 2 }] });
    expect(() => compileOp(finalSpec(f))).toThrow(/does not play yet: market equipment laser_sight/);
  });
});

describe('Black Sun Protocol (blacksun-01.yaml)', () => {
  it('uses no feature the engine does not play', () => {
    expect(unsupportedFeatures(loadScenario(join('scenarios', 'urban-assault', 'blacksun-01.yaml')))).toEqual([]);
  });

  it('encodes the mission text (issue 28 item 3): lap 3\'s final 対戦車砲装甲車両 is armoured (装甲車両); tile 65\'s 中立 faces 1–2 let the squad fight (「戦闘を選ばない限り素通りできる」)', () => {
    const sc = loadScenario(join('scenarios', 'urban-assault', 'blacksun-01.yaml'));
    const vehicle = sc.laps[2].final.engagement!.units.find((u) => u.name === '対戦車砲装甲車両')!;
    expect(vehicle.armoured).toBe(true);
    const truck = sc.tiles[65]!;
    // Reaction extras on the table are what offer the pass-or-fight decision on a neutral face (UA-R72).
    expect(truck.extra?.reactions ?? null).not.toBeNull();
    expect(truck.extra!.reactions![0]).toEqual({ effects: [], pass: [], market: false });
  });

  it('encodes the mission text (issue 28 item 4): 44 A\'s tens +1 is mandatory, lap 2\'s night hits every attack roll, 22 通報 and 41 hit the leader\'s defence only', () => {
    const sc = loadScenario(join('scenarios', 'urban-assault', 'blacksun-01.yaml'));
    // 44 A 即時退避 「次のマップのd66の十の位を+1する」: not declinable.
    const retreat = sc.tiles[44]!.options.find((o) => o.label.startsWith('A '))!;
    expect(retreat.effects.map((e) => e.map)).toEqual([expect.objectContaining({ tens: 1, mandatory: true })]);
    // 2周目 「属性：夜間 常に攻撃ロールに-1」: melee and skill rolls too (UA-R121).
    expect([sc.nightAttackMod, sc.nightAttackScope]).toEqual([-1, 'every']);
    // 22 通報 「次に発生する戦闘の第1ラウンド、分隊長の防御ロールに -1」: the leader's round-1 rolls, not the members'.
    const report = sc.tiles[22]!.options[0].effects.map((e) => e.combat).find((c) => c !== null)!;
    expect([report.leaderFirstRoundDefenceMod, report.firstRoundDefenceMod]).toEqual([-1, 0]);
    // 41 解除 failure 「最初の1回のみ分隊長の防御ロールに-1」: the leader's first defence roll only.
    const disarm = sc.tiles[41]!.options[1].failure.map((e) => e.combat).find((c) => c !== null)!;
    expect([disarm.leaderFirstDefenceRollMod, disarm.firstDefenceRollMod]).toEqual([-1, 0]);
  });

  it('encodes the mission text (issue 28 item 5): the IR strobe between two attacks, 14 both 屋外 and 室内', () => {
    const sc = loadScenario(join('scenarios', 'urban-assault', 'blacksun-01.yaml'));
    // §10 航空支援 「任意のタイミングで使用する事で航空支援…を受けることができる」: also between single attacks (UA-R143).
    expect(sc.items.find((it) => it.name === 'IRストロボライト')!.betweenAttacks).toBe(true);
    // 出目14 崩れた建物の陰 「属性：屋外・室内」 (UA-R144).
    expect([sc.tiles[14]!.indoor, sc.tiles[14]!.alsoOutdoor]).toEqual([true, true]);
  });

  it('the difficulty experiment compiles and plays 200 games per variant (default and random policies) with every invariant', () => {
    const exp = loadExperiment(join('experiments', 'blacksun-difficulty.yaml'));
    const game = exp.compiled.game as GauntletDef;
    const t = urbanAssault.testing!;
    const problems: string[] = [];
    for (const v of exp.compiled.variants.slice(0, 2)) {
      for (const variant of [v.params as UaVariant, t.randomVariant(game, v.params as UaVariant)]) {
        const runner = t.checkedRunner(game, variant, (p) => void (problems.length < 20 && problems.push(`${v.name}: ${p}`)));
        const rec = new GameRecord(urbanAssault.metrics(game));
        const dice = new RngDice(gameStream(0, 0)), pdice = new RngDice(gameStream(0, 0));
        for (let g = 0; g < 200; g++) {
          dice.reset(gameStream(7, g, STREAM_DICE));
          pdice.reset(gameStream(7, g, STREAM_POLICY));
          rec.clear();
          runner.play(dice, pdice, rec, null);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
