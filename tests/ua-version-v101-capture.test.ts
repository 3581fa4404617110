// Core 1.01 (issue 40), the parts of 【鹵獲】/【ネゴシエーション】, the carry limit and the round-1 effects that the first
// v1.01 commits left unplayed. Each test plays scripted dice under v1.01 and under the earlier reading (dev-2026-05-09
// or the ruling's other option) and asserts they differ, so it fails before the change.
import { describe, expect, it } from 'vitest';
import * as D from '../src/rules/urban-assault/decisions.js';
import { leaderAct, playUa, PASS, type Answers, type UaSpec } from './helpers/ua-harness.js';
import { d33Traces, playOp, trace, type OpSpec } from './helpers/ua-op-harness.js';

type Obj = Record<string, unknown>;
const DEV = 'dev-2026-05-09', V101 = 'v1.01-2026-10';

/** Thirty-six trace tiles for a d66 map (tile `tu` gives scrip t*10+u), with overrides. */
function d66Traces(over: Record<number, Obj> = {}): Record<number, Obj> {
  const tiles: Record<number, Obj> = {};
  for (let t = 1; t <= 6; t++) for (let u = 1; u <= 6; u++) tiles[t * 10 + u] = over[t * 10 + u] ?? trace(`tile ${t * 10 + u}`, t * 10 + u);
  return tiles;
}
const vehicleFight = (extra: Obj = {}): Obj => ({
  name: 'truck', location: 'outdoor',
  encounter: { enemies: [{ name: 'truck', kind: 'high_threat', level: 4, life: 1, attacks: 0, armoured: true, ...extra }], reaction: 'fight_to_the_end' },
});
const negotiator = { leader: { sub_ability: 'command', skills: ['negotiation'] } };
const negotiate = (legal: readonly number[]): number => legal.find((a) => a === D.act(D.K_NEGOTIATE, 0)) ?? PASS;

describe('【鹵獲】 車両: ±1 on the units die of later d66 map rolls until the next fixed event (UA-V42)', () => {
  // d66, one-way: tile 1, the mid, then slot k=0 (never the final), k=1 (the final when ≤ 15), then the final.
  const s = (v: string, tiles: Record<number, Obj>, before = 1, rulings?: Record<string, string>): OpSpec => ({
    rules: v, ...(rulings ? { rulings } : {}),
    scenario: {
      scenario: 'capture-test', map: 'd66', progression: { mode: 'one-way', tiles_before_mid: before, final_at_most: [0, 15, 66], repeated_tile: 'next-unused' },
      rules: { starting_magazines: { NORMAL: 10 } }, tiles: d66Traces(tiles), mid: trace('mid', 90), final: trace('final', 99),
    },
    squad: negotiator, operation: { max_rounds: 3 },
  });
  const ans: Answers = { opening: D.A_PREEMPT, round0: PASS, leader: negotiate, between: D.A_CONTINUE, 'map-choice': (legal) => Math.min(...legal) };

  it('after the capture the next roll 16 may become 15, and the final-event test reads the modified roll', () => {
    // Slot 1: 12; the mid; k=0: 11, the truck (negotiation 4 vs level 4: captured); k=1: 16 → 15 ≤ 15: the final event.
    const v101 = playOp(s(V101, { 11: vehicleFight() }), [1, 2, 1, 1, 4, 1, 6], ans);
    expect(v101.lines).toContain('  truck is captured (鹵獲) and leaves the fight');
    expect(v101.lines).toContain('  鹵獲 vehicle: map roll 16 → 15 (units ±1 until the next fixed event)');
    expect(v101.lines).toContain('map roll 15 ≤ 15: the final event');
    expect(v101.policy.askedFor('map-choice')[0].legal).toEqual([16, 15]);
    // The earlier reading (no capture at life 1): no modifier, 16 is a random tile.
    const old = playOp(s(V101, { 11: vehicleFight() }, 1, { capture: 'only-enemy' }), [1, 2, 1, 1, 4, 1, 6, 2, 2], { ...ans, leader: (legal) => legal.find((a) => a === D.act(D.K_SHOOT, 0)) ?? PASS });
    expect(old.policy.askedFor('map-choice')).toHaveLength(0);
    expect(old.lines.some((l) => l.startsWith('tile 4: 16 '))).toBe(true);
    const dev = playOp(s(DEV, { 11: vehicleFight() }), [1, 2, 1, 1, 4, 1, 6, 2, 2], { ...ans, leader: (legal) => legal.find((a) => a === D.act(D.K_SHOOT, 0)) ?? PASS });
    expect(dev.policy.askedFor('map-choice')).toHaveLength(0);
  });

  it('the effect ends at the next fixed event (the mid) and is offered once per map roll, +1 or −1', () => {
    // Slot 1: 11, the truck, captured; slot 2: 23 → the policy takes 22 of [23, 24, 22]; the mid; k=0: 33 (no offer); k=1: 44.
    const r = playOp(s(V101, { 11: vehicleFight() }, 2), [1, 1, 4, 2, 3, 3, 3, 4, 4], ans);
    expect(r.policy.askedFor('map-choice').map((a) => a.legal)).toEqual([[23, 24, 22]]);
    expect(r.lines.some((l) => l.startsWith('tile 2: 22 '))).toBe(true);
    expect(r.lines.some((l) => l.startsWith('tile 4: 33 '))).toBe(true);
  });

  it('a captured non-vehicle (a person at life 1) gives no map-roll modifier', () => {
    const r = playOp(s(V101, { 11: vehicleFight({ armoured: false }) }), [1, 2, 1, 1, 4, 1, 6, 2, 2], ans);
    expect(r.lines).toContain('  truck is captured (鹵獲) and leaves the fight');
    expect(r.policy.askedFor('map-choice')).toHaveLength(0);
  });
});

describe('【ネゴシエーション】 at a withdrawal: one try before a high-threat target withdraws, once with a withdrawing group (UA-V43)', () => {
  const gauntlet = (v: string, enemies: Obj[], rulings: Record<string, string> = {}): UaSpec => ({
    rules: v, rulings,
    engagements: [{ name: 'e', location: 'indoor', enemies, reaction: 'hostile' }],
    gauntlet: { max_rounds: 1 },
    squad: negotiator,
  });
  const yes: Answers = { opening: D.A_READ, round0: PASS, leader: leaderAct(D.K_SHOOT, 0), 'negotiate-withdrawing': D.A_YES, 'member-fire': 0 };
  const apc = { name: 'apc', kind: 'high_threat', level: 4, life: 2, attacks: 0, armoured: true };

  it('a manned high-threat target at life 1 meeting its withdrawal: one try first; success captures it (it does not withdraw)', () => {
    // Reaction 4 (hostile, the table's only face); the shot (4) takes the apc to life 1 = its withdrawal (UA-R07 yes, at half); the 指揮ロール 4 vs level 4 captures it.
    const r = playUa(gauntlet(V101, [apc], { htt_hostile_withdraws: 'yes' }), [4, 4, 4], yes);
    expect(r.lines).toContain('  apc withdraws: ネゴシエーション first (once): d6=4 +2 → 6 captured');
    expect(r.lines).toContain('  apc is captured (鹵獲) and leaves the fight');
    expect(r.lines.some((l) => l.includes('withdraws; the fight goes on') || l.includes('and withdraws'))).toBe(false);
    expect(r.game.s.capturedVehicle).toBe(true);
    // The earlier negotiation (UA-R73 only-enemy): no try, it withdraws.
    const old = playUa(gauntlet(V101, [apc], { htt_hostile_withdraws: 'yes', capture: 'only-enemy' }), [4, 4], yes);
    expect(old.policy.askedFor('negotiate-withdrawing')).toHaveLength(0);
    expect(old.game.s.capturedVehicle).toBe(false);
  });

  it('a failed try: it withdraws as usual, and the same target is never offered again in that fight', () => {
    const r = playUa(gauntlet(V101, [apc], { htt_hostile_withdraws: 'yes' }), [4, 4, 1], yes);
    expect(r.lines).toContain('  apc withdraws: ネゴシエーション first (once): d6=1 +2 → 3 refused');
    expect(r.game.s.unitLeft[0]).toBe(0);
    expect(r.game.s.capturedVehicle).toBe(false);
    expect(r.game.s.negotiated[0]).toBe(1);
  });

  it('a withdrawing group may be negotiated once (a prisoner); it still leaves (2026-05: no try)', () => {
    const foes = [{ name: 'foes', count: 2, level: 4, attacks: 0 }, { name: 'rest', count: 4, level: 6, attacks: 0 }];
    // The shot kills one of foes (1 of 2 = half: it withdraws under per-unit withdrawal); the try 5 succeeds.
    const r = playUa(gauntlet(V101, foes), [4, 4, 5], yes);
    expect(r.lines).toContain('  foes withdraws: ネゴシエーション first (once): d6=5 +2 → 7 captured');
    expect(r.lines).toContain('  foes is down to 1 of 2 and withdraws; the fight goes on');
    expect(r.game.s.subCur).toBe(1);
    const dev = playUa(gauntlet(DEV, foes, { withdrawal_scope: 'per-unit' }), [4, 4], yes);
    expect(dev.policy.askedFor('negotiate-withdrawing')).toHaveLength(0);
    expect(dev.game.s.subCur).toBe(2);
  });
});

describe('the leader as the target of round-1 effects when no combatant can be (Black Sun 42/46, audit §27/§29; UA-V44)', () => {
  const opSpec = (v: string, trap: Obj): OpSpec => ({
    rules: v,
    scenario: {
      scenario: 'r1-test', map: 'd33', progression: { tiles_before_mid: 1, tiles_after_mid: 0, repeated_tile: 'next-unused' },
      rules: { starting_magazines: { NORMAL: 10 } }, tiles: d33Traces({ 11: { name: 'trap', location: 'outdoor', trap } }), mid: trace('mid', 90),
      final: { name: 'final', location: 'indoor', encounter: { enemies: [{ name: 'g', count: 1, level: 4, attacks: 0 }], reaction: 'fight_to_the_end' } },
    },
    squad: { leader: { sub_ability: 'shooting' } }, operation: { max_rounds: 2 },
  });
  const shootIfLegal = (legal: readonly number[]): number => legal.find((a) => a === D.act(D.K_SHOOT, 0)) ?? PASS;
  const ans: Answers = { opening: D.A_PREEMPT, round0: PASS, leader: shootIfLegal, between: D.A_CONTINUE };
  const trip = { target: 'hit_table', check: { roll: 'defence', target: 3 }, success: ['nothing'], failure: [{ next_combat: { target_no_attack_first_round: true } }], fumble: [{ next_combat: { target_no_attack_first_round: true } }] };
  const ied = { target: 'hit_table', effects: [{ next_combat: { target_absent_first_round: true } }] };

  it('42: the leader who fails the defence makes no 攻撃ロール in round 1 of the next fight (2026-05: nobody is affected)', () => {
    // Map 11; the leader's defence 1 fails; the final: round 1 without the gun, round 2 the shot 5 kills.
    const v101 = playOp(opSpec(V101, trip), [1, 1, 1, 5], ans);
    // Round 1 leaves him only 'pass' (so nothing is asked); round 2 offers the gun again.
    expect(v101.lines.slice(v101.lines.indexOf(' round 1: leader life 5, members 0, magazines 10, enemies 1'))[2]).toBe('  leader: pass');
    const asked = v101.policy.askedFor('leader');
    expect(asked).toHaveLength(1);
    expect(asked[0].legal.includes(D.act(D.K_SHOOT, 0))).toBe(true);
    expect(v101.game.s.round).toBe(2);
    // 2026-05: no target (the hit-table roll 4 finds nobody), the gun is offered in round 1.
    const dev = playOp(opSpec(DEV, trip), [1, 1, 4, 1, 5], ans);
    expect(dev.game.s.round).toBe(1);
  });

  it('46: the leader cut off loses his round-1 action but stays a target (2026-05: nobody is affected)', () => {
    const v101 = playOp(opSpec(V101, ied), [1, 1, 5], ans);
    expect(v101.lines).toContain('  the leader is cut off in round 1: no action this round (still a target)');
    expect(v101.policy.askedFor('leader')).toHaveLength(1);
    const dev = playOp(opSpec(DEV, ied), [1, 1, 4, 5], ans);
    expect(dev.lines.some((l) => l.includes('the leader is cut off'))).toBe(false);
    expect(dev.policy.askedFor('leader')).toHaveLength(1);
    expect(dev.game.s.round).toBe(1);
    expect(v101.game.s.round).toBe(2);
  });
});

