// URBAN ASSAULT core v1.01 (2026-10) as a fourth rule version (issue 40): the version, its data edits and the
// designer's decisions as its ruling defaults, each with scripted dice. Every test plays the same dice under
// dev-2026-05-09 too and asserts that version behaves differently, so it fails there.
import { describe, expect, it } from 'vitest';
import * as D from '../src/rules/urban-assault/decisions.js';
import { InputError } from '../src/sim/input/input-error.js';
import type { UaVariant } from '../src/rules/urban-assault/config.js';
import { compileUa, leaderAct, playUa, PASS, type Answer, type Answers, type UaSpec } from './helpers/ua-harness.js';
import { uaInvariants } from '../src/rules/urban-assault/engine.js';
import type { UaOperation } from '../src/rules/urban-assault/operation/operation.js';
import { d33Traces, opYaml, playOp, playOpWith, trace, type OpSpec } from './helpers/ua-op-harness.js';
import { compileExperiment } from '../src/sim/experiment/load.js';
import { Source } from '../src/sim/input/schema.js';

type Obj = Record<string, unknown>;
const DEV = 'dev-2026-05-09', V101 = 'v1.01-2026-10';
const foe = (extra: Obj = {}): Obj => ({ name: 'foes', count: 1, level: 4, attacks: 1, ...extra });
/** One indoor engagement fought to the end; a 指揮 leader (AR, soft armour, 1 medkit), 10 magazines. */
function spec(rules: string, opts: { enemies?: Obj[]; squad?: Obj; rounds?: number; reaction?: unknown; location?: string; eng?: Obj; catalogue?: Obj; rulings?: Record<string, string> } = {}): UaSpec {
  return {
    rules,
    ...(opts.catalogue ? { catalogue: opts.catalogue } : {}),
    ...(opts.rulings ? { rulings: opts.rulings } : {}),
    engagements: [{ name: 'e', location: opts.location ?? 'indoor', enemies: opts.enemies ?? [foe()], ...(opts.reaction === null ? {} : { reaction: opts.reaction ?? 'fight_to_the_end' }), ...opts.eng }],
    gauntlet: { max_rounds: opts.rounds ?? 1 },
    squad: { leader: { sub_ability: 'command' }, ...opts.squad },
  };
}
const preempt: Answers = { opening: D.A_PREEMPT, leader: PASS };

describe('v1.01-2026-10: the version, its record and its ruling defaults', () => {
  it('is selectable and named first in the record; its rulings default to the designer\'s decisions', () => {
    const { experiment, variant } = compileUa(spec(V101));
    expect(variant.squad.rules.version).toBe(V101);
    expect(experiment.compiled.rulings[0]).toMatchObject({ id: 'rules', choice: V101 });
    const byId = (id: string) => experiment.compiled.rulings.find((r) => r.id === id)?.choice;
    expect([byId('UA-R07'), byId('UA-R10'), byId('UA-R14')]).toEqual(['no', 'groups-first', 'leader-skill-and-armour']);
    // Under 2026-05 every ruling keeps its first option.
    const dev = compileUa(spec(DEV)).experiment.compiled.rulings;
    expect([dev.find((r) => r.id === 'UA-R07')?.choice, dev.find((r) => r.id === 'UA-R10')?.choice]).toEqual(['yes', 'random']);
  });

  it('the experiment\'s own rulings win over the version\'s defaults (his earlier reading stays switchable)', () => {
    const { variant } = compileUa(spec(V101, { rulings: { mixed_targeting: 'random' } }));
    expect(variant.rulings.mixed_targeting).toBe('random');
    expect(variant.rulings.htt_hostile_withdraws).toBe('no');
  });

  it('a variant naming another version gets that version\'s defaults, except what the experiment set', () => {
    const yaml = `name: v\ngame: urban-assault\nseed: 1\nstop: { games: 1 }\nrules: ${DEV}\nrulings: { member_defence: leader-skill }\ngauntlet:\n  max_rounds: 1\n  engagements:\n    - { name: e, location: indoor, enemies: [{ name: foes, count: 1, level: 4, attacks: 0 }] }\nvariants:\n  - { name: dev, baseline: true, magazines: 10, leader: { sub_ability: command } }\n  - { name: v101, rules: ${V101}, magazines: 10, leader: { sub_ability: command } }\n`;
    const { experiment } = compileUa(yaml);
    const [a, b] = experiment.compiled.variants as unknown as { params: UaVariant }[];
    expect([a.params.rulings.mixed_targeting, b.params.rulings.mixed_targeting]).toEqual(['random', 'groups-first']);
    expect([a.params.rulings.member_defence, b.params.rulings.member_defence]).toEqual(['leader-skill', 'leader-skill']);
    expect(experiment.compiled.rulings.filter((r) => r.id === 'UA-R10').map((r) => r.choice)).toEqual(['random', 'groups-first (variant v101 only)']);
  });

  it('an unknown version names file, line and the four versions', () => {
    expect(() => compileUa(spec('v1.02-2026-12'))).toThrow(InputError);
    expect(() => compileUa(spec('v1.02-2026-12'))).toThrow(/ua-rules\.yaml:\d+: rules: unknown rule version "v1\.02-2026-12".*dev-2026-05-09, v1\.01-2026-10/);
  });

  it('a ruleset `rulings:` is a file\'s section, not an experiment catalogue override', () => {
    expect(() => compileUa(spec(V101, { catalogue: { rulings: { capture: 'only-enemy' } } }))).toThrow(/catalogue\.rulings: unknown key "rulings"/);
  });
});

describe('v1.01 data edits (ruleset file)', () => {
  it('C4 planted in combat: 5 soldiers drop (2026-05: 3)', () => {
    const s = (v: string) => spec(v, { rounds: 2, enemies: [foe({ count: 6, level: 6, attacks: 0 })], squad: { buy: ['c4'] }, eng: { reaction: 'fight_to_the_end' } });
    const ans: Answers = { opening: D.A_PREEMPT, round0: PASS, leader: [leaderAct(D.K_C4_PLANT, 0), PASS] };
    expect(playUa(s(V101), [4], ans).game.s.unitLeft[0]).toBe(1);
    expect(playUa(s(DEV), [4], ans).game.s.unitLeft[0]).toBe(3);
  });

  it('C4 on a high-threat target: 3 damage (2026-05: 2)', () => {
    const s = (v: string) => spec(v, { rounds: 2, enemies: [{ name: 'apc', kind: 'high_threat', level: 6, life: 4, attacks: 0 }], squad: { buy: ['c4'] } });
    const ans: Answers = { opening: D.A_PREEMPT, round0: PASS, leader: [leaderAct(D.K_C4_PLANT, 0), PASS] };
    expect(playUa(s(V101), [4], ans).game.s.unitLeft[0]).toBe(1);
    expect(playUa(s(DEV), [4], ans).game.s.unitLeft[0]).toBe(2);
  });

  it('持ち物上限: K9 +1 and ポーター +3 (2026-05: K9 0, ポーター +2)', () => {
    const limit = (v: string) => {
      const r = playUa(spec(v, { enemies: [foe({ attacks: 0 })], squad: { members: { k9: 1, porter: 1 } } }), [], preempt);
      return (r.game as unknown as { carryLimit(): number }).carryLimit() - r.game.s.lifeMax;
    };
    expect(limit(V101)).toBe(4);
    expect(limit(DEV)).toBe(2);
  });

  it('the spotter is a non-combatant with 射撃回数 0: it no longer shoots outdoors', () => {
    const s = (v: string) => spec(v, { location: 'outdoor', enemies: [foe({ attacks: 0 })], squad: { members: { spotter: 1 } } });
    expect(playUa(s(DEV), [5], preempt).lines).toContain('  spotter shoots at foes: d6=5 +0 → 5 vs level 4 hit');
    expect(playUa(s(V101), [], preempt).lines.some((l) => l.includes('spotter shoots'))).toBe(false);
  });

  it('政治工作 on a 1-magazine extortion pays 1 (rounded up, at least 1); 2026-05 pays 0', () => {
    const s = (v: string) => spec(v, { enemies: [foe({ attacks: 0 })], reaction: 'extortion', eng: { extortion: 1 }, squad: { leader: { sub_ability: 'command', skills: ['political'] } } });
    const ans: Answers = { opening: D.A_READ, 'reaction-adjust': D.A_ADJ_NONE, extortion: D.A_PAY_POLITICAL };
    expect(playUa(s(V101), [3], ans).game.s.magazines).toBe(9);
    expect(playUa(s(DEV), [3], ans).game.s.magazines).toBe(10);
  });
});

describe('v1.01 targeting: enemy groups before high-threat targets (UA-R10 groups-first, V §36)', () => {
  // A group of 2 soldiers and a high-threat target; the leader's legal normal attacks and a member's shot.
  const mixed = (v: string, rulings?: Record<string, string>) => spec(v, {
    enemies: [foe({ count: 2, attacks: 0 }), { name: 'boss', kind: 'high_threat', level: 4, life: 2, attacks: 0 }], squad: { members: { assault: 1 } }, ...(rulings ? { rulings } : {}),
  });
  const targetsOf = (legal: readonly number[], kind: number) => legal.filter((a) => D.kindOf(a) === kind).map((a) => D.targetOf(a));

  it('the leader may shoot or melee only the group while it stands (2026-05: either unit)', () => {
    const v101 = playUa(mixed(V101), [3, 3], { opening: D.A_PREEMPT, round0: PASS, leader: leaderAct(D.K_SHOOT, 0), 'member-fire': 0 });
    const legal = v101.policy.askedFor('leader')[0].legal;
    expect([targetsOf(legal, D.K_SHOOT), targetsOf(legal, D.K_MELEE)]).toEqual([[0], [0]]);
    const dev = playUa(mixed(DEV), [3, 3], { opening: D.A_PREEMPT, round0: PASS, leader: leaderAct(D.K_SHOOT, 0), 'member-fire': 0, target: 1 });
    expect(targetsOf(dev.policy.askedFor('leader')[0].legal, D.K_SHOOT)).toEqual([0, 1]);
  });

  it('a member\'s hit lands on the group, never at random on the high-threat target (2026-05: random)', () => {
    // The leader passes; the assault hits with a 5 (level 4). Under 2026-05 (UA-R10 random) the hit lands on a random
    // unit — the policy was asked to aim, and the die 1 of below(2) picks the boss.
    const v101 = playUa(mixed(V101), [5], { opening: D.A_PREEMPT, round0: PASS, leader: PASS, 'member-fire': 0 });
    expect(v101.policy.askedFor('target')).toHaveLength(0);
    expect([v101.game.s.unitLeft[0], v101.game.s.unitLeft[1]]).toEqual([1, 2]);
    const dev = playUa(mixed(DEV), [5, 2], { opening: D.A_PREEMPT, round0: PASS, leader: PASS, 'member-fire': 0, target: 0 });
    expect([dev.game.s.unitLeft[0], dev.game.s.unitLeft[1]]).toEqual([2, 1]);
  });

  it('precise shots and skills still choose any unit; his earlier reading is one ruling away', () => {
    const legal = playUa(mixed(V101, { mixed_targeting: 'choose' }), [3, 3], { opening: D.A_PREEMPT, round0: PASS, leader: leaderAct(D.K_SHOOT, 1), 'member-fire': 0, target: 1 }).policy.askedFor('leader')[0].legal;
    expect(targetsOf(legal, D.K_SHOOT)).toEqual([0, 1]);
  });
});

describe('v1.01 enemy turn and withdrawal (UA-R23, UA-R24, UA-R42, UA-V05)', () => {
  const twoGroups = (v: string) => spec(v, { enemies: [foe({ name: 'A', level: 6 }), foe({ name: 'B', level: 6 })], squad: { members: { assault: 1 } } });
  const quiet: Answers = { opening: D.A_PREEMPT, leader: PASS, 'member-fire': 0, 'odd-attack': D.A_TO_MEMBERS, target: 0 };

  it('UA-R23 per-unit: each unit splits its own attacks (two odd splits); 2026-05 splits the round\'s total once', () => {
    // The assault melees (2 misses level 6); then A and B attack once each.
    const v101 = playUa(twoGroups(V101), [2, 6, 6], quiet);
    expect(v101.policy.askedFor('odd-attack')).toHaveLength(2);
    expect(v101.lines).toContain('  A: 1 attacks: 0 at the leader, 1 at the members');
    const dev = playUa(twoGroups(DEV), [2, 6, 6], quiet);
    expect(dev.policy.askedFor('odd-attack')).toHaveLength(0);
    expect(dev.lines).toContain('  2 enemy attacks: 1 at the leader, 1 at the members');
  });

  it('UA-R24 per-unit: a group at half strength leaves alone and the fight goes on (2026-05: the force\'s total counts)', () => {
    const s = (v: string) => spec(v, { reaction: null, enemies: [foe({ name: 'A', count: 2, attacks: 0 }), foe({ name: 'B', count: 1, level: 6, attacks: 0 })] });
    const ans: Answers = { opening: D.A_READ, round0: PASS, leader: leaderAct(D.K_SHOOT, 0) };
    const v101 = playUa(s(V101), [5], ans);
    expect(v101.lines).toContain('  A is down to 1 of 2 and withdraws; the fight goes on');
    expect([v101.game.s.unitLeft[0], v101.game.s.unitLeft[1]]).toEqual([0, 1]);
    const dev = playUa(s(DEV), [5], ans);
    expect([dev.game.s.unitLeft[0], dev.game.s.unitLeft[1]]).toEqual([1, 1]);
  });

  it('UA-R42 none: a withdrawal gives no loot by itself (2026-05: the encounter\'s loot)', () => {
    const s = (v: string) => spec(v, { reaction: null, enemies: [foe({ count: 2, attacks: 0 })], eng: { loot: { magazines: 2 } } });
    const ans: Answers = { opening: D.A_READ, round0: PASS, leader: leaderAct(D.K_SHOOT, 0), between: D.A_CONTINUE };
    const v101 = playUa(s(V101), [5], ans);
    expect(v101.lines).toContain('  the enemy withdrew: no loot by itself (v1.01 §38)');
    expect(v101.game.s.magazines).toBe(9);
    expect(playUa(s(DEV), [5], ans).game.s.magazines).toBe(11);
  });

  it('UA-R07 no: a hostile high-threat target never withdraws (2026-05 default: at half life)', () => {
    const s = (v: string) => spec(v, { reaction: 'hostile', enemies: [{ name: 'boss', kind: 'high_threat', level: 4, life: 2, attacks: 0 }] });
    const ans: Answers = { opening: D.A_READ, 'reaction-adjust': D.A_ADJ_NONE, round0: PASS, leader: leaderAct(D.K_SHOOT, 0), between: D.A_CONTINUE };
    const v101 = playUa(s(V101), [3, 5], ans), dev = playUa(s(DEV), [3, 5], ans);
    expect([v101.game.s.unitLeft[0], dev.game.s.unitLeft[0]]).toEqual([1, 1]);
    expect(v101.game.s.endReason).not.toBe(dev.game.s.endReason); // 2026-05: withdraws at half life, won
  });

  it('UA-V05 wound-and-hit: a member\'s fumble is the hit table and 負傷+1, no choice (2026-05: the leader chooses)', () => {
    const s = (v: string) => spec(v, { enemies: [foe({ level: 6 })], squad: { members: { assault: 1 } } });
    const v101 = playUa(s(V101), [2, 1, 5], { ...quiet, fumble: D.A_WOUND });
    expect(v101.policy.askedFor('fumble')).toHaveLength(0);
    expect([v101.game.s.wounds, v101.game.s.members[4]]).toEqual([1, 0]);
    const dev = playUa(s(DEV), [2, 1], { ...quiet, fumble: D.A_WOUND });
    expect(dev.policy.askedFor('fumble')).toHaveLength(1);
    expect([dev.game.s.wounds, dev.game.s.members[4]]).toEqual([1, 1]);
  });

  it('UA-R14: members defend with the leader\'s armour too (plate carrier +1: a 4 holds vs level 5; 2026-05: fails)', () => {
    const s = (v: string) => spec(v, { enemies: [foe({ level: 5 })], squad: { members: { assault: 1 }, buy: ['plate_carrier'], armour: 'plate_carrier' } });
    const v101 = playUa(s(V101), [2, 4], quiet);
    expect(v101.game.s.members[4]).toBe(1);
    const dev = playUa(s(DEV), [2, 4, 5], quiet);
    expect(dev.game.s.members[4]).toBe(0);
  });
});

describe('v1.01 skills and members (UA-R04, UA-R22, UA-R47, UA-R73)', () => {
  const shooter = (skills: string[]) => ({ leader: { sub_ability: 'shooting', skills } });

  it('UA-R22 per-roll: the グレネード skill costs a magazine (2026-05: free)', () => {
    const s = (v: string) => spec(v, { enemies: [foe({ count: 3, level: 6, attacks: 0 })], squad: shooter(['grenade']) });
    const ans: Answers = { opening: D.A_PREEMPT, round0: PASS, leader: leaderAct(D.K_GRENADE, 0) };
    expect(playUa(s(V101), [2], ans).game.s.magazines).toBe(9);
    expect(playUa(s(DEV), [2], ans).game.s.magazines).toBe(10);
  });

  it('UA-R04 own-skill: スタングレネード makes the target 【スタン】: +1 to hit it this round, its attacks stay (2026-05: a flashbang)', () => {
    const s = (v: string) => spec(v, { enemies: [foe({ count: 2, level: 5, attacks: 1 })], squad: { ...shooter(['stun_grenade']), members: { assault: 1 } } });
    // The leader (射撃 3) stuns: 3 + 3 = 6 ≥ 5; the assault (技量 1) rolls 3: 3 + 1 + スタン 1 = 5 hits level 5.
    const ans: Answers = { opening: D.A_PREEMPT, round0: PASS, leader: leaderAct(D.K_STUN_SKILL, 0), 'member-fire': 1, 'odd-attack': D.A_TO_MEMBERS };
    const v101 = playUa(s(V101), [3, 3, 6], ans);
    expect(v101.game.s.unitLeft[0]).toBe(1);
    expect(v101.lines.some((l) => l.includes('leader throws the スタングレネード at foes'))).toBe(true);
    const dev = playUa(s(DEV), [3, 3], ans);
    expect(dev.game.s.unitLeft[0]).toBe(2);
  });

  it('UA-R47 engineer-attack: the IED replaces the engineer\'s attack on a vehicle, never in round 0 (2026-05: the leader\'s action)', () => {
    const s = (v: string) => spec(v, { enemies: [{ name: 'apc', kind: 'high_threat', level: 6, life: 3, attacks: 0, armoured: true }], squad: { members: { engineer: 1 } } });
    const v101 = playUa(s(V101), [], { opening: D.A_PREEMPT, round0: PASS, leader: PASS, 'member-fire': 1, ied: D.A_YES });
    expect(v101.policy.askedFor('round0')[0]?.legal.some((a) => D.kindOf(a) === D.K_IED) ?? false).toBe(false);
    expect(v101.lines).toContain('  engineer: IED on apc instead of its attack');
    expect(v101.game.s.unitLeft[0]).toBe(2);
    const dev = playUa(s(DEV), [2], { opening: D.A_PREEMPT, round0: leaderAct(D.K_IED, 0), leader: PASS, 'member-fire': 0 });
    expect(dev.policy.askedFor('round0')[0].legal.some((a) => D.kindOf(a) === D.K_IED)).toBe(true);
  });

  it('UA-R73 life-1: a vehicle at life 1 is captured (鹵獲) by negotiation while a group still stands; the fight goes on', () => {
    const s = (v: string) => spec(v, { reaction: null, enemies: [foe({ count: 3, level: 6, attacks: 0 }), { name: 'apc', kind: 'high_threat', level: 4, life: 1, attacks: 0 }], squad: { leader: { sub_ability: 'command', skills: ['negotiation'] } } });
    const negotiate = (legal: readonly number[]) => legal.find((a) => a === D.act(D.K_NEGOTIATE, 1)) ?? PASS;
    const v101 = playUa(s(V101), [4], { opening: D.A_PREEMPT, round0: PASS, leader: negotiate });
    expect(v101.lines).toContain('  apc is captured (鹵獲) and leaves the fight');
    expect([v101.game.s.unitLeft[0], v101.game.s.unitLeft[1]]).toEqual([3, 0]);
    const dev = playUa(s(DEV), [], { opening: D.A_PREEMPT, round0: PASS, leader: negotiate });
    expect(dev.policy.askedFor('leader')[0].legal.includes(D.act(D.K_NEGOTIATE, 1))).toBe(false);
  });
});

describe('v1.01 on the map: 察知, the scanner, 戦場治療, the hit table, XP, the scenario\'s version', () => {
  const opSpec = (v: string, tiles: Record<number, Record<string, unknown>>, squad: Obj = {}, over: Obj = {}, operation: Obj = {}): OpSpec => ({
    rules: v,
    scenario: {
      scenario: 'v101-test', map: 'd33', progression: { tiles_before_mid: 1, tiles_after_mid: 0, repeated_tile: 'next-unused' },
      rules: { starting_magazines: { NORMAL: 10 } }, tiles: d33Traces(tiles), mid: trace('mid', 90), final: trace('final', 99), ...over,
    },
    squad: { leader: { sub_ability: 'shooting' }, ...squad }, operation,
  });

  it('a scout gives an unconditional 察知 to a leader without 器用点 (2026-05: +1 to a 器用 leader\'s roll only)', () => {
    const s = (v: string) => opSpec(v, {}, { members: { scout: 1 } });
    const v101 = playOp(s(V101), [1, 1, 1, 3], { detect: D.A_YES, between: D.A_CONTINUE });
    expect(v101.lines.some((l) => l.includes('察知: a scout succeeds outright'))).toBe(true);
    expect(v101.lines.some((l) => l.startsWith('tile 1: 12 '))).toBe(true); // the map is rolled again: 12, not 11
    const dev = playOp(s(DEV), [1, 1], { detect: D.A_YES, between: D.A_CONTINUE });
    expect(dev.policy.askedFor('detect')).toHaveLength(0);
  });

  it('the spotter gives one unconditional 察知 per map roll on an outdoor map, not on the re-rolled result', () => {
    const s = (v: string) => opSpec(v, { 11: trace('tile 11', 11, 'outdoor'), 12: trace('tile 12', 12, 'outdoor') }, { members: { spotter: 1 } });
    // 11 (outdoor): the spotter; the re-roll 1, 1 (1d3 each) is 11 again: no helper left, so it is entered.
    const v101 = playOp(s(V101), [1, 1, 1, 1], { detect: D.A_YES, between: D.A_CONTINUE });
    expect(v101.lines.filter((l) => l.includes('察知: the spotter succeeds outright'))).toHaveLength(1);
    expect(v101.policy.askedFor('detect')).toHaveLength(1);
    expect(playOp(s(DEV), [1, 1], { detect: D.A_YES, between: D.A_CONTINUE }).policy.askedFor('detect')).toHaveLength(0);
  });

  it('a tactical scanner found has 3 uses (2026-05: 1d6 rolled)', () => {
    const s = (v: string) => opSpec(v, { 11: { name: 'cache', location: 'indoor', supply: { effects: [{ special: 'tactical_scanner' }] } } });
    const v101 = playOp(s(V101), [1, 1], { between: D.A_CONTINUE, special: D.A_NO });
    expect(v101.game.s.spUses[0]).toBe(3);
    const dev = playOp(s(DEV), [1, 1, 5], { between: D.A_CONTINUE, special: D.A_NO });
    expect(dev.game.s.spUses[0]).toBe(5);
  });

  it('戦場治療 once per scenario, also after a won fight, 負傷 → 0 (2026-05: only on a map without a fight)', () => {
    const fight = { name: 'guard', location: 'indoor', encounter: { enemies: [{ name: 'g', count: 1, level: 4, attacks: 1 }], reaction: 'fight_to_the_end' } };
    const s = (v: string) => opSpec(v, { 11: fight }, { members: { medic: 1 } });
    const ans: Answers = { opening: D.A_READ, leader: leaderAct(D.K_SHOOT, 0), 'field-treatment': D.A_YES, 'medic-aid': D.A_NO, between: D.A_CONTINUE, 'member-fire': 0, 'odd-attack': D.A_TO_LEADER };
    // Map 11; reaction 1 (the enemy first); the leader's defence fumbles (負傷 1); his shot 5 kills.
    const v101 = playOp(s(V101), [1, 1, 1, 1, 5], ans);
    const at = v101.lines.indexOf('  メディック 戦場治療: 1 magazine, 負傷 1 → 0 (once per scenario)');
    expect(at).toBeGreaterThan(-1);
    expect(at).toBeLessThan(v101.lines.findIndex((l) => l.includes('mid')));
    expect(v101.policy.askedFor('field-treatment')).toHaveLength(1);
    const dev = playOp(s(DEV), [1, 1, 1, 1, 5], ans);
    expect(dev.lines.some((l) => l.includes('once per scenario'))).toBe(false);
  });

  it('UA-R63 leader: an event\'s hit-table target with no combatant is the leader, no roll (2026-05: nobody)', () => {
    const trip = { name: 'trip', location: 'outdoor', trap: { target: 'hit_table', check: { roll: 'defence', target: 3 }, success: ['nothing'], failure: ['nothing'], fumble: [{ member_damage: 1 }] } };
    const v101 = playOp(opSpec(V101, { 11: trip }), [1, 1, 1], { between: D.A_CONTINUE });
    expect(v101.lines).toContain('  no combatant member to pick: the leader is the target');
    const dev = playOp(opSpec(DEV, { 11: trip }), [1, 1, 4, 1], { between: D.A_CONTINUE });
    expect(v101.game.s.life).toBe(dev.game.s.life - 1);
  });

  it('operations.xp first_success: a leader who failed once still earns XP for his first success (first_play: none)', () => {
    const final = { name: 'final', location: 'indoor', encounter: { enemies: [{ name: 'g', count: 1, level: 4, attacks: 0 }], reaction: 'fight_to_the_end' } };
    const s = (xp: string) => opSpec(V101, {}, {}, { final, operations: { xp } }, { campaign: { max_attempts: 2 } });
    const ans: Answers = { opening: D.A_PREEMPT, round0: PASS, leader: leaderAct(D.K_SHOOT, 0), between: D.A_CONTINUE, growth: D.A_GROW_SAVE, sell: D.A_NO };
    // Attempt 1: map 11, the shot misses (round limit: failed). Attempt 2: map 11, the shot kills.
    const xpOf = (xp: string) => (playOp(s(xp), [1, 1, 2, 1, 1, 5], ans).game as unknown as { xpLevel: number }).xpLevel;
    expect(xpOf('first_success')).toBe(11);
    expect(xpOf('first_play')).toBe(10);
  });

  it('a scenario written for v1.01 played under 2026-05 gets a one-line notice; an unknown core_version is an error', () => {
    const exp = (v: string, cv: string) => compileExperiment(Source.parse('ua-op.yaml', opYaml(opSpec(v, {}, {}, { core_version: cv }))));
    expect(exp(DEV, V101).compiled.warnings?.map((w) => w.msg.id)).toEqual(['uaver.coreVersionNotice']);
    expect(exp(V101, V101).compiled.warnings).toBeUndefined();
    expect(() => exp(V101, '1.01')).toThrow(/core_version: unknown value "1\.01"/);
  });
});

describe('Black Sun for core 1.01: the scenario keys its decisions needed (hit_target, carried_initiative, raises_start)', () => {
  const withFinal = (final: Record<string, unknown>, squad: Obj = {}, tiles: Record<number, Record<string, unknown>> = {}, rules: Obj = {}): OpSpec => ({
    rules: V101,
    scenario: {
      scenario: 'bs-v101', map: 'd33', progression: { tiles_before_mid: 1, tiles_after_mid: 0, repeated_tile: 'next-unused' },
      rules: { starting_magazines: { NORMAL: 10 }, ...rules }, tiles: d33Traces(tiles), mid: trace('mid', 90), final,
    },
    squad: { leader: { sub_ability: 'shooting' }, ...squad },
  });
  const rpg = (extra: Obj) => ({ name: 'final', location: 'outdoor', encounter: { enemies: [{ name: 'rpg', kind: 'high_threat', level: 6, life: 3, attacks: 2, ...extra }], reaction: 'fight_to_the_end' } });
  const ans: Answers = { opening: D.A_READ, leader: PASS, 'member-fire': 0, 'odd-attack': D.A_TO_LEADER, between: D.A_CONTINUE };

  it('hit_target: leader — every attack of the unit goes to the leader (without it: half to the members)', () => {
    // Map 11; reaction 1; the leader defends twice (6, 6); the assault melees (2).
    const r = playOp(withFinal(rpg({ hit_target: 'leader' }), { members: { assault: 1 } }), [1, 1, 1, 6, 6, 2], ans);
    expect(r.lines.filter((l) => l.startsWith('  leader defends vs rpg'))).toHaveLength(2);
    const split = playOp(withFinal(rpg({}), { members: { assault: 1 } }), [1, 1, 1, 6, 6, 2], ans);
    expect(split.lines.filter((l) => l.startsWith('  leader defends vs rpg'))).toHaveLength(1);
  });

  it('hit_target: roll — the 着弾対象ロール before each defence: odd the leader, even the members', () => {
    const r = playOp(withFinal(rpg({ hit_target: 'roll' }), { members: { assault: 1 } }), [1, 1, 1, 3, 6, 4, 6, 2], ans);
    expect(r.lines).toContain('  着弾対象ロール: d6=3 → the leader');
    expect(r.lines).toContain('  着弾対象ロール: d6=4 → the members');
    expect(r.lines.filter((l) => l.startsWith('  members defend vs rpg'))).toHaveLength(1);
  });

  it('carried_initiative: latest — a later carried squad-first replaces an earlier enemy-first (either: the enemy first wins)', () => {
    const tiles = {
      11: { name: 'noise', location: 'indoor', supply: { effects: [{ next_combat: { enemy_first_strike: true } }] } },
    };
    const mid = { name: 'mid', location: 'indoor', supply: { effects: [{ next_combat: { squad_first_strike: true } }] } };
    const fight = { name: 'final', location: 'indoor', encounter: { enemies: [{ name: 'g', count: 1, level: 6, attacks: 0 }], reaction: 'fight_to_the_end' } };
    const s = (rules: Obj) => { const o = withFinal(fight, {}, tiles, rules); return { ...o, scenario: { ...o.scenario, mid } }; };
    const latest = playOp(s({ carried_initiative: 'latest' }), [1, 1, 1, 2], { ...ans, leader: leaderAct(D.K_SHOOT, 0) });
    expect(latest.lines.some((l) => l.includes('round 0 (squad acts first'))).toBe(true);
    const either = playOp(s({}), [1, 1, 1, 2], { ...ans, leader: leaderAct(D.K_SHOOT, 0) });
    expect(either.lines.some((l) => l.includes('round 0 (squad acts first'))).toBe(false);
  });

  it('raises_start: false — a reinforcement does not raise the count the withdrawal is measured against', () => {
    const fight = (raises: boolean) => ({ name: 'final', location: 'indoor', encounter: {
      enemies: [{ name: 'g', count: 4, level: 4, attacks: 0 }], reaction: 'hostile',
      reinforcements: [{ unit: 'g', round: 1, count: 2, ...(raises ? {} : { raises_start: false }) }],
    } });
    // Reaction 3 (hostile); round 1: +2 (6 standing); the leader kills 1 (5 of 6 left; of the starting 4 that is not ≤ half either).
    const kept = playOp(withFinal(fight(false)), [1, 1, 3, 5], { ...ans, 'reaction-adjust': D.A_ADJ_NONE, leader: leaderAct(D.K_SHOOT, 0) });
    const raised = playOp(withFinal(fight(true)), [1, 1, 3, 5], { ...ans, 'reaction-adjust': D.A_ADJ_NONE, leader: leaderAct(D.K_SHOOT, 0) });
    expect([kept.game.s.unitStart[0], raised.game.s.unitStart[0]]).toEqual([4, 6]);
  });

  it('raises_start: false — the joined soldiers are still enemies of the fight: the state invariants hold with 6 standing of a start of 4, and they count as down when they fall', () => {
    const fight = { name: 'final', location: 'indoor', encounter: {
      enemies: [{ name: 'g', count: 4, level: 4, attacks: 0 }], reaction: 'hostile',
      reinforcements: [{ unit: 'g', round: 1, count: 2, raises_start: false }],
      withdraw: [{ unit: 'g', down: 1 }],
    } };
    // Checked at the leader's decision, with 6 standing (4 + 2 joined): before the fix the invariant read 6 > 4 as a broken state.
    let seen: string[] | null = null, game: UaOperation | null = null;
    const check: Answer = (legal) => { seen ??= uaInvariants(game!.g, game!.s, false); return leaderAct(D.K_SHOOT, 0); };
    const r = playOpWith(withFinal(fight), [1, 1, 3, 5], { ...ans, 'reaction-adjust': D.A_ADJ_NONE, leader: check }, { setup: (g) => { game = g; } });
    expect(seen).toEqual([]);
    expect([r.game.s.unitStart[0], r.game.s.unitJoined[0]]).toEqual([4, 2]);
    // The leader's kill (5 of 6 left) is one down: the unit's `withdraw: down 1` fires (before: 4 − 5 = −1 down, never).
    expect(r.lines.some((l) => /withdraw/i.test(l) && l.includes('g'))).toBe(true);
  });
});

describe('v1.01-only input under an older reading (file:line, exit 2)', () => {
  const barricade = (rules: string, rulings?: Record<string, string>) => spec(rules, {
    reaction: null, enemies: [{ name: 'barricade', kind: 'high_threat', level: 3, life: 1, attacks: 0, unmanned: true }, foe({ count: 3, level: 6, attacks: 0 })],
    squad: { leader: { sub_ability: 'command', skills: ['negotiation'] } }, ...(rulings ? { rulings } : {}),
  });
  it('`unmanned` (V §21: no negotiation with an unmanned target) is refused under 2026-05 with file:line and what to do', () => {
    expect(() => compileUa(barricade(DEV))).toThrow(InputError);
    expect(() => compileUa(barricade(DEV))).toThrow(/ua-rules\.yaml:\d+: gauntlet\.engagements\[0\]\.enemies\[0\]\.unmanned: "unmanned" is played only by core v1\.01's capture.*variant v plays dev-2026-05-09 with capture: only-enemy.*rules: v1\.01-2026-10, or rulings: \{ capture: life-1 \}/);
    expect(() => compileUa(barricade(V101, { capture: 'only-enemy' }))).toThrow(/capture: only-enemy/);
    expect(() => compileUa(barricade(DEV, { capture: 'life-1' }))).not.toThrow();
  });
  it('under v1.01 an unmanned high-threat target at life 1 is not offered to negotiation (a manned one is)', () => {
    const negotiateOffers = (unmanned: boolean) => {
      const s = barricade(V101);
      (s.engagements[0].enemies as Obj[])[0].unmanned = unmanned;
      const r = playUa(s, [], { opening: D.A_READ, round0: PASS, leader: PASS });
      return r.policy.askedFor('leader')[0].legal.filter((a) => D.kindOf(a) === D.K_NEGOTIATE).map((a) => D.targetOf(a));
    };
    expect(negotiateOffers(true)).toEqual([]);
    expect(negotiateOffers(false)).toEqual([0]);
  });
});

describe('v1.01 C4 in combat (UA-V26 c4_timing: roll-next-round)', () => {
  it('set without a roll; at the next round\'s start the roll is the leader\'s action, then the blast (2026-05: rolled when set)', () => {
    const s = (v: string) => spec(v, { rounds: 2, enemies: [foe({ count: 6, level: 6, attacks: 0 })], squad: { buy: ['c4'] } });
    const ans: Answers = { opening: D.A_PREEMPT, round0: PASS, leader: [leaderAct(D.K_C4_PLANT, 0), PASS] };
    const v101 = playUa(s(V101), [4], ans);
    expect(v101.lines).toContain('  C4 set on foes: the roll comes at the next round\'s start (the leader\'s action of that round)');
    expect(v101.policy.askedFor('leader')).toHaveLength(1); // round 2: the roll was his action
    expect(v101.game.s.unitLeft[0]).toBe(1);
    const dev = playUa(s(DEV), [4], ans);
    expect(dev.policy.askedFor('leader')).toHaveLength(2);
    // A failed roll: a dud, and still his action.
    const dud = playUa(s(V101), [2], ans);
    expect([dud.game.s.unitLeft[0], dud.policy.askedFor('leader').length]).toEqual([6, 1]);
  });
});
