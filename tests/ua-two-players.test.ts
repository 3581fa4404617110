// URBAN ASSAULT v1.01 §45 two players (2人の分隊長, issue 40 item 2): `players: 2` under v1.01 only, two leaders on the
// variant's spec with the members dealt between two squads of half the 分隊規模, the enemy's attacks split between the
// two leaders and the two squads, each squad's defence and 被弾テーブル its own, the excess at its own leader, one
// 攻撃人数制限 for both, a fallen leader ending the fight. Scripted dice; each test also plays one player on the same dice.
import { describe, expect, it } from 'vitest';
import * as D from '../src/rules/urban-assault/decisions.js';
import { R_ASSAULT, R_MEDIC } from '../src/rules/urban-assault/catalogue/catalogue.js';
import { END_LEADER_DOWN } from '../src/rules/urban-assault/combat/state.js';
import { compileUa, leaderAct, playUa, PASS, type Answers, type UaSpec } from './helpers/ua-harness.js';
import { compileOp, seededGames } from './helpers/ua-op-harness.js';
import { setLang } from '../src/i18n/lang.js';
import { uaMetrics } from '../src/rules/urban-assault/engine.js';
import { OP_RATE_SURVIVED, OP_RATE_WIN, OP_VAL_LIFE_END } from '../src/rules/urban-assault/operation/operation.js';
import { EXPENDABLES } from '../src/rules/urban-assault/catalogue/catalogue.js';
import { codes, d33Traces, playOp, trace, type OpSpec } from './helpers/ua-op-harness.js';

type Obj = Record<string, unknown>;
const DEV = 'dev-2026-05-09', V101 = 'v1.01-2026-10';
const foe = (extra: Obj = {}): Obj => ({ name: 'foes', count: 1, level: 6, attacks: 1, ...extra });
/** One indoor engagement, one round; a 指揮 leader, the given members, one or two players. */
function spec(players: number, opts: { enemies?: Obj[]; members?: Obj; rules?: string; eng?: Obj; rulings?: Record<string, string> } = {}): UaSpec {
  return {
    rules: opts.rules ?? V101,
    ...(opts.rulings ? { rulings: opts.rulings } : {}),
    engagements: [{ name: 'e', location: 'indoor', reaction: 'fight_to_the_end', enemies: opts.enemies ?? [foe()], ...opts.eng }],
    gauntlet: { max_rounds: 1 },
    squad: { leader: { sub_ability: 'command' }, ...(opts.members ? { members: opts.members } : {}), ...(players !== 1 ? { players } : {}) },
  };
}
/** The squad strikes first; the leaders pass, members melee; the odd §36 attack as given. */
const quiet = (odd = D.A_TO_MEMBERS): Answers => ({ opening: D.A_PREEMPT, leader: PASS, 'member-fire': 0, 'odd-attack': odd, target: 0 });

describe('§45 two players: the option', () => {
  it('is refused under another rule version, naming file, line and v1.01 (exit 2)', () => {
    expect(() => compileUa(spec(2, { rules: DEV }))).toThrow(/ua-rules\.yaml:\d+: .*players: 2.*v1\.01-2026-10.*dev-2026-05-09/);
  });

  it('takes 1 or 2 only', () => {
    expect(() => compileUa(spec(3))).toThrow(/ua-rules\.yaml:\d+/);
    expect(compileUa(spec(1)).variant.squad.players).toBeUndefined();
    expect(compileUa(spec(2)).variant.squad.players).toBe(2);
  });

  it('the members must fit two squads of half the 分隊規模 (rounded down)', () => {
    // 分隊規模 7: each leader 3, so 6 members in all; one player fields 7.
    expect(() => compileUa(spec(2, { members: { assault: 7 } }))).toThrow(/7 members do not fit two squads of half the 分隊規模 7.*3/);
    expect(compileUa(spec(1, { members: { assault: 7 } })).variant.squad.members[R_ASSAULT]).toBe(7);
  });

  it('deals the members one by one, role by role, to the first squad and the second; each 分隊規模 is half', () => {
    const run = playUa(spec(2, { members: { medic: 1, assault: 4 }, enemies: [foe({ attacks: 0 })] }), [2, 2, 2, 2, 2], quiet());
    const s = run.game.s;
    expect([s.membersStart[R_MEDIC], s.membersStart[R_ASSAULT], s.other.membersStart[R_MEDIC], s.other.membersStart[R_ASSAULT]]).toEqual([1, 2, 0, 2]);
    expect([s.squadSize, s.other.squadSize]).toEqual([3, 3]);
    // The second leader is a copy of the spec.
    expect([s.other.lifeMax, s.other.skill, s.other.sub]).toEqual([s.lifeMax, s.skill, s.sub]);
    expect(s.active).toBe(0);
    // The replay names both squads, and the second leader at each round's head.
    expect(run.lines).toContain('two players (§45): the first leader with 3 members, the second (life 5) with 2; 分隊規模 3 each');
    expect(run.lines).toContain('   the second leader: life 5, members 2');
  });
});

describe('§45 two players: the enemy\'s attacks (敵攻撃配分)', () => {
  it('splits each side evenly between the leaders and the squads; a squad\'s share beyond its members goes to its own leader', () => {
    // 4 attacks: §36 gives 2 at the leaders and 2 at the members; 1 / 1 and 1 / 1; the second squad has no member,
    // so its one goes to the second leader (1 / 2 and 1 / 0). The first leader, his member, the second leader twice.
    const two = playUa(spec(2, { members: { assault: 1 }, enemies: [foe({ count: 4 })] }), [2, 6, 6, 1, 6], quiet());
    expect(two.lines).toContain('  §45: 3 at the leaders (1 / 2), 1 at the squads (1 / 0)');
    const s = two.game.s;
    expect([s.life, s.other.life]).toEqual([s.lifeMax, s.lifeMax - 1]);
    // Its fumbled 防御ロール gave the second leader 負傷+1 (v1.01), not the first.
    expect([s.wounds, s.other.wounds]).toEqual([0, 1]);
    // 負傷 at the end is the more wounded leader's (UA-V59): the second's 1, not the first's 0.
    const g = compileUa(spec(2, { members: { assault: 1 }, enemies: [foe({ count: 4 })] })).game;
    expect(two.record.values[uaMetrics(g).values.findIndex((v) => v.id === 'wounds_end')]).toBe(1);
    // One player on the same squad: §36 sends the members' share beyond his one member to the leader (3 / 1).
    const one = playUa(spec(1, { members: { assault: 1 }, enemies: [foe({ count: 4 })] }), [2, 6, 1, 6, 6], quiet());
    expect(one.lines).toContain('  foes: 4 attacks: 3 at the leader, 1 at the members');
    expect(one.game.s.life).toBe(one.game.s.lifeMax - 1);
  });

  it('each squad defends with its own leader, and its 被弾テーブル holds only its own members', () => {
    // Medic to the first squad, assault to the second. The first squad's member fails (1, a fumble: 負傷+1 for the
    // first leader) and its hit table (5) finds its medic; the second squad's assault is untouched.
    const run = playUa(spec(2, { members: { medic: 1, assault: 1 }, enemies: [foe({ count: 4 })] }), [2, 2, 6, 1, 5, 6, 6], quiet());
    const s = run.game.s;
    expect([s.members[R_MEDIC], s.other.members[R_ASSAULT]]).toEqual([0, 1]);
    expect([s.wounds, s.other.wounds]).toEqual([1, 0]);
    // One player on the same squad: the hit table's 5 finds the assault first.
    const one = playUa(spec(1, { members: { medic: 1, assault: 1 }, enemies: [foe({ count: 4 })] }), [2, 2, 6, 6, 1, 5, 6], quiet());
    expect([one.game.s.members[R_MEDIC], one.game.s.members[R_ASSAULT]]).toEqual([1, 0]);
  });

  it('UA-R170: the odd attack at the leaders goes to the leader with more life (healthier), or always the first', () => {
    // Two units of one attack each, the odd one to the leader side each time. The first goes to the first leader
    // (a tie) and hits him (1); the second goes to the second leader under healthier, to the first again under first.
    const enemies = [foe({ name: 'A' }), foe({ name: 'B' })];
    const healthier = playUa(spec(2, { members: { assault: 2 }, enemies }), [2, 2, 1, 1], quiet(D.A_TO_LEADER)).game.s;
    expect([healthier.life, healthier.other.life]).toEqual([healthier.lifeMax - 1, healthier.lifeMax - 1]);
    const first = playUa(spec(2, { members: { assault: 2 }, enemies, rulings: { two_player_odd_leader: 'first' } }), [2, 2, 1, 1], quiet(D.A_TO_LEADER)).game.s;
    expect([first.life, first.other.life]).toEqual([first.lifeMax - 2, first.lifeMax]);
  });

  it('UA-R171: the odd attack at the squads goes to the squad with more members standing (larger), or always the first', () => {
    // Unit A (6 attacks): 3 at the leaders (2 / 1), 3 at the squads (2 / 1); the first squad loses both its assaults.
    // Unit B (1 attack, to the members): larger → the second squad (1 member against 0), whose assault falls; first →
    // the first squad, which has none, so its leader takes it (a fumble: his 負傷 3, and its round-end life loss).
    const enemies = [foe({ name: 'A', count: 6 }), foe({ name: 'B' })];
    const dice = [2, 2, 2, 6, 6, 1, 5, 1, 5, 6, 6, 1, 5];
    const larger = playUa(spec(2, { members: { assault: 3 }, enemies }), dice, quiet()).game.s;
    expect([larger.members[R_ASSAULT], larger.other.members[R_ASSAULT], larger.life]).toEqual([0, 0, larger.lifeMax]);
    const first = playUa(spec(2, { members: { assault: 3 }, enemies, rulings: { two_player_odd_squad: 'first' } }), dice, quiet()).game.s;
    expect([first.members[R_ASSAULT], first.other.members[R_ASSAULT], first.life, first.wounds]).toEqual([0, 1, first.lifeMax - 2, 3]);
  });

  it('a leader down ends the fight: the other leader\'s attacks are not rolled, the leader is recorded as fallen', () => {
    const n = 24;
    const run = playUa(spec(2, { enemies: [foe({ count: n })] }), [...new Array<number>(n / 2).fill(6), ...new Array<number>(n / 2).fill(1)], { opening: D.A_PREEMPT, leader: PASS, target: 0 });
    const s = run.game.s;
    expect(s.endReason).toBe(END_LEADER_DOWN);
    expect(s.life).toBe(s.lifeMax);
    expect(s.other.life).toBe(0);
    expect(run.record.rates[1]).toBe(0); // RATE_LEADER_SURVIVED
  });
});

describe('§45 two players: the squad\'s turn', () => {
  it('both leaders act, then both squads\' members, within one 攻撃人数制限 for all (「2人分を合計」)', () => {
    // Cap 2: the two leaders shoot (misses: 2, 2) and no member may attack; one player's leader leaves one slot.
    const shoot: Answers = { opening: D.A_PREEMPT, leader: leaderAct(D.K_SHOOT, 0), 'member-fire': 0, target: 0 };
    const enemies = [foe({ count: 6, attacks: 0 })];
    const two = playUa(spec(2, { members: { assault: 2 }, enemies, eng: { attackers_per_round: 2 } }), [2, 2], shoot);
    expect(two.policy.askedFor('leader')).toHaveLength(2);
    expect(two.policy.askedFor('member-fire')).toHaveLength(0);
    const one = playUa(spec(1, { members: { assault: 2 }, enemies, eng: { attackers_per_round: 2 } }), [2, 2], shoot);
    expect(one.policy.askedFor('member-fire')).toHaveLength(1);
  });
});

describe('§45 two players: an operation (Tactical Drill 01 v1.01)', () => {
  const yaml = (extra: string) => `name: t\ngame: urban-assault\nseed: 1\nstop: { games: 1 }\nrules: ${V101}\noperation:\n  scenario: ../scenarios/urban-assault/tutorial-01-port-v1.01.yaml\n  difficulty: NORMAL\n${extra}squad:\n  leader: { sub_ability: shooting, xp: { skill: 4, life: 4, sub: 2 }, skills: [rapid_fire, dodge] }\n  members: { assault: 6 }\n  players: 2\nvariants:\n  - { name: duo, baseline: true }\n`;

  it('plays whole operations: both leaders and squads consistent at the end, a win only with both leaders standing', () => {
    let wins = 0;
    seededGames(yaml(''), 300, (s, rec) => {
      if (rec.rates[OP_RATE_WIN] === 1) {
        wins++;
        expect(s.life > 0 && s.other.life > 0).toBe(true);
      }
      expect(rec.rates[OP_RATE_SURVIVED]).toBe(s.life > 0 && s.other.life > 0 && s.endReason !== END_LEADER_DOWN ? 1 : 0);
      expect(rec.values[OP_VAL_LIFE_END]).toBe(Math.max(0, s.life) + Math.max(0, s.other.life));
    });
    expect(wins).toBeGreaterThan(0);
  });

  it('the refusal is in Japanese for a Japanese user', () => {
    setLang('ja');
    try {
      expect(() => compileUa(spec(2, { rules: DEV }))).toThrow(/2人の分隊長.*v1\.01-2026-10 またはそれを基にしたルールセットでだけ処理されます/);
    } finally {
      setLang('en');
    }
  });
});

describe('§45 two players: the second leader\'s own spec (second_leader, UA-V57)', () => {
  /** spec(2, …) with `second_leader:` (and the first leader as given). */
  const duo = (second: Obj | undefined, opts: Parameters<typeof spec>[1] & { leader?: Obj; players?: number } = {}): UaSpec => {
    const sp = spec(opts.players ?? 2, opts);
    return { ...sp, squad: { ...(sp.squad as Obj), ...(opts.leader ? { leader: opts.leader } : {}), ...(second ? { second_leader: second } : {}) } } as UaSpec;
  };
  const FRAG = EXPENDABLES.indexOf('frag_grenade');

  it('plays his own 能力値, skills, kit and purchases; his 軍票 left joins the shared 軍票', () => {
    const second = { sub_ability: 'shooting', xp: { life: 2, sub: 2 }, skills: ['rapid_fire'], buy: ['frag_grenade'] };
    const { variant } = compileUa(duo(second, { members: { assault: 2 } }));
    const q = variant.squad, cost = q.rules.catalogue.expendableCosts.frag_grenade;
    expect(q.second).toMatchObject({ sub: 2, lifeMax: q.lifeBase + 2 + 1, subMax: 4, weapon: 'AR', purchaseCost: cost });
    // Each leader's starting 軍票 (§26 「全員共通 軍票 10枚」), less his own purchases; the copy (no key) adds none.
    expect(q.scripStart).toBe(2 * q.rules.economy.startingGunpyo - cost - q.purchaseCost);
    expect(compileUa(duo(undefined, { members: { assault: 2 } })).variant.squad.scripStart).toBe(q.rules.economy.startingGunpyo - q.purchaseCost);
    const run = playUa(duo(second, { members: { assault: 2 }, enemies: [foe({ attacks: 0 })] }), [2, 2, 2, 2, 2], { ...quiet(), round0: D.act(D.K_PASS) });
    const s = run.game.s, o = s.other;
    expect([s.sub, o.sub, o.subMax, o.lifeMax, o.expendables[FRAG], s.expendables[FRAG]]).toEqual([3, 2, 4, q.second!.lifeMax, 1, 0]);
    expect(o.weapon!.id).toBe('AR');
    expect(run.lines[1]).toMatch(/^two players \(§45\): the first leader with 1 members \(分隊規模 3\); the second leader, life 7, 射撃 4, 技量 0, AR, with 1 members \(分隊規模 3\)$/);
  });

  it('each squad is half its own leader\'s 分隊規模: the first (9) takes 4 of 7, the second (7) 3; 8 is refused', () => {
    const big = { sub_ability: 'command', xp: { squad_size: 4 } };
    const run = playUa(duo({ sub_ability: 'command' }, { leader: big, members: { assault: 7 }, enemies: [foe({ attacks: 0 })] }), [2, 2, 2, 2, 2, 2, 2, 2, 2], quiet());
    expect([run.game.s.squadSize, run.game.s.other.squadSize, run.game.s.withSquad(), run.game.s.otherWithSquad()]).toEqual([4, 3, 4, 3]);
    expect(() => compileUa(duo({ sub_ability: 'command' }, { leader: big, members: { assault: 8 } })))
      .toThrow(/ua-rules\.yaml:\d+: .*8 members are dealt 4 to the first squad and 4 to the second.*the first 4, the second 3/);
  });

  it('is refused in a campaign and in a chain (built on the copy), naming the file and line', () => {
    const scenario = { scenario: 's', map: 'd33', progression: { tiles_before_mid: 1, tiles_after_mid: 0 }, rules: { starting_magazines: { NORMAL: 10 } }, tiles: d33Traces(), mid: trace('mid', 90), final: trace('final', 99) };
    const op = (operation: Obj): OpSpec => ({ rules: V101, scenario, operation, squad: { leader: { sub_ability: 'shooting' }, players: 2, second_leader: { sub_ability: 'dexterity' } } });
    expect(() => compileOp(op({ campaign: { max_attempts: 3 } }))).toThrow(/ua-op\.yaml:\d+: .*second_leader is not played in a campaign/);
    expect(compileOp(op({})).variant.squad.second?.sub).toBe(1);
  });

  it('is refused without players: 2, and with a key a leader does not have (file and line)', () => {
    expect(() => compileUa(duo({ sub_ability: 'shooting' }, { players: 1 }))).toThrow(/ua-rules\.yaml:\d+: .*second_leader.*players: 2/);
    expect(() => compileUa(duo({ sub_ability: 'shooting', members: { assault: 1 } }))).toThrow(/ua-rules\.yaml:\d+: .*members/);
    setLang('ja');
    try {
      expect(() => compileUa(duo({ sub_ability: 'shooting' }, { players: 1 }))).toThrow(/second_leader（§45 2人の分隊長の2人目）は "players: 2" のときだけ処理されます/);
    } finally {
      setLang('en');
    }
  });
});

describe('§45 two players: who rolls a check outside the two-player steps (UA-R172 two_player_checks)', () => {
  // A d33 operation: tile 11 the event under test, the mid and the final traces. The first leader 射撃 (技量 0), the
  // second 器用 (器用点 2).
  const opSpec = (tile: Obj, rulings?: Record<string, string>, rules: Obj = {}): OpSpec => ({
    rules: V101, ...(rulings ? { rulings } : {}),
    scenario: { scenario: 'two-checks', map: 'd33', progression: { tiles_before_mid: 1, tiles_after_mid: 0 }, rules: { starting_magazines: { NORMAL: 10 }, ...rules }, tiles: d33Traces({ 11: tile }), mid: trace('mid', 90), final: trace('final', 99) },
    squad: { leader: { sub_ability: 'shooting' }, players: 2, second_leader: { sub_ability: 'dexterity' } },
  });
  const crate = { name: 'crate', location: 'indoor', supply: { check: { roll: 'dexterity', target: 5 }, success: [{ magazines: 3 }], failure: ['nothing'] } };

  it('an event\'s 判定ロール: first — the first leader (技量 0 + 4 < 5); better — the second (器用点 2 + 4, one point spent)', () => {
    const first = playOp(opSpec(crate), [...codes(11), 4], { detect: D.A_NO });
    expect([first.value('magazines_left'), first.game.s.other.subCur]).toEqual([10, 2]);
    const better = playOp(opSpec(crate, { two_player_checks: 'better' }), [...codes(11), 4], { detect: D.A_NO });
    expect([better.value('magazines_left'), better.game.s.other.subCur, better.game.s.subCur]).toEqual([13, 1, 2]);
    expect(better.lines).toContain('  the second leader rolls it (the higher value, UA-R172)');
    // A tie (a copy of the first leader): the first rolls.
    const tie = playOp({ ...opSpec(crate, { two_player_checks: 'better' }), squad: { leader: { sub_ability: 'shooting' }, players: 2 } }, [...codes(11), 4], { detect: D.A_NO });
    expect(tie.value('magazines_left')).toBe(10);
  });

  it('察知: first — a 射撃 first leader cannot try; better — the 器用 second leader tries it with his 器用点', () => {
    const guards = { name: 'checkpoint', location: 'indoor', encounter: { enemies: [{ name: 'guards', count: 2, level: 4, attacks: 0 }], reaction: 'fight_to_the_end' } };
    const better = playOp(opSpec(guards, { two_player_checks: 'better' }), [...codes(11), 6, ...codes(12)], { detect: [D.A_YES, D.A_NO] } as Answers);
    expect(better.policy.askedFor('detect')).toHaveLength(2);
    expect(better.game.s.other.subCur).toBe(1);
    expect(better.lines).toContain('  → tile 12');
    expect(better.lines.some((l) => l.startsWith('engagement'))).toBe(false);
    const first = playOp(opSpec(guards), [...codes(11), 2, 2], { detect: D.A_YES, opening: D.A_PREEMPT, leader: PASS, target: 0 } as Answers);
    expect(first.policy.askedFor('detect')).toHaveLength(0);
  });
});

describe('§45 two players: the scenario\'s issued expendables are one pool (UA-V58)', () => {
  // The scenario issues one frag grenade at the operation's start; the 射撃 leaders have none of their own. The final:
  // six guards who never attack, one round; each leader is asked for his action (the first, then the second).
  const FRAG_AT = leaderAct(D.K_FRAG, 0);
  const final = { name: 'final', location: 'indoor', encounter: { enemies: [{ name: 'g', count: 6, level: 4, attacks: 0 }], reaction: 'fight_to_the_end' } };
  const opSpec = (squad: Obj = {}): OpSpec => ({
    rules: V101,
    scenario: { scenario: 'pool', map: 'd33', progression: { tiles_before_mid: 1, tiles_after_mid: 0 }, rules: { starting_magazines: { NORMAL: 10 }, issued: ['frag_grenade'] }, tiles: d33Traces(), mid: trace('mid', 90), final },
    squad: { leader: { sub_ability: 'shooting' }, players: 2, members: { assault: 2 }, ...squad },
  });
  const answers = (leader: number[]): Answers => ({ opening: D.A_PREEMPT, round0: PASS, leader, 'member-fire': 0, target: 0, between: D.A_CONTINUE, 'kill-group': 0 });
  const dice = [...codes(11), ...new Array<number>(20).fill(3)];
  const FRAG = EXPENDABLES.indexOf('frag_grenade');

  it('both leaders may draw from it: the second throws it; once thrown, it is gone for both', () => {
    const second = playOp(opSpec(), dice, answers([PASS, FRAG_AT]));
    const asked = second.policy.askedFor('leader');
    expect([asked[0].legal.includes(FRAG_AT), asked[1].legal.includes(FRAG_AT)]).toEqual([true, true]);
    expect(second.game.s.expendables[FRAG] + second.game.s.other.expendables[FRAG]).toBe(0);
    const first = playOp(opSpec(), dice, answers([FRAG_AT, PASS]));
    expect(first.policy.askedFor('leader')[1].legal.includes(FRAG_AT)).toBe(false);
  });

  it('a leader\'s own are spent before the pool\'s: each throws his own, the pool\'s is left for both', () => {
    const own = playOp(opSpec({ buy: ['frag_grenade'] }), dice, answers([FRAG_AT, FRAG_AT]));
    const asked = own.policy.askedFor('leader');
    expect([asked[0].legal.includes(FRAG_AT), asked[1].legal.includes(FRAG_AT)]).toEqual([true, true]);
    // Each threw his own bought frag (the second is a copy of the spec); the pool's is left, back with the first leader
    // in play (the pool goes with the leader in play).
    expect([own.game.s.expendables[FRAG], own.game.s.other.expendables[FRAG], own.game.s.issuedPool[FRAG]]).toEqual([1, 0, 1]);
  });
});
