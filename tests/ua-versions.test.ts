// URBAN ASSAULT rule versions (issue 24): every change between the seed (2026-02-28), the published text
// (public-2026-03-23) and the development text (dev-2026-05-09), each with scripted dice. Each test plays the
// same dice under the seed too and asserts the seed's behaviour differs, so it fails on the seed version.
import { describe, expect, it } from 'vitest';
import * as D from '../src/rules/urban-assault/decisions.js';
import { InputError } from '../src/sim/input/input-error.js';
import type { UaVariant } from '../src/rules/urban-assault/config.js';
import { compileUa, last, leaderAct, playUa, PASS, type Answers, type UaSpec } from './helpers/ua-harness.js';
import { compileOp, d33Traces, playOp, type OpSpec } from './helpers/ua-op-harness.js';
import { uaMetrics } from '../src/rules/urban-assault/engine.js';

type Obj = Record<string, unknown>;
const SEED = 'seed-2026-02-28', PUB = 'public-2026-03-23', DEV = 'dev-2026-05-09';
const foe = (extra: Obj = {}): Obj => ({ name: 'foes', count: 1, level: 4, attacks: 1, ...extra });
/** One indoor engagement fought to the end; a 指揮 leader (AR, soft armour, 1 medkit), 10 magazines. */
function spec(rules: string, opts: { enemies?: Obj[]; squad?: Obj; rounds?: number; reaction?: unknown; location?: string; eng?: Obj; catalogue?: Obj } = {}): UaSpec {
  return {
    rules,
    ...(opts.catalogue ? { catalogue: opts.catalogue } : {}),
    engagements: [{ name: 'e', location: opts.location ?? 'indoor', enemies: opts.enemies ?? [foe()], ...(opts.reaction === null ? {} : { reaction: opts.reaction ?? 'fight_to_the_end' }), ...opts.eng }],
    gauntlet: { max_rounds: opts.rounds ?? 1 },
    squad: { leader: { sub_ability: 'command' }, ...opts.squad },
  };
}
const preempt: Answers = { opening: D.A_PREEMPT, leader: PASS };

describe('rule versions: selection and the ruleset', () => {
  it('an experiment names its version; the record lists it first (run.json, report, replay)', () => {
    for (const v of [SEED, PUB, DEV]) {
      const { experiment, variant } = compileUa(spec(v));
      expect(variant.squad.rules.version).toBe(v);
      expect(experiment.compiled.rulings[0]).toMatchObject({ id: 'rules', choice: v });
    }
    // Without `rules:` the seed is played.
    const { variant } = compileUa({ ...spec(SEED), rules: undefined });
    expect(variant.squad.rules.version).toBe(SEED);
  });

  it('an unknown version is a file:line error listing the versions', () => {
    expect(() => compileUa(spec('public-2026-04-01'))).toThrow(InputError);
    expect(() => compileUa(spec('public-2026-04-01'))).toThrow(/ua-rules\.yaml:\d+: rules: unknown rule version "public-2026-04-01".*seed-2026-02-28, public-2026-03-23, dev-2026-05-09/);
  });

  it('each variant may play another version (common random numbers in one experiment)', () => {
    const yaml = `name: v\ngame: urban-assault\nseed: 1\nstop: { games: 1 }\nrules: ${PUB}\ngauntlet:\n  max_rounds: 1\n  engagements:\n    - { name: e, location: indoor, enemies: [{ name: foes, count: 1, level: 4, attacks: 0 }] }\nvariants:\n  - { name: seed, baseline: true, rules: ${SEED}, magazines: 10, leader: { sub_ability: command } }\n  - { name: pub, magazines: 10, leader: { sub_ability: command } }\n`;
    const { experiment } = compileUa(yaml);
    const [a, b] = experiment.compiled.variants as unknown as { params: UaVariant }[];
    expect(a.params.squad.rules.version).toBe(SEED);
    expect(b.params.squad.rules.version).toBe(PUB);
    expect(experiment.compiled.rulings.filter((r) => r.id === 'rules').map((r) => r.choice)).toEqual([PUB, `${SEED} (variant seed only)`]);
  });

  it('a new weapon added in the experiment is bought and fired without code (attack_mod +2)', () => {
    const railgun = { ja: 'レールガン', cost: 4, shots: 1, attack_mod: 2, extra_ammo: 0, one_handed_mod: -1, one_handed_mod_wounded: -1, outdoor_mod: 0, odd_chooses_target: false, two_handed: false, magazines_per_shot: 2, damage: 1, armoured_damage: 1, reload_rounds: 0, carry_slots: 1 };
    const r = playUa(spec(PUB, { enemies: [foe({ attacks: 0, count: 2 })], squad: { buy: ['railgun'], weapon: 'railgun' }, catalogue: { weapons: { railgun } } }), [2], { opening: D.A_PREEMPT, leader: leaderAct(D.K_SHOOT, 0) });
    expect(r.lines).toContain('  leader shoots at foes: d6=2 +2 → 4 vs level 4 hit');
    expect(r.game.s.magazinesSpent).toBe(2);
    expect(r.game.s.scrip).toBe(6); // 10 軍票 − 4
  });

  it('a new entry missing a field, or an unknown field, is a file:line error', () => {
    expect(() => compileUa(spec(PUB, { catalogue: { weapons: { railgun: { cost: 4 } } } }))).toThrow(/ua-rules\.yaml:\d+: catalogue\.weapons\.railgun: new weapons entry "railgun" lacks the required field "shots"/);
    expect(() => compileUa(spec(PUB, { catalogue: { weapons: { LMG: { colour: 'red' } } } }))).toThrow(/ua-rules\.yaml:\d+: catalogue\.weapons\.LMG\.colour: unknown key "colour"/);
    expect(() => compileUa(spec(PUB, { catalogue: { members: { robot: { cost: 1 } } } }))).toThrow(/new members entry "robot" lacks the required field "skill"/);
  });
});

describe('the 2026-03 economy (§26 軍票 10 枚, §27 弾倉支給数, §44 弾薬整理)', () => {
  it('purchases are paid from 10 starting 軍票; the operation issues its magazines in full; the rest is 軍票', () => {
    const pub = compileUa(spec(PUB, { squad: { buy: ['LMG'], weapon: 'LMG' } })).variant.squad;
    expect([pub.magazines, pub.scripStart, pub.purchaseCost]).toEqual([10, 2, 8]);
    const seed = compileUa(spec(SEED, { squad: { buy: ['LMG'], weapon: 'LMG' } })).variant.squad;
    expect([seed.magazines, seed.scripStart]).toEqual([2, 0]); // the seed pays 8 of the 10 magazines
  });

  it('more than 10 軍票 of purchases is refused (the seed allows them while the magazines last)', () => {
    expect(() => compileUa(spec(PUB, { squad: { buy: ['LMG', 'frag_grenade'], weapon: 'LMG', magazines: 20 } }))).toThrow(/purchases cost 11 軍票 but the leader has 10/);
    expect(() => compileUa(spec(SEED, { squad: { buy: ['LMG', 'frag_grenade'], weapon: 'LMG', magazines: 20 } }))).not.toThrow();
  });

  it('at the end every unused magazine becomes 1 軍票 (gunpyo_end = 軍票 left + magazines left)', () => {
    const r = playUa(spec(PUB, { enemies: [foe({ attacks: 0 })], squad: { buy: ['frag_grenade'] } }), [5], { opening: D.A_PREEMPT, round0: PASS, leader: leaderAct(D.K_SHOOT, 0) });
    expect(r.game.s.magazines).toBe(9);
    const metrics = r.game.g.gunpyo;
    expect(metrics).toBe(true);
    expect(r.record.values[6]).toBe(7 + 9); // 10 − 3 軍票 + 9 magazines
  });
});

describe('負傷: the 3-level wound track (2026-03 §36)', () => {
  it('a fumbled leader defence gives 負傷+1 (the seed has no wound track)', () => {
    for (const [v, w] of [[PUB, 1], [SEED, 0]] as const) {
      const r = playUa(spec(v), [1], preempt);
      expect(r.game.s.wounds).toBe(w);
      expect(r.game.s.life).toBe(4);
    }
  });

  it('負傷 1: 攻撃ロール −1 (4 misses level 4; the seed hits)', () => {
    const pub = playUa(spec(PUB, { rounds: 2 }), [1, 4, 6], { opening: D.A_PREEMPT, leader: [PASS, leaderAct(D.K_SHOOT, 0)] });
    expect(pub.lines).toContain('  leader shoots at foes: d6=4 −1 → 3 vs level 4 miss');
    const seed = playUa(spec(SEED, { rounds: 2 }), [1, 4], { opening: D.A_PREEMPT, leader: [PASS, leaderAct(D.K_SHOOT, 0)], between: D.A_CONTINUE });
    expect(seed.lines).toContain('  leader shoots at foes: d6=4 +0 → 4 vs level 4 hit');
  });

  it('負傷 2: 防御ロール −1 too (a 4 fails vs level 4)', () => {
    const pub = playUa(spec(PUB, { enemies: [foe({ attacks: 3 })] }), [1, 1, 4], preempt);
    expect(pub.lines).toContain('  leader defends vs foes: d6=4 −1 → 3 vs 4 fails');
    expect([pub.game.s.wounds, pub.game.s.life]).toEqual([2, 2]);
    const seed = playUa(spec(SEED, { enemies: [foe({ attacks: 3 })] }), [1, 1, 4], preempt);
    expect([seed.game.s.wounds, seed.game.s.life]).toEqual([0, 3]);
  });

  it('負傷 3: the leader loses 1 life at the end of each round', () => {
    const pub = playUa(spec(PUB, { enemies: [foe({ attacks: 3 })] }), [1, 1, 1], preempt);
    expect(pub.lines).toContain('  負傷 3: the leader loses 1 life at the round\'s end: life 1');
    expect([pub.game.s.wounds, pub.game.s.life]).toEqual([3, 1]);
    expect(playUa(spec(SEED, { enemies: [foe({ attacks: 3 })] }), [1, 1, 1], preempt).game.s.life).toBe(2);
  });

  it('UA-R150: 負傷 3 costs no life once the combat has ended (while-fighting); after-end-too is the old reading', () => {
    // Round 1: three fumbled defences (負傷 3, life 5 → 2), the round-end life (1). Round 2: the leader's 6 kills the last foe.
    const s2 = (rulings?: Record<string, string>) => ({ ...spec(PUB, { enemies: [foe({ attacks: 3 })], rounds: 2 }), ...(rulings ? { rulings } : {}) });
    const ans2: Answers = { opening: D.A_PREEMPT, leader: [PASS, leaderAct(D.K_SHOOT, 0)], between: D.A_CONTINUE };
    const won = playUa(s2(), [1, 1, 1, 6], ans2);
    expect(won.lines.filter((l) => l.includes('負傷 3: the leader loses 1 life'))).toHaveLength(1);
    expect([won.game.s.wounds, won.game.s.life, won.record.rates[0]]).toEqual([3, 1, 1]);
    const old = playUa(s2({ wound_bleed: 'after-end-too' }), [1, 1, 1, 6], ans2);
    expect(old.lines).toContain('  負傷 3: the leader loses 1 life at the round\'s end: life 0');
    expect([old.game.s.life, old.record.rates[0]]).toEqual([0, 0]);
    // A round that ends with the combat still going costs the life under both readings.
    expect(playUa(s2(), [1, 1, 1, 2, 2, 2, 2], ans2).game.s.life).toBe(0);
  });

  // 7 attacks on a 指揮 leader (life 5) and 1 assault: 6 at the leader, 1 at the members (the last, level 5).
  const sevenAttacks = (procedures: Obj) => spec(PUB, {
    enemies: [foe({ attacks: 2, level: 6 }), { name: 'more', count: 1, level: 5, attacks: 5 }], squad: { members: { assault: 1 } }, catalogue: { procedures },
  });
  const fumbleAns: Answers = { opening: D.A_PREEMPT, leader: PASS, 'member-fire': 0, fumble: D.A_WOUND, target: 0 };

  it('UA-V05 member_fumble: at 負傷 3 the wound is not offered by default (the member is lost); wound-always offers it and spares him', () => {
    const dflt = playUa(sevenAttacks({}), [2, 1, 1, 1, 6, 6, 6, 1, 3], fumbleAns);
    expect(dflt.policy.askedFor('fumble')).toHaveLength(0);
    expect([dflt.game.s.wounds, dflt.game.s.members[4]]).toEqual([3, 0]);
    const always = playUa(sevenAttacks({ member_fumble: 'wound-always' }), [2, 1, 1, 1, 6, 6, 6, 1], fumbleAns);
    expect(always.policy.askedFor('fumble')).toHaveLength(1);
    expect([always.game.s.wounds, always.game.s.members[4]]).toEqual([3, 1]);
    expect(always.dice.remaining).toBe(0);
  });

  it('UA-V06 wound_defence: 負傷 2\'s −1 is on the leader\'s own rolls by default; leader-and-member-rolls also on the members\' roll', () => {
    const dice = [2, 1, 1, 6, 6, 6, 6, 5];
    const dflt = playUa(sevenAttacks({}), dice, fumbleAns);
    expect(dflt.lines).toContain('  members defend vs more: d6=5 +0 → 5 vs 5 safe');
    const both = playUa(sevenAttacks({ wound_defence: 'leader-and-member-rolls' }), [...dice, 3], fumbleAns);
    expect(both.lines).toContain('  members defend vs more: d6=5 −1 → 4 vs 5 fails');
    expect(both.game.s.members[4]).toBe(0);
  });

  it('UA-V05 fumbles: 見切り\'s new roll and かばう are the leader\'s 防御ロール (負傷+1); 見切り\'s new roll of the members\' roll is a members\' fumble', () => {
    const shooter = { leader: { sub_ability: 'shooting', skills: ['dodge'] } };
    // The leader's own roll fails (2), 見切り re-rolls a 1: 負傷+1, and the hit lands.
    const own = playUa(spec(PUB, { squad: shooter }), [2, 1], { ...preempt, dodge: D.A_YES });
    expect([own.game.s.wounds, own.game.s.life]).toEqual([1, own.game.s.lifeMax - 1]);
    // The member's melee misses (2). Two attacks: the leader holds (6); the members' roll fails (2), 見切り re-rolls a 1:
    // the fumble decision spares the member.
    const two = { enemies: [foe({ attacks: 2 })] };
    const mem = playUa(spec(PUB, { ...two, squad: { ...shooter, members: { assault: 1 } } }), [2, 6, 2, 1], { ...preempt, 'member-fire': 0, dodge: D.A_YES, fumble: D.A_WOUND });
    expect(mem.policy.askedFor('fumble')).toHaveLength(1);
    expect([mem.game.s.wounds, mem.game.s.members[4]]).toEqual([1, 1]);
    // A 格闘 leader's かばう rolls a 1: 負傷+1 and the member is hit (hit table 3: the assault).
    const melee = { leader: { sub_ability: 'melee' }, members: { assault: 1 } };
    const prot = playUa(spec(PUB, { ...two, squad: melee }), [2, 6, 2, 1, 3], { ...preempt, round0: PASS, 'member-fire': 0, cover: D.A_NO, protect: D.A_YES });
    expect(prot.policy.askedFor('protect')).toHaveLength(1);
    expect([prot.game.s.wounds, prot.game.s.members[4]]).toEqual([1, 0]);
  });

  it('UA-V06: the melee a shot falls back to for lack of magazines takes 負傷\'s −1 (the AMR with 2 magazines)', () => {
    const amr = spec(PUB, { rounds: 2, squad: { buy: ['AMR'], weapon: 'AMR', magazines: 2 } });
    const r = playUa(amr, [1, 5, 3], { opening: D.A_PREEMPT, leader: [PASS, leaderAct(D.K_SHOOT, 0)], between: D.A_CONTINUE });
    expect(r.game.s.wounds).toBe(1);
    expect(r.lines).toContain('  leader melee at foes: d6=5 −3 → 2 vs level 4 miss');
  });

  it('a member\'s fumble: the leader takes 負傷+1 and the member is spared, or the member is lost (a policy decision)', () => {
    const ans = (f: number): Answers => ({ opening: D.A_PREEMPT, leader: PASS, 'member-fire': 0, fumble: f });
    const keep = playUa(spec(PUB, { enemies: [foe({ attacks: 2, level: 6 })], squad: { members: { assault: 1 } } }), [2, 6, 1], ans(D.A_WOUND));
    expect(keep.policy.askedFor('fumble')).toHaveLength(1);
    expect([keep.game.s.wounds, keep.game.s.members[4]]).toEqual([1, 1]);
    const lose = playUa(spec(PUB, { enemies: [foe({ attacks: 2, level: 6 })], squad: { members: { assault: 1 } } }), [2, 6, 1, 3], ans(D.A_LOSE_MEMBER));
    expect([lose.game.s.wounds, lose.game.s.members[4]]).toEqual([0, 0]);
    const seed = playUa(spec(SEED, { enemies: [foe({ attacks: 2, level: 6 })], squad: { members: { assault: 1 } } }), [2, 6, 1, 3], { opening: D.A_PREEMPT, leader: PASS, 'member-fire': 0 });
    expect(seed.policy.askedFor('fumble')).toHaveLength(0);
    expect(seed.game.s.members[4]).toBe(0);
  });
});

describe('cures: メディック, 医療キット, ファーストエイド (2026-03)', () => {
  it('メディック 応急処置: instead of its shot, 1 magazine cures one 負傷 level', () => {
    const s = (v: string) => spec(v, { rounds: 2, enemies: [foe({ level: 6 })], squad: { members: { medic: 1 } } });
    const pub = playUa(s(PUB), [2, 1, 6], { opening: D.A_PREEMPT, leader: PASS, 'member-fire': last, 'medic-aid': D.A_YES });
    expect(pub.lines).toContain('  medic 応急処置 (1 magazine): 負傷 0');
    expect([pub.game.s.wounds, pub.game.s.magazinesSpent]).toEqual([0, 2]);
    const seed = playUa(s(SEED), [2, 1, 6], { opening: D.A_PREEMPT, leader: PASS, 'member-fire': last, 'odd-attack': D.A_TO_LEADER });
    expect(seed.policy.askedFor('medic-aid')).toHaveLength(0);
  });

  it('the seed\'s medic heals 1 life after a combat; from 2026-03 it does not', () => {
    const s = (v: string) => spec(v, { enemies: [foe({ attacks: 2 })], squad: { members: { medic: 1 } } });
    // Enemy first (no 先制攻撃): the leader is hit (2), the member roll is safe (6); then the squad kills the foe.
    const ans: Answers = { opening: D.A_READ, leader: leaderAct(D.K_SHOOT, 0), 'member-fire': 0, between: D.A_CONTINUE };
    const seed = playUa({ ...s(SEED), engagements: [{ name: 'e', location: 'indoor', enemies: [foe({ attacks: 2 })] }] }, [2, 6, 5], ans);
    expect(seed.lines).toContain('  medic treats the leader: life 5');
    const pub = playUa({ ...s(PUB), engagements: [{ name: 'e', location: 'indoor', enemies: [foe({ attacks: 2 })] }] }, [2, 6, 5], ans);
    expect(pub.lines.some((l) => l.includes('medic treats'))).toBe(false);
    expect(pub.game.s.life).toBe(4);
  });

  it('医療キット in combat: 負傷 −1 as the leader\'s action (not offered under the seed)', () => {
    const MEDKIT = D.act(D.K_MEDKIT);
    const pick = (legal: readonly number[]) => (legal.includes(MEDKIT) ? MEDKIT : PASS);
    const pub = playUa(spec(PUB, { rounds: 2 }), [1, 6], { opening: D.A_PREEMPT, leader: pick });
    expect(pub.lines).toContain('  medkit (in combat): 負傷 0');
    expect(pub.game.s.expendables[4]).toBe(0);
    const seed = playUa(spec(SEED, { rounds: 2 }), [1, 6], { opening: D.A_PREEMPT, leader: pick });
    expect(seed.policy.askedFor('leader').some((a) => a.legal.includes(MEDKIT))).toBe(false);
  });

  it('医療キット on the map (between fights): 負傷 → 0', () => {
    const twoFights = (v: string): UaSpec => ({
      rules: v,
      engagements: [
        { name: 'a', location: 'indoor', enemies: [foe({ attacks: 2 })], reaction: 'hostile' },
        { name: 'b', location: 'indoor', enemies: [foe({ attacks: 0 })], reaction: 'fight_to_the_end' },
      ],
      gauntlet: { max_rounds: 1 },
      squad: { leader: { sub_ability: 'command' } },
    });
    // Fight a: read (3 → hostile: the enemy first), two fumbled defences (負傷 2), the leader's 5 kills; fight b: 5 kills.
    const r = playUa(twoFights(PUB), [3, 1, 1, 5, 5], { opening: [D.A_READ, D.A_PREEMPT], leader: leaderAct(D.K_SHOOT, 0), between: (legal) => (legal.includes(D.A_MEDKIT) ? D.A_MEDKIT : D.A_CONTINUE) });
    expect(r.lines).toContain('  medkit (on the map): 負傷 0');
    expect(r.game.s.wounds).toBe(0);
  });
});

describe('loot, C4, the アンチマテリアルライフル, 先制攻撃 (2026-03)', () => {
  const withdrawLoot = (v: string) => spec(v, { enemies: [foe({ count: 3, attacks: 0 })], reaction: 'withdraw', eng: { loot: 'table' } });
  it('loot face 2: 1d3 magazines (the seed: 1d6)', () => {
    expect(playUa(withdrawLoot(PUB), [4, 2, 5], { opening: D.A_READ }).game.s.magazines).toBe(13);
    expect(playUa(withdrawLoot(SEED), [4, 2, 5], { opening: D.A_READ }).game.s.magazines).toBe(15);
  });

  it('loot face 3: 1d3+1 magazines (the seed: 2d6, at least 5)', () => {
    expect(playUa(withdrawLoot(PUB), [4, 3, 1], { opening: D.A_READ }).game.s.magazines).toBe(12);
    expect(playUa(withdrawLoot(SEED), [4, 3, 1, 1], { opening: D.A_READ }).game.s.magazines).toBe(15);
  });

  it('C4 planted in combat: 3 soldiers drop (the seed: 2)', () => {
    const s = (v: string) => spec(v, { rounds: 2, enemies: [foe({ count: 4, level: 6, attacks: 0 })], squad: { buy: ['c4'] } });
    const ans: Answers = { opening: D.A_PREEMPT, round0: PASS, leader: [leaderAct(D.K_C4_PLANT, 0), PASS] };
    expect(playUa(s(PUB), [4], ans).game.s.unitLeft[0]).toBe(1);
    expect(playUa(s(SEED), [4], ans).game.s.unitLeft[0]).toBe(2);
  });

  it('C4 planted in combat on a high-threat target: 2 damage (the seed: 1)', () => {
    const s = (v: string) => spec(v, { rounds: 2, enemies: [{ name: 'apc', kind: 'high_threat', level: 6, life: 4, attacks: 0 }], squad: { buy: ['c4'] } });
    const ans: Answers = { opening: D.A_PREEMPT, round0: PASS, leader: [leaderAct(D.K_C4_PLANT, 0), PASS] };
    expect(playUa(s(PUB), [4], ans).game.s.unitLeft[0]).toBe(2);
    expect(playUa(s(SEED), [4], ans).game.s.unitLeft[0]).toBe(3);
  });

  it('AMR: 3 magazines a shot, 2 damage, a round of 装填, 2 carry slots; 3 damage on an armoured target', () => {
    const amr = (enemies: Obj[]) => spec(PUB, { rounds: 3, enemies, squad: { buy: ['AMR'], weapon: 'AMR' } });
    const r = playUa(amr([foe({ count: 4, attacks: 0 })]), [4, 5], { opening: D.A_PREEMPT, leader: leaderAct(D.K_SHOOT, 0) });
    expect(r.lines).toContain('  leader reloads the AMR (装填)');
    expect(r.game.s.unitLeft[0]).toBe(0);
    expect(r.game.s.magazinesSpent).toBe(6);
    const armoured = playUa({ ...amr([{ name: 'apc', kind: 'high_threat', level: 4, life: 5, attacks: 0, armoured: true }]), gauntlet: { max_rounds: 1 } }, [4], { opening: D.A_PREEMPT, leader: leaderAct(D.K_SHOOT, 0) });
    expect(armoured.game.s.unitLeft[0]).toBe(2);
    expect(compileUa(amr([foe()])).variant.squad.carriedFixed).toBe(3); // the kit AR (1) + the AMR (2)
    expect(() => compileUa({ ...amr([foe()]), rules: SEED })).toThrow(/unknown value "AMR"/);
  });

  it('先制攻撃: the enemy fights to the end (the seed: a hostile enemy withdraws at half strength)', () => {
    const s = (v: string) => spec(v, { rounds: 2, enemies: [foe({ count: 4, attacks: 0 })], reaction: 'hostile' });
    const ans: Answers = { opening: D.A_PREEMPT, leader: leaderAct(D.K_SHOOT, 0) };
    const pub = playUa(s(PUB), [5, 5], ans);
    expect([pub.game.s.fightToEnd, pub.game.s.unitLeft[0]]).toEqual([true, 2]);
    const seed = playUa(s(SEED), [5, 5], ans);
    expect(seed.game.s.fightToEnd).toBe(false);
    expect(seed.lines.some((l) => l.includes('withdraw'))).toBe(true);
  });

  it('the DMR is no longer ［両手］: it may be fired with a shield (one-handed −1)', () => {
    expect(() => compileUa(spec(SEED, { squad: { leader: { sub_ability: 'dexterity' }, buy: ['riot_shield'] } }))).toThrow(/DMR is two-handed/);
    expect(() => compileUa(spec(PUB, { squad: { leader: { sub_ability: 'dexterity' }, buy: ['riot_shield'] } }))).not.toThrow();
  });

  it('SMG: one-handed without penalty only while unwounded (「負傷をしていない限り」)', () => {
    const s = (v: string) => spec(v, { rounds: 2, squad: { leader: { sub_ability: 'melee' }, buy: ['riot_shield'] } });
    const ans: Answers = { opening: D.A_PREEMPT, round0: PASS, cover: D.A_NO, leader: [PASS, leaderAct(D.K_SHOOT, 0)], between: D.A_CONTINUE };
    expect(playUa(s(PUB), [1, 4, 6], ans).lines).toContain('  leader shoots at foes: d6=4 −2 → 2 vs level 4 miss');
    expect(playUa(s(SEED), [1, 4], ans).lines).toContain('  leader shoots at foes: d6=4 +0 → 4 vs level 4 hit');
  });

  it('劣勢なら撤退 counts 生存隊員 (non-combatants too): 3 K9 outnumber 2 soldiers', () => {
    const s = (v: string) => spec(v, { enemies: [foe({ count: 2, attacks: 0 })], reaction: 'withdraw_if_outnumbered', squad: { members: { k9: 3 } } });
    expect(playUa(s(PUB), [4], { opening: D.A_READ }).lines).toContain('  3 of ours vs 2: they withdraw');
    expect(playUa(s(SEED), [4], { opening: D.A_READ, leader: PASS }).lines).toContain('  1 of ours vs 2: they fight');
  });

  it('the odd enemy attack: the leader takes it (published 2026-03); the player chooses (seed, dev 2026-05)', () => {
    const s = (v: string) => spec(v, { squad: { members: { assault: 1 } } });
    const pub = playUa(s(PUB), [2, 6], { opening: D.A_PREEMPT, leader: PASS, 'member-fire': 0 });
    expect(pub.policy.askedFor('odd-attack')).toHaveLength(0);
    expect(pub.lines).toContain('  1 enemy attacks: 1 at the leader, 0 at the members');
    for (const v of [SEED, DEV]) expect(playUa(s(v), [2, 6], { opening: D.A_PREEMPT, leader: PASS, 'member-fire': 0, 'odd-attack': D.A_TO_MEMBERS }).policy.askedFor('odd-attack')).toHaveLength(1);
  });
});

describe('the 2026-05 development text', () => {
  it('ボディアーマー: 【反応ロール】 +1 (a 3 reads as 4)', () => {
    const s = (v: string) => spec(v, { enemies: [foe({ attacks: 0 })], reaction: { '1-3': 'hostile', '4-6': 'friendly' }, squad: { buy: ['body_armor'] } });
    const dev = playUa(s(DEV), [3], { opening: D.A_READ });
    expect(dev.lines).toContain('  ボディアーマー: reaction roll d6=3 +1');
    expect(dev.lines).toContain('  reaction: d6=4 → friendly');
    expect(playUa(s(PUB), [3], { opening: D.A_READ, leader: PASS }).lines).toContain('  reaction: d6=3 → hostile');
  });

  it('サプレッサー: +1 to the leader\'s round-1 attack after 先制攻撃, no −1 (public and seed: −1)', () => {
    const s = (v: string) => spec(v, { enemies: [foe({ attacks: 0 })], squad: { buy: ['suppressor'] } });
    const ans: Answers = { opening: D.A_PREEMPT, leader: leaderAct(D.K_SHOOT, 0) };
    expect(playUa(s(DEV), [3], ans).lines).toContain('  leader shoots at foes: d6=3 +1 → 4 vs level 4 hit');
    expect(playUa(s(PUB), [3], ans).lines).toContain('  leader shoots at foes: d6=3 −1 → 2 vs level 4 miss');
    expect(playUa(s(SEED), [3], ans).lines).toContain('  leader shoots at foes: d6=3 −1 → 2 vs level 4 miss');
  });

  it('the spotter shoots from the sniper point outdoors (技量点 0, 射撃回数 1)', () => {
    const s = (v: string) => spec(v, { location: 'outdoor', enemies: [foe({ attacks: 0 })], squad: { members: { spotter: 1 } } });
    const dev = playUa(s(DEV), [5], preempt);
    expect(dev.lines).toContain('  spotter shoots at foes: d6=5 +0 → 5 vs level 4 hit');
    const pub = playUa(s(PUB), [], preempt);
    expect(pub.lines.some((l) => l.includes('spotter shoots'))).toBe(false);
  });
});

describe('負傷 at the end of operations and campaigns (issue 24 item 4)', () => {
  const final = { name: 'final', location: 'indoor', encounter: { enemies: [{ name: 'guard', count: 1, level: 4, attacks: 1 }], reaction: 'fight_to_the_end' } };
  const op = (rules: string, campaign = false): OpSpec => ({
    rules, scenario: { scenario: 'w', map: 'd33', progression: { tiles_before_mid: 0, tiles_after_mid: 0 }, rules: { starting_magazines: { NORMAL: 10 } }, tiles: d33Traces(), final },
    squad: { leader: { sub_ability: 'shooting' } }, ...(campaign ? { operation: { campaign: { max_attempts: 2 } } } : {}),
  });
  // Reaction 1 (fight to the end: the enemy first), the leader's defence fumbles (負傷 1, life 5 → 4), his shot 5 kills.
  const dice = [1, 1, 5], ans: Answers = { opening: D.A_READ, leader: leaderAct(D.K_SHOOT, 0), growth: D.A_GROW_SAVE, sell: D.A_NO, between: D.A_CONTINUE };
  it('an operation under the published rules reports wounds_end (its distribution and mean); the seed has no such metric', () => {
    const pub = playOp(op(PUB), dice, ans);
    expect(pub.game.s.wounds).toBe(1);
    expect(pub.value('wounds_end')).toBe(1);
    expect(uaMetrics(compileOp(op(PUB)).game).values.find((v) => v.id === 'wounds_end')).toMatchObject({ max: 3 });
    expect(uaMetrics(compileOp(op(SEED)).game).values.some((v) => v.id === 'wounds_end')).toBe(false);
  });
  it('UA-R151: the recovery between a campaign\'s operations clears 負傷 (cleared); persist keeps it', () => {
    // Operation 1: reaction 1 (the enemy first), a fumbled defence (負傷 1), a missed shot: no decision in the one round
    // (stalled, the leader alive). Operation 2 after the refit: reaction 1, a held defence, a 6 kills.
    const faces = [1, 1, 1, 1, 6, 6];
    const cleared = playOp(op(PUB, true), faces, ans);
    expect(cleared.rate('win')).toBe(1);
    expect(cleared.lines).toContain('  recovery between operations: 負傷 1 → 0');
    expect(cleared.value('wounds_end')).toBe(0);
    const persist = playOp({ ...op(PUB, true), rulings: { wounds_at_refit: 'persist' } }, faces, ans);
    expect(persist.rate('win')).toBe(1);
    expect(persist.value('wounds_end')).toBe(1);
    expect(persist.lines.some((l) => l.includes('recovery between operations'))).toBe(false);
  });
  it('a campaign reports 負傷 at the end of the last attempt', () => {
    const pub = playOp(op(PUB, true), dice, ans);
    expect(pub.rate('win')).toBe(1);
    expect(pub.value('wounds_end')).toBe(1);
  });
});
