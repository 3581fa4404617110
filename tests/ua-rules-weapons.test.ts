// URBAN ASSAULT rules: guns, armour and attachments in combat (§27–§28), the
// members' special abilities (§28 隊員) and the shared magazines (§29).
import { describe, expect, it } from 'vitest';
import * as D from '../src/rules/urban-assault/decisions.js';
import { actionName, compileUa, first, last, leaderAct, playUa, lineIndex, PASS, type UaSpec } from './helpers/ua-harness.js';

type Obj = Record<string, unknown>;
/** One engagement, fighting to the end; `enemies` default to one silent (attacks 0) group of 3 at `level`. */
function spec(squad: Obj, opts: { level?: number; location?: string; enemies?: Obj[]; rounds?: number; rulings?: Record<string, string>; reaction?: unknown } = {}): UaSpec {
  return {
    engagements: [{
      name: 'e',
      location: opts.location ?? 'indoor',
      enemies: opts.enemies ?? [{ name: 'foes', count: 3, level: opts.level ?? 4, attacks: 0 }],
      ...(opts.reaction === null ? {} : { reaction: opts.reaction ?? 'fight_to_the_end' }),
    }],
    gauntlet: { max_rounds: opts.rounds ?? 1 },
    squad,
    rulings: opts.rulings,
  };
}
const shoot = (target = 0) => leaderAct(D.K_SHOOT, target);
const shots = (lines: string[]) => lines.filter((l) => /^ {2}leader (shoots|melee)/.test(l));
const command = { sub_ability: 'command' };

describe('§27 片手射撃', () => {
  it('§27 shooting one-handed (shield held) gives −1: AR with a riot shield, 4 misses level 4 and 5 hits', () => {
    const r = playUa(spec({ leader: command, buy: ['riot_shield'] }, { rounds: 2 }), [4, 5], { opening: D.A_PREEMPT, leader: shoot() });
    expect(shots(r.lines)).toEqual(['  leader shoots at foes: d6=4 −1 → 3 vs level 4 miss', '  leader shoots at foes: d6=5 −1 → 4 vs level 4 hit']);
    expect(r.game.s.unitLeft[0]).toBe(2);
  });

  it('§28 LMG one-handed is −2 (net −1 with its paid +1): 4 misses, 5 hits', () => {
    const r = playUa(spec({ leader: command, buy: ['LMG', 'riot_shield'], weapon: 'LMG', magazines: 20 }), [4, 5], { opening: D.A_PREEMPT, leader: shoot() });
    expect(shots(r.lines)).toEqual(['  leader shoots at foes: d6=4 −1 → 3 vs level 4 miss', '  leader shoots at foes: d6=5 −1 → 4 vs level 4 hit']);
    expect(r.game.s.magazinesSpent).toBe(2); // UA-R02 per-action: 1 + 1 extra for the action
  });

  it('§28 the SMG has no one-handed penalty: 格闘 leader with SMG and shield hits level 4 on a 4 indoors', () => {
    const r = playUa(spec({ leader: { sub_ability: 'melee' }, buy: ['riot_shield'] }), [4], { opening: D.A_PREEMPT, round0: PASS, leader: shoot() });
    expect(shots(r.lines)).toEqual(['  leader shoots at foes: d6=4 +0 → 4 vs level 4 hit']);
  });

  it('§28 the DMR is two-handed (［両手］): fielding it with a shield is a compile error', () => {
    expect(() => compileUa(spec({ leader: { sub_ability: 'dexterity' }, buy: ['riot_shield'] }))).toThrow(/DMR is two-handed/);
  });
});

describe('§28 個人武装', () => {
  it('§28 SMG outdoors gives −1 to the attack roll: 4 misses level 4, 5 hits', () => {
    const r = playUa(spec({ leader: { sub_ability: 'melee' } }, { location: 'outdoor', rounds: 2 }), [4, 5], { opening: D.A_PREEMPT, round0: PASS, leader: shoot() });
    expect(shots(r.lines)).toEqual(['  leader shoots at foes: d6=4 −1 → 3 vs level 4 miss', '  leader shoots at foes: d6=5 −1 → 4 vs level 4 hit']);
  });

  it('§28 LMG UA-R02 per-action (default): one shooting action (2 shots, both +1) costs 1 + 1 extra = 2 magazines, as the gunner\'s 「1ラウンド合計2消費」', () => {
    const r = playUa(spec({ leader: command, buy: ['LMG'], weapon: 'LMG', magazines: 12 }), [3, 3], { opening: D.A_PREEMPT, leader: shoot() });
    expect(shots(r.lines)).toEqual(['  leader shoots at foes: d6=3 +1 → 4 vs level 4 hit', '  leader shoots at foes: d6=3 +1 → 4 vs level 4 hit']);
    expect(r.game.s.magazinesSpent).toBe(2);
  });

  it('§28 LMG UA-R02 per-action: the action is paid once, so the second shot fires even when the first spent the last magazines; with 1 magazine no +1', () => {
    // 10 − 8 = 2 magazines: the action pays both (+1 on both shots), nothing left, the second shot still fires.
    const two = playUa(spec({ leader: command, buy: ['LMG'], weapon: 'LMG', magazines: 10 }), [3, 3], { opening: D.A_PREEMPT, leader: shoot() });
    expect(shots(two.lines)).toEqual(['  leader shoots at foes: d6=3 +1 → 4 vs level 4 hit', '  leader shoots at foes: d6=3 +1 → 4 vs level 4 hit']);
    expect(two.game.s.magazines).toBe(0);
    // 9 − 8 = 1 magazine: the action is paid without the extra, so neither shot gets +1.
    const one = playUa(spec({ leader: command, buy: ['LMG'], weapon: 'LMG', magazines: 9 }), [3, 3], { opening: D.A_PREEMPT, leader: shoot() });
    expect(shots(one.lines)).toEqual(['  leader shoots at foes: d6=3 +0 → 3 vs level 4 miss', '  leader shoots at foes: d6=3 +0 → 3 vs level 4 miss']);
    expect(one.game.s.magazinesSpent).toBe(1);
  });

  it('§28 LMG UA-R02 extra-per-shot: 2 shots, each +1 bought with an extra magazine; without the extra magazine no +1', () => {
    // 11 − 8 = 3 magazines: shot 1 pays 2 (+1), shot 2 can pay only 1 (no +1).
    const r = playUa(spec({ leader: command, buy: ['LMG'], weapon: 'LMG', magazines: 11 }, { rulings: { lmg_ammo: 'extra-per-shot' } }), [3, 3], { opening: D.A_PREEMPT, leader: shoot() });
    expect(shots(r.lines)).toEqual(['  leader shoots at foes: d6=3 +1 → 4 vs level 4 hit', '  leader shoots at foes: d6=3 +0 → 3 vs level 4 miss']);
    expect(r.game.s.magazines).toBe(0);
    expect(r.game.s.magazinesSpent).toBe(3);
  });

  it('§28 LMG UA-R02 extra-per-round: the first shot pays the extra magazine and both shots get +1', () => {
    const r = playUa(spec({ leader: command, buy: ['LMG'], weapon: 'LMG', magazines: 12 }, { rulings: { lmg_ammo: 'extra-per-round' } }), [3, 3], { opening: D.A_PREEMPT, leader: shoot() });
    expect(shots(r.lines)).toEqual(['  leader shoots at foes: d6=3 +1 → 4 vs level 4 hit', '  leader shoots at foes: d6=3 +1 → 4 vs level 4 hit']);
    expect(r.game.s.magazinesSpent).toBe(3);
    expect(r.game.s.unitLeft[0]).toBe(1);
  });

  it('§28 DMR +1, and an odd achieved value lets the shooter choose the unit hit (no random target among mixed enemies)', () => {
    const enemies = [{ name: 'foes', count: 3, level: 4, attacks: 0 }, { name: 'boss', kind: 'high_threat', life: 3, level: 4, attacks: 0 }];
    // 4 + DMR 1 = 5, odd: the aimed boss is hit, no random draw.
    const odd = playUa(spec({ leader: { sub_ability: 'dexterity' } }, { enemies }), [4], { opening: D.A_PREEMPT, leader: shoot(1) });
    expect(shots(odd.lines)).toEqual(['  leader shoots at boss: d6=4 +1 → 5 vs level 4 hit']);
    expect([odd.game.s.unitLeft[0], odd.game.s.unitLeft[1]]).toEqual([3, 2]);
    expect(odd.dice.remaining).toBe(0);
    // 3 + 1 = 4, even: the hit lands on a random unit (UA-R10): scripted index 0 → the group.
    const even = playUa(spec({ leader: { sub_ability: 'dexterity' } }, { enemies }), [3, 1], { opening: D.A_PREEMPT, leader: shoot(1) });
    expect([even.game.s.unitLeft[0], even.game.s.unitLeft[1]]).toEqual([2, 3]);
    expect(even.dice.remaining).toBe(0);
  });

  it('§28 laser sight +1 to the attack roll indoors only (3 hits level 4 indoors, misses outdoors)', () => {
    const indoor = playUa(spec({ leader: { sub_ability: 'shooting' } }), [3], { opening: D.A_PREEMPT, leader: shoot() });
    expect(shots(indoor.lines)).toEqual(['  leader shoots at foes: d6=3 +1 → 4 vs level 4 hit']);
    const outdoor = playUa(spec({ leader: { sub_ability: 'shooting' } }, { location: 'outdoor' }), [3], { opening: D.A_PREEMPT, leader: shoot() });
    expect(shots(outdoor.lines)).toEqual(['  leader shoots at foes: d6=3 +0 → 3 vs level 4 miss']);
  });

  it('§28 suppressor: −1 to the attack roll', () => {
    const r = playUa(spec({ leader: command, buy: ['suppressor'] }, { rounds: 2 }), [4, 5], { opening: D.A_PREEMPT, leader: shoot() });
    expect(shots(r.lines)).toEqual(['  leader shoots at foes: d6=4 −1 → 3 vs level 4 miss', '  leader shoots at foes: d6=5 −1 → 4 vs level 4 hit']);
  });
});

describe('§28 防護装備', () => {
  const oneAttacker = [{ name: 'foes', count: 1, level: 4, attacks: 1 }];
  it('§28 plate carrier: +1 to the defence roll (3 + 1 = 4 holds against level 4) and +1 max life', () => {
    const r = playUa(spec({ leader: { sub_ability: 'dexterity' }, buy: ['plate_carrier'] }, { enemies: oneAttacker }), [3], { opening: D.A_PREEMPT, leader: PASS });
    expect(r.lines).toContain('  leader defends vs foes: d6=3 +1 → 4 vs 4 safe');
    expect([r.game.s.life, r.game.s.lifeMax]).toEqual([5, 5]);
  });

  it('§28 soft armour: +1 max life but no defence bonus (3 fails against level 4)', () => {
    const r = playUa(spec({ leader: { sub_ability: 'dexterity' } }, { enemies: oneAttacker }), [3], { opening: D.A_PREEMPT, leader: PASS });
    expect(r.lines).toContain('  leader defends vs foes: d6=3 +0 → 3 vs 4 fails');
    expect([r.game.s.life, r.game.s.lifeMax]).toEqual([4, 5]);
  });

  it('§28 riot shield: +1 defence against shooting only', () => {
    const gun = playUa(spec({ leader: command, buy: ['riot_shield'] }, { enemies: oneAttacker }), [3], { opening: D.A_PREEMPT, leader: PASS });
    expect(gun.lines).toContain('  leader defends vs foes: d6=3 +1 → 4 vs 4 safe');
    const knives = playUa(spec({ leader: command, buy: ['riot_shield'] }, { enemies: [{ ...oneAttacker[0], gun_armed: false }] }), [3], { opening: D.A_PREEMPT, leader: PASS });
    expect(knives.lines).toContain('  leader defends vs foes: d6=3 +0 → 3 vs 4 fails');
  });
});

describe('§28 隊員', () => {
  const silent12 = { level: 12 };
  it('§28 members\' 技量点: assault 1, marksman 1, medic/scout/engineer 0 (each rolls 1d6 + own 技量 with a gun)', () => {
    const r = playUa(spec({ leader: command, magazines: 20, members: { assault: 1, marksman: 1, medic: 1, scout: 1, engineer: 1 } }, silent12), [3, 3, 3, 3, 3],
      { opening: D.A_PREEMPT, leader: PASS, 'member-fire': last });
    expect(r.lines.filter((l) => / shoots at /.test(l))).toEqual([
      '  marksman shoots at foes: d6=3 +1 → 4 vs level 12 miss',
      '  assault shoots at foes: d6=3 +1 → 4 vs level 12 miss',
      '  medic shoots at foes: d6=3 +0 → 3 vs level 12 miss',
      '  scout shoots at foes: d6=3 +0 → 3 vs level 12 miss',
      '  engineer shoots at foes: d6=3 +0 → 3 vs level 12 miss',
    ]);
  });

  it('§33 non-combatants (K9, interpreter, porter) and the spotter never attack', () => {
    const r = playUa(spec({ leader: command, members: { k9: 1, interpreter: 1, porter: 1, spotter: 1 } }, { location: 'outdoor' }), [],
      { opening: D.A_PREEMPT, leader: PASS });
    expect(r.policy.askedFor('member-fire')).toHaveLength(0);
    expect(r.lines.some((l) => / (shoots|melee) at /.test(l))).toBe(false);
    expect(r.dice.remaining).toBe(0);
  });

  it('§28 gunner: 2 attack rolls per round, 2 magazines per round in total (UA-R01 two-per-round)', () => {
    const r = playUa(spec({ leader: command, members: { gunner: 1 } }, silent12), [2, 2], { opening: D.A_PREEMPT, leader: PASS, 'member-fire': last });
    expect(r.lines.filter((l) => l.startsWith('  gunner shoots'))).toHaveLength(2);
    expect(r.game.s.magazinesSpent).toBe(2);
    expect(r.dice.remaining).toBe(0);
  });

  it('§28 gunner with 1 magazine left: the action is paid, both rolls fire without the extra (one principle with the leader\'s LMG, UA-R01/R02)', () => {
    // Cap 4 − the gunner's 3 = 1 magazine.
    const r = playUa(spec({ leader: command, members: { gunner: 1 }, magazines: 4 }, silent12), [2, 2], { opening: D.A_PREEMPT, leader: PASS, 'member-fire': last });
    expect(r.lines.filter((l) => l.startsWith('  gunner shoots'))).toHaveLength(2);
    expect(r.lines.some((l) => l.startsWith('  gunner melee'))).toBe(false);
    expect(r.game.s.magazinesSpent).toBe(1);
    expect(r.game.s.magazines).toBe(0);
    expect(r.dice.remaining).toBe(0);
  });

  it('§28 gunner with no magazine: nothing is paid, so both attacks are melee', () => {
    const r = playUa(spec({ leader: command, members: { gunner: 1 }, magazines: 3 }, silent12), [2, 2], { opening: D.A_PREEMPT, leader: PASS, 'member-fire': last });
    expect(r.lines.filter((l) => l.startsWith('  gunner shoots'))).toHaveLength(0);
    expect(r.game.s.magazinesSpent).toBe(0);
    expect(r.dice.remaining).toBe(0);
  });

  it('§28 gunner UA-R01 extra-per-shot with 1 magazine: the first shot is paid 1, the second (no magazine) is a melee attack', () => {
    const r = playUa(spec({ leader: command, members: { gunner: 1 }, magazines: 4 }, { ...silent12, rulings: { gunner_ammo: 'extra-per-shot' } }), [2, 2], { opening: D.A_PREEMPT, leader: PASS, 'member-fire': last });
    expect(r.lines.filter((l) => l.startsWith('  gunner shoots'))).toHaveLength(1);
    expect(r.game.s.magazinesSpent).toBe(1);
  });

  it('§28 gunner UA-R01 extra-per-shot: each of the 2 shots costs 1 + 1 magazines (4 per round)', () => {
    const r = playUa(spec({ leader: command, members: { gunner: 1 } }, { ...silent12, rulings: { gunner_ammo: 'extra-per-shot' } }), [2, 2], { opening: D.A_PREEMPT, leader: PASS, 'member-fire': last });
    expect(r.lines.filter((l) => l.startsWith('  gunner shoots'))).toHaveLength(2);
    expect(r.game.s.magazinesSpent).toBe(4);
  });

  it('§28 gunner: the LMG gives the member no +1 (skill 0: 3 misses level 4)', () => {
    const r = playUa(spec({ leader: command, members: { gunner: 1 } }), [3, 3], { opening: D.A_PREEMPT, leader: PASS, 'member-fire': last });
    expect(r.lines.filter((l) => l.startsWith('  gunner shoots'))).toEqual(['  gunner shoots at foes: d6=3 +0 → 3 vs level 4 miss', '  gunner shoots at foes: d6=3 +0 → 3 vs level 4 miss']);
  });

  it('§28 marksman: always 精密射撃 — chooses the unit hit, no random target among mixed enemies', () => {
    const enemies = [{ name: 'foes', count: 3, level: 4, attacks: 0 }, { name: 'boss', kind: 'high_threat', life: 3, level: 4, attacks: 0 }];
    const r = playUa(spec({ leader: command, members: { marksman: 1 } }, { enemies }), [3], { opening: D.A_PREEMPT, leader: PASS, 'member-fire': last, target: 1 });
    expect(r.lines).toContain('  marksman shoots at boss: d6=3 +1 → 4 vs level 4 hit');
    expect([r.game.s.unitLeft[0], r.game.s.unitLeft[1]]).toEqual([3, 2]);
    expect(r.dice.remaining).toBe(0);
  });

  it('§36/UA-R10 random: an ordinary member hit on mixed enemies lands on a random unit (one extra draw)', () => {
    const enemies = [{ name: 'foes', count: 3, level: 4, attacks: 0 }, { name: 'boss', kind: 'high_threat', life: 3, level: 4, attacks: 0 }];
    const r = playUa(spec({ leader: command, members: { assault: 1 } }, { enemies }), [3, 1], { opening: D.A_PREEMPT, leader: PASS, 'member-fire': last, target: 1 });
    expect(r.lines).toContain('  assault shoots at boss: d6=3 +1 → 4 vs level 4 hit');
    expect([r.game.s.unitLeft[0], r.game.s.unitLeft[1]]).toEqual([2, 3]);
    expect(r.dice.remaining).toBe(0);
  });

  it('§24/§36 UA-R10 choose: an ordinary hit lands on the aimed unit without a random draw', () => {
    const enemies = [{ name: 'foes', count: 3, level: 4, attacks: 0 }, { name: 'boss', kind: 'high_threat', life: 3, level: 4, attacks: 0 }];
    const r = playUa(spec({ leader: command, members: { assault: 1 } }, { enemies, rulings: { mixed_targeting: 'choose' } }), [3], { opening: D.A_PREEMPT, leader: PASS, 'member-fire': last, target: 1 });
    expect([r.game.s.unitLeft[0], r.game.s.unitLeft[1]]).toEqual([3, 2]);
    expect(r.dice.remaining).toBe(0);
  });

  it('§28 sniper: shoots in round 0 and again each round outdoors (技量 2, 1 magazine per shot)', () => {
    const r = playUa(spec({ leader: command, members: { sniper: 1 } }, { location: 'outdoor' }), [2, 2], { opening: D.A_PREEMPT, leader: PASS });
    expect(r.lines.filter((l) => l.startsWith('  sniper shoots'))).toEqual(['  sniper shoots at foes: d6=2 +2 → 4 vs level 4 hit', '  sniper shoots at foes: d6=2 +2 → 4 vs level 4 hit']);
    expect(lineIndex(r.lines, /sniper shoots/)).toBeLessThan(lineIndex(r.lines, /^ round 1/));
    expect(r.game.s.unitLeft[0]).toBe(1);
    expect(r.game.s.magazinesSpent).toBe(2);
  });

  it('§28 sniper: attacks only outdoors — indoors it never shoots', () => {
    const r = playUa(spec({ leader: command, members: { sniper: 1 } }), [], { opening: D.A_PREEMPT, leader: PASS });
    expect(r.lines.some((l) => l.includes('sniper'))).toBe(false);
    expect(r.game.s.magazinesSpent).toBe(0);
    expect(r.game.s.unitLeft[0]).toBe(3);
  });

  it('§28/§36 sniper: the round-0 shot comes first even when the enemy acts first', () => {
    const r = playUa(spec({ leader: command, members: { sniper: 1 } }, { location: 'outdoor', reaction: 'hostile' }), [3, 2, 2], { opening: D.A_READ, leader: PASS });
    expect(r.lines).toContain('  reaction: d6=3 → hostile');
    const sniper = lineIndex(r.lines, /sniper shoots/);
    expect(sniper).toBeGreaterThan(0);
    expect(sniper).toBeLessThan(lineIndex(r.lines, /^ enemy turn/));
    expect(lineIndex(r.lines, /^ enemy turn/)).toBeLessThan(lineIndex(r.lines, /^ squad's turn/));
  });

  it('§28 spotter: +1 to the sniper\'s attack roll (2 + 2 + 1 = 5 hits level 5; without a spotter 4 misses)', () => {
    const withSpotter = playUa(spec({ leader: command, members: { sniper: 1, spotter: 1 } }, { location: 'outdoor', level: 5 }), [2, 2], { opening: D.A_PREEMPT, leader: PASS });
    expect(withSpotter.lines.filter((l) => l.startsWith('  sniper shoots'))).toEqual(['  sniper shoots at foes: d6=2 +3 → 5 vs level 5 hit', '  sniper shoots at foes: d6=2 +3 → 5 vs level 5 hit']);
    const alone = playUa(spec({ leader: command, members: { sniper: 1 } }, { location: 'outdoor', level: 5 }), [2, 2], { opening: D.A_PREEMPT, leader: PASS });
    expect(alone.game.s.unitLeft[0]).toBe(3);
  });

  it('§28 medic: after the combat the leader recovers 1 life', () => {
    const r = playUa(spec({ leader: { sub_ability: 'dexterity' }, members: { medic: 1 } }, { enemies: [{ name: 'foes', count: 1, level: 4, attacks: 1 }], reaction: null }), [2, 5], {
      opening: D.A_READ, 'odd-attack': D.A_TO_LEADER, leader: shoot(),
    });
    expect(r.lines).toContain('    leader hit: life 4');
    expect(r.lines).toContain('  medic treats the leader: life 5');
    expect(r.game.s.life).toBe(5);
    expect(r.game.s.engagementsCleared).toBe(1);
  });
});

describe('§29 武器と弾倉', () => {
  it('§29 one shared magazine pool: the leader\'s and the members\' shots come out of the same magazines', () => {
    const r = playUa(spec({ leader: command, members: { assault: 1 }, magazines: 5 }, { level: 12 }), [2, 2], { opening: D.A_PREEMPT, leader: shoot(), 'member-fire': last });
    expect(r.game.s.magazines).toBe(3);
    expect(r.game.s.magazinesSpent).toBe(2);
  });

  it('§29 at 0 magazines nobody can shoot: leader and members melee with −2 against gun-armed enemies', () => {
    const r = playUa(spec({ leader: command, members: { assault: 1 }, magazines: 0 }), [5, 5], { opening: D.A_PREEMPT, leader: leaderAct(D.K_MELEE, 0) });
    expect(r.policy.askedFor('leader')[0].legal.map(actionName)).not.toContain('shoot@0');
    expect(r.policy.askedFor('member-fire')).toHaveLength(0);
    expect(r.lines).toContain('  leader melee at foes: d6=5 −2 → 3 vs level 4 miss');
    expect(r.lines).toContain('  assault melee at foes: d6=5 −1 → 4 vs level 4 hit'); // 5 + 技量 1 − 2
    expect(r.game.s.unitLeft[0]).toBe(2);
  });

  it('§29 the melee −2 applies only against gun-armed enemies', () => {
    const r = playUa(spec({ leader: command, members: { assault: 1 }, magazines: 0 }, { enemies: [{ name: 'foes', count: 3, level: 4, attacks: 0, gun_armed: false }] }), [5, 5],
      { opening: D.A_PREEMPT, leader: leaderAct(D.K_MELEE, 0) });
    expect(r.lines).toContain('  leader melee at foes: d6=5 +0 → 5 vs level 4 hit');
    expect(r.game.s.unitLeft[0]).toBe(1);
  });

  it('§28 対爆スーツ −1 on every 攻撃ロール: melee too (UA-R90 every-attack-roll); gun-only leaves melee alone', () => {
    const eod = { leader: command, buy: ['eod_suit'], armour: 'eod_suit', magazines: 8 };
    const every = playUa(spec(eod), [5], { opening: D.A_PREEMPT, leader: leaderAct(D.K_MELEE, 0) });
    expect(every.lines).toContain('  leader melee at foes: d6=5 −3 → 2 vs level 4 miss');
    const gunOnly = playUa(spec(eod, { rulings: { eod_attack_penalty: 'gun-only' } }), [5], { opening: D.A_PREEMPT, leader: leaderAct(D.K_MELEE, 0) });
    expect(gunOnly.lines).toContain('  leader melee at foes: d6=5 −2 → 3 vs level 4 miss');
  });

  it('§22/§29 a 格闘 leader takes no −2 in melee (4 hits a gun-armed level 4)', () => {
    const r = playUa(spec({ leader: { sub_ability: 'melee' }, magazines: 0 }), [4], { opening: D.A_PREEMPT, round0: PASS, leader: leaderAct(D.K_MELEE, 0) });
    expect(r.lines).toContain('  leader melee at foes: d6=4 +0 → 4 vs level 4 hit');
  });

  it('§29 a combat that starts with 1 magazine allows exactly one shot; then everybody melees', () => {
    const r = playUa(spec({ leader: command, members: { assault: 1 }, magazines: 1 }, { rounds: 2, level: 6 }), [3, 1, 2, 1], {
      opening: D.A_PREEMPT, leader: [shoot(), leaderAct(D.K_MELEE, 0)],
    });
    expect(r.lines.filter((l) => / (shoots|melee) at /.test(l))).toEqual([
      '  leader shoots at foes: d6=3 +0 → 3 vs level 6 miss',
      '  assault melee at foes: d6=1 −1 → 0 vs level 6 miss',
      '  leader melee at foes: d6=2 −2 → 0 vs level 6 miss',
      '  assault melee at foes: d6=1 −1 → 0 vs level 6 miss',
    ]);
    expect(r.policy.askedFor('leader')[1].legal.map(actionName)).not.toContain('shoot@0');
    expect(r.game.s.magazinesSpent).toBe(1);
  });

  it('§29 the LMG with 1 magazine fires once; its second attack is a melee attack (UA-R02 extra-per-shot: each shot is paid)', () => {
    const r = playUa(spec({ leader: command, buy: ['LMG'], weapon: 'LMG', magazines: 9 }, { rulings: { lmg_ammo: 'extra-per-shot' } }), [3, 5], { opening: D.A_PREEMPT, leader: shoot() });
    expect(shots(r.lines)).toEqual(['  leader shoots at foes: d6=3 +0 → 3 vs level 4 miss', '  leader melee at foes: d6=5 −2 → 3 vs level 4 miss']);
    expect(r.game.s.magazinesSpent).toBe(1);
  });
});

describe('§28 暗所', () => {
  const dark = (squad: Obj, rulings?: Record<string, string>) => ({
    engagements: [{ name: 'cellar', location: 'indoor', dark: true, enemies: [{ name: 'foes', count: 3, level: 4, attacks: 0 }], reaction: 'fight_to_the_end' }],
    squad,
    rulings,
  });
  it('§28/UA-R13 shooting in the dark: −1 to the leader\'s gun shots unless he has NVG', () => {
    const r = playUa(dark({ leader: command }), [4], { opening: D.A_PREEMPT, leader: shoot() });
    expect(shots(r.lines)).toEqual(['  leader shoots at foes: d6=4 −1 → 3 vs level 4 miss']);
    const nvg = playUa(dark({ leader: command, buy: ['nvg'] }), [4], { opening: D.A_PREEMPT, leader: shoot() });
    expect(shots(nvg.lines)).toEqual(['  leader shoots at foes: d6=4 +0 → 4 vs level 4 hit']);
  });

  it('§28 UA-R13 minus-2: the darkness penalty is −2', () => {
    const r = playUa(dark({ leader: command }, { dark_penalty: 'minus-2' }), [5], { opening: D.A_PREEMPT, leader: shoot() });
    expect(shots(r.lines)).toEqual(['  leader shoots at foes: d6=5 −2 → 3 vs level 4 miss']);
  });
});

describe('§28 ボディアーマー', () => {
  const armoured = (rulings?: Record<string, string>) => spec({ leader: { sub_ability: 'dexterity' }, buy: ['body_armor'] }, { rulings });
  it('§28 UA-R05 none: body armour\'s 先制判定 −1 has no effect — 先制攻撃 needs no roll', () => {
    const r = playUa(armoured(), [], { opening: D.A_PREEMPT, leader: PASS });
    expect(lineIndex(r.lines, /^ squad's turn/)).toBeLessThan(lineIndex(r.lines, /^ enemy turn/));
    expect(r.dice.remaining).toBe(0);
  });

  it('§28 UA-R05 preemptive-check: with body armour 先制攻撃 needs 1d6 + 技量 − 1 ≥ 4, else the enemy acts first', () => {
    const slow = playUa(armoured({ body_armor_initiative: 'preemptive-check' }), [4], { opening: D.A_PREEMPT, leader: PASS });
    expect(slow.lines).toContain('  body-armour initiative check: d6=4 −1 → 3 — too slow, the enemy strikes first');
    expect(lineIndex(slow.lines, /^ enemy turn/)).toBeLessThan(lineIndex(slow.lines, /^ squad's turn/));
    const quick = playUa(armoured({ body_armor_initiative: 'preemptive-check' }), [5], { opening: D.A_PREEMPT, leader: PASS });
    expect(lineIndex(quick.lines, /^ squad's turn/)).toBeLessThan(lineIndex(quick.lines, /^ enemy turn/));
  });
});
