// Black Sun for core 1.01: the later decisions the scenario needed a parameter of an existing procedure for
// (issue 40 item 4; rulings UA-V51 … UA-V56). Each clause is forced with scripted dice; each test fails before
// the parameter existed (the key was refused) and shows the earlier reading on the same dice.
import { describe, expect, it } from 'vitest';
import * as D from '../src/rules/urban-assault/decisions.js';
import { InputError } from '../src/sim/input/input-error.js';
import { PASS, leaderAct, type Answers } from './helpers/ua-harness.js';
import { compileOp, d33Traces, playOp, trace, type OpSpec } from './helpers/ua-op-harness.js';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

type Obj = Record<string, unknown>;
const V101 = 'v1.01-2026-10';

/** A d33 one-way operation: tile 11 (the event under test, or a trace), the mid a trace, then `final`. */
function op(final: Obj, squad: Obj = {}, tiles: Record<number, Obj> = {}, maxRounds = 1): OpSpec {
  return {
    rules: V101,
    operation: { max_rounds: maxRounds },
    scenario: {
      scenario: 'bs-v101-decisions', map: 'd33', progression: { tiles_before_mid: 1, tiles_after_mid: 0, repeated_tile: 'next-unused' },
      rules: { starting_magazines: { NORMAL: 10 } }, tiles: d33Traces(tiles), mid: trace('mid', 90), final,
    },
    squad: { leader: { sub_ability: 'shooting' }, ...squad },
  };
}
const fight = (enc: Obj): Obj => ({ name: 'final', location: 'outdoor', encounter: enc });
const ans: Answers = { opening: D.A_READ, leader: PASS, 'member-fire': 0, between: D.A_CONTINUE, 'reaction-adjust': D.A_ADJ_NONE, 'odd-attack': D.A_TO_LEADER };
const refused = (spec: OpSpec): string => {
  try {
    compileOp(spec);
  } catch (e) {
    if (e instanceof InputError) return e.message;
    throw e;
  }
  return '';
};
const melees = (lines: readonly string[]): number => lines.filter((l) => / melee at /.test(l)).length;

describe('UA-V51 members_attacking_base: fight_start (Black Sun 46: 「その戦闘開始時の生存戦闘員数 -2」)', () => {
  // Tile 11: the car bomb — the hit table picks the member cut off for round 1, and the attacking members' limit −2.
  const bomb = (base?: string): Record<number, Obj> => ({
    11: { name: 'car bomb', location: 'outdoor', trap: { target: 'hit_table', effects: [{ next_combat: { target_absent_first_round: true, members_attacking_mod: -2, ...(base ? { members_attacking_base: base } : {}) } }] } },
  });
  const final = fight({ enemies: [{ name: 'g', count: 9, level: 6, attacks: 0 }], reaction: 'fight_to_the_end' });
  const squad = { members: { assault: 4 } };

  it('4 combatants at the fight\'s start, one cut off in round 1: 4 − 2 = 2 members attack (present base: 3 − 2 = 1)', () => {
    // Map 11, hit table 5 (an assault is cut off); the final's reaction d6; round 1: the members' melee rolls (1: misses).
    const faces = [1, 1, 5, 1, 1, 1, 1];
    const start = playOp(op(final, squad, bomb('fight_start')), faces, ans);
    const present = playOp(op(final, squad, bomb()), faces, ans);
    expect(start.lines.some((l) => l.includes('cut off'))).toBe(true);
    expect([melees(start.lines), melees(present.lines)]).toEqual([2, 1]);
  });

  it('is refused without members_attacking_mod beside it, and with an unknown value', () => {
    const lone: Record<number, Obj> = { 11: { name: 'x', location: 'outdoor', supply: { effects: [{ next_combat: { members_attacking_base: 'fight_start' } }] } } };
    expect(refused(op(final, squad, lone))).toMatch(/members_attacking_base.*members_attacking_mod/);
    expect(refused(op(final, squad, bomb('start')))).toMatch(/fight_start/);
  });
});

describe('UA-V52 members_defence_count: combatants (Black Sun lap-2 final, audit §34/§58)', () => {
  // The enemy attacks once; the leader's defence needs 6 vs level 6; 組織的防衛 +1 from 3 counted members.
  const final = (count?: string) => fight({
    enemies: [{ name: 'g', count: 1, level: 6, attacks: 1 }], reaction: 'fight_to_the_end',
    members_defence_mod: { '3': 1 }, ...(count ? { members_defence_count: count } : {}),
  });
  // Two assaults and a K9 (a non-combatant): 3 members with the squad, 2 combatants.
  const squad = { members: { assault: 2, k9: 1 } };

  it('a K9 is not counted: 2 combatants give +0 (every member: 3 → +1)', () => {
    // Map 11; reaction; round 1 (enemy first): the one attack at the leader (odd → leader), defence d6=5.
    const faces = [1, 1, 1, 5, 1, 1];
    const comb = playOp(op(final('combatants'), squad), faces, ans);
    const all = playOp(op(final(), squad), faces, ans);
    expect(comb.lines.some((l) => /defends vs g: d6=5 \+0 → 5 vs 6 fails/.test(l))).toBe(true);
    expect(all.lines.some((l) => /defends vs g: d6=5 \+1 → 6 vs 6/.test(l))).toBe(true);
  });

  it('is refused without members_defence_mod, and names the two values', () => {
    const bad = fight({ enemies: [{ name: 'g', count: 1, level: 6 }], reaction: 'fight_to_the_end', members_defence_count: 'combatants' });
    expect(refused(op(bad, squad))).toMatch(/members_defence_count.*members_defence_mod/);
    expect(refused(op(final('people'), squad))).toMatch(/members.*combatants/);
  });
});

describe('UA-V53 ends_after_round hold (Black Sun lap-2 final: not over at 0 enemies; the waves of rounds 2 and 3)', () => {
  const final = (hold: boolean) => fight({
    enemies: [{ name: 'g', count: 1, level: 2, attacks: 0 }], reaction: 'fight_to_the_end',
    reinforcements: [{ unit: 'g', round: 2, every: true, count: 1 }],
    ends_after_round: hold ? { round: 3, hold: true } : 3,
  });
  const shoot: Answers = { ...ans, leader: leaderAct(D.K_SHOOT, 0) };

  it('the squad downs every enemy in rounds 1 and 2: each next wave still comes, and the fight ends after round 3', () => {
    // Map 11; reaction; round 1: the leader hits (5); round 2: +1, hit (5); round 3: +1, miss (1); the limit.
    const r = playOp(op(final(true), {}, {}, 5), [1, 1, 1, 5, 5, 1], shoot);
    expect(r.lines.filter((l) => l.includes('holds until round 3'))).toHaveLength(2);
    expect(r.lines.some((l) => l.includes('the fight ends after round 3'))).toBe(true);
    expect(r.dice.remaining).toBe(0);
  });

  it('without hold the first wipe ends the fight in round 1, won (the 1.00 encoding)', () => {
    const r = playOp(op(final(false), {}, {}, 5), [1, 1, 1, 5, 5, 1], shoot);
    expect(r.lines.some((l) => l.includes('all enemies down'))).toBe(true);
    expect(r.lines.some((l) => l.includes('round 2:'))).toBe(false);
    expect(r.dice.remaining).toBe(2);
  });

  it('hold is a key of the object form only; a wrong value is refused', () => {
    const bad = fight({ enemies: [{ name: 'g', count: 1, level: 2 }], reaction: 'fight_to_the_end', ends_after_round: { round: 3, hold: 'yes' } });
    expect(refused(op(bad))).toMatch(/hold/);
  });
});

describe('UA-V54 sniper_outside_cap (Black Sun 65 「最大3名」, audit §59: the cap does not include the sniper)', () => {
  const final = (out: boolean) => fight({
    enemies: [{ name: 'g', count: 9, level: 6, attacks: 0 }], reaction: 'fight_to_the_end',
    attackers_per_round: 1, ...(out ? { sniper_outside_cap: true } : {}),
  });
  const squad = { members: { sniper: 1, assault: 1 } };

  it('cap 1: the sniper shoots and the assault still attacks (the sniper counted: the assault waits)', () => {
    // Map 11; reaction; round 0: the sniper's shot (1); round 1: the sniper (1), the assault's melee (1).
    const out = playOp(op(final(true), squad), [1, 1, 1, 1, 1, 1], ans);
    const counted = playOp(op(final(false), squad), [1, 1, 1, 1, 1], ans);
    expect([melees(out.lines), melees(counted.lines)]).toEqual([1, 0]);
    expect([out.dice.remaining, counted.dice.remaining]).toEqual([0, 0]);
  });

  it('is refused without attackers_per_round in the same encounter', () => {
    const bad = fight({ enemies: [{ name: 'g', count: 1, level: 2 }], reaction: 'fight_to_the_end', sniper_outside_cap: true });
    expect(refused(op(bad, squad))).toMatch(/sniper_outside_cap.*attackers_per_round/);
  });
});

describe('UA-V55 withdraw_on: a list of groups counted as one (Black Sun 53: ground and flank militia)', () => {
  const final = (group: boolean) => fight({
    enemies: [{ name: 'a', count: 2, level: 4, attacks: 0 }, { name: 'b', count: 2, level: 4, attacks: 0 }], reaction: 'hostile',
    ...(group ? { withdraw_on: ['a', 'b'] } : {}),
  });
  const shootA: Answers = { ...ans, leader: leaderAct(D.K_SHOOT, 0) };

  it('one of a down: 3 of 4 stand, nobody withdraws (per unit under v1.01: a at 1 of 2 leaves alone)', () => {
    // Map 11; reaction 3 (hostile); round 1: the leader hits a (5).
    const one = playOp(op(final(true)), [1, 1, 3, 5], shootA);
    const alone = playOp(op(final(false)), [1, 1, 3, 5], shootA);
    expect(one.lines.some((l) => /withdraw/.test(l))).toBe(false);
    expect(alone.lines.some((l) => /withdraw/.test(l) && l.includes('a'))).toBe(true);
  });

  it('a 【ネゴシエーション】 leader gets one try for the one group, not one for each of its units (UA-V43)', () => {
    const ask: Answers = { ...shootA, leader: [leaderAct(D.K_SHOOT, 0), leaderAct(D.K_SHOOT, 1)], 'negotiate-withdrawing': D.A_YES };
    const squad = { leader: { sub_ability: 'command', skills: ['negotiation'] } };
    // Two rounds: the leader's shots (5, 5) down one of a and one of b (2 of 4); the group withdraws with both units
    // standing; one 指揮ロール (1: refused). Before: a try for a and another for b.
    const r = playOp(op(final(true), squad, {}, 2), [1, 1, 3, 5, 5, 1], ask);
    expect(r.policy.askedFor('negotiate-withdrawing')).toHaveLength(1);
    expect(r.dice.remaining).toBe(0);
  });

  it('two down: 2 of 4, both groups leave together and the fight is won', () => {
    const r = playOp(op(final(true), {}, {}, 2), [1, 1, 3, 5, 5], shootA);
    expect(r.lines).toContain('  a+b down to 2/4: the enemy withdraws');
    expect(r.game.s.unitLeft[1]).toBe(2);
  });
});

describe('Black Sun for core 1.01: the shipped file applies the decisions (UA-V51 … UA-V56)', () => {
  const doc = parse(readFileSync('scenarios/urban-assault/blacksun-01-v1.01.yaml', 'utf8')) as { tiles: Record<string, Obj>; laps: { final: Obj }[] };
  const enc = (code: number) => (doc.tiles[code] as { encounter: Obj }).encounter;

  it('46 counts from the fight\'s start; 52 fights to the end; 53 withdraws as one group; 65 leaves the sniper out; lap 2 holds to round 3 and counts combatants', () => {
    expect(JSON.stringify(doc.tiles[46])).toContain('"members_attacking_base":"fight_start"');
    expect(enc(52).reaction).toBe('fight_to_the_end');
    expect(enc(52).if_wiped_out).toEqual([{ loot_table: 1 }]);
    expect(enc(53).withdraw_on).toEqual(['民兵地上', '民兵側面']);
    expect(enc(65).sniper_outside_cap).toBe(true);
    const lap2 = (doc.laps[1].final as { encounter: Obj }).encounter;
    expect(lap2.ends_after_round).toEqual({ round: 3, hold: true });
    expect(lap2.members_defence_count).toBe('combatants');
  });
});

describe('UA-R173 ied_fumble_wound (Black Sun 54: 「IED fumble → 負傷+2」)', () => {
  // The final: its reaction d6, then round 0: the blast's d6 (1: it goes off) and the leader's defence roll vs 4 (1: a
  // fumble; 2: a plain failure); no enemy attacks in round 1.
  const blast = (fumbleWound?: number): Obj => fight({
    enemies: [{ name: 'g', count: 1, level: 4, attacks: 0 }], reaction: 'fight_to_the_end',
    round_zero_blast: { faces: 1, target: 4, damage: 1, wound: 1, ...(fumbleWound ? { fumble_wound: fumbleWound } : {}) },
  });
  const wounds = (final: Obj, faces: number[], rulings?: Record<string, string>): number => {
    const spec = { ...op(final), ...(rulings ? { rulings } : {}) };
    return playOp(spec, [1, 1, 1, 1, ...faces], ans).game.s.wounds;
  };

  it('total (default, his audit §23): a fumble costs 負傷+2 in all, the core fumble\'s +1 and the blast\'s +1', () => {
    expect(wounds(blast(2), [1])).toBe(2);
    expect(wounds(blast(2), [1], { ied_fumble_wound: 'total' })).toBe(2);
    // A plain failure: the blast's 負傷+1 only.
    expect(wounds(blast(2), [2])).toBe(1);
  });

  it('extra: the blast\'s +2 on top of the core fumble\'s +1 (3, so the round\'s end costs a life)', () => {
    expect(wounds(blast(2), [1], { ied_fumble_wound: 'extra' })).toBe(3);
    // A plain failure is still the blast's +1; without fumble_wound the ruling changes nothing (the blast's 1 and the fumble's 1).
    expect(wounds(blast(2), [2], { ied_fumble_wound: 'extra' })).toBe(1);
    expect(wounds(blast(), [1], { ied_fumble_wound: 'extra' })).toBe(2);
  });

  it('the shipped Black Sun v1.01 marks 54\'s blast with fumble_wound: 2', () => {
    const doc = parse(readFileSync('scenarios/urban-assault/blacksun-01-v1.01.yaml', 'utf8')) as { tiles: Record<string, { encounter: Obj }> };
    expect(doc.tiles[54].encounter.round_zero_blast).toMatchObject({ wound: 1, fumble_wound: 2 });
  });
});
