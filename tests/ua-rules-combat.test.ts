// URBAN ASSAULT rules: the enemy's attacks and the hit table (§36), withdrawal
// (§38), retreat (§42) and the scenario's enemy traits, with forced dice.
import { describe, expect, it } from 'vitest';
import * as D from '../src/rules/urban-assault/decisions.js';
import { RATE_RETREATED, RATE_WIN } from '../src/rules/urban-assault/combat/game.js';
import { actionName, last, leaderAct, lineIndex, playUa, PASS, type UaSpec } from './helpers/ua-harness.js';

type Obj = Record<string, unknown>;
const group = (name: string, count: number, level: number, attacks: number, extra: Obj = {}): Obj => ({ name, count, level, attacks, ...extra });
function spec(squad: Obj, enemies: Obj[], opts: { reaction?: unknown; rounds?: number; location?: string; eng?: Obj; gauntlet?: Obj; rulings?: Record<string, string> } = {}): UaSpec {
  return {
    engagements: [{
      name: 'e', location: opts.location ?? 'indoor', enemies,
      ...(opts.reaction === null ? {} : { reaction: opts.reaction ?? 'fight_to_the_end' }),
      ...opts.eng,
    }],
    gauntlet: { max_rounds: opts.rounds ?? 1, ...opts.gauntlet },
    squad,
    rulings: opts.rulings,
  };
}
const dex = { sub_ability: 'dexterity' };
const split = (lines: string[]) => lines.filter((l) => /^ {2}\d+ enemy attacks:/.test(l));

describe('§36 敵の攻撃回数', () => {
  it('§36 an enemy group makes one attack per soldier standing (3 soldiers → 3 defence rolls)', () => {
    const r = playUa(spec({ leader: dex }, [group('foes', 3, 4, 1)]), [5, 5, 5], { opening: D.A_PREEMPT, leader: PASS });
    expect(split(r.lines)).toEqual(['  3 enemy attacks: 3 at the leader, 0 at the members']);
    expect(r.dice.remaining).toBe(0);
  });

  it('§36 a high-threat target makes its listed attack count, whatever its life', () => {
    const r = playUa(spec({ leader: dex }, [{ name: 'boss', kind: 'high_threat', life: 5, level: 4, attacks: 2 }]), [5, 5], { opening: D.A_PREEMPT, leader: PASS });
    expect(split(r.lines)).toEqual(['  2 enemy attacks: 2 at the leader, 0 at the members']);
    expect(r.dice.remaining).toBe(0);
  });

  it('§36 half the attacks (rounded down) go to the leader, the rest to the members (4 → 2 + 2, no choice)', () => {
    const r = playUa(spec({ leader: dex, members: { assault: 3 } }, [group('foes', 4, 4, 1)]), [1, 1, 1, 5, 5, 5, 5],
      { opening: D.A_PREEMPT, leader: PASS, 'member-fire': last });
    expect(split(r.lines)).toEqual(['  4 enemy attacks: 2 at the leader, 2 at the members']);
    expect(r.policy.askedFor('odd-attack')).toHaveLength(0);
    expect(r.lines.filter((l) => l.includes('leader defends'))).toHaveLength(2);
    expect(r.lines.filter((l) => l.includes('members defend'))).toHaveLength(2);
  });

  it('§36 the odd attack goes where the player decides (3 attacks: to the leader → 2 + 1, to the members → 1 + 2)', () => {
    const base = spec({ leader: dex, members: { assault: 3 } }, [group('foes', 3, 4, 1)]);
    const toLeader = playUa(base, [1, 1, 1, 5, 5, 5], { opening: D.A_PREEMPT, leader: PASS, 'member-fire': last, 'odd-attack': D.A_TO_LEADER });
    expect(split(toLeader.lines)).toEqual(['  3 enemy attacks: 2 at the leader, 1 at the members']);
    const toMembers = playUa(base, [1, 1, 1, 5, 5, 5], { opening: D.A_PREEMPT, leader: PASS, 'member-fire': last, 'odd-attack': D.A_TO_MEMBERS });
    expect(split(toMembers.lines)).toEqual(['  3 enemy attacks: 1 at the leader, 2 at the members']);
    expect(toMembers.policy.askedFor('odd-attack')[0].legal).toEqual([D.A_TO_LEADER, D.A_TO_MEMBERS]);
  });

  it('§36 attacks beyond the number of members go to the leader automatically (5 attacks, 1 member → 4 + 1)', () => {
    const r = playUa(spec({ leader: dex, members: { assault: 1 } }, [group('foes', 5, 4, 1)]), [1, 5, 5, 5, 5, 5],
      { opening: D.A_PREEMPT, leader: PASS, 'member-fire': last, 'odd-attack': D.A_TO_MEMBERS });
    expect(split(r.lines)).toEqual(['  5 enemy attacks: 4 at the leader, 1 at the members']);
    expect(r.dice.remaining).toBe(0);
  });

  it('§36 a failed defence costs the leader 1 life; at 0 he is down and the run ends', () => {
    const r = playUa(spec({ leader: dex, armour: 'none' }, [group('foes', 4, 4, 1)]), [1, 1, 1, 1], { opening: D.A_PREEMPT, leader: PASS });
    expect(r.game.s.life).toBe(0);
    expect(r.lines).toContain('  the leader is down (行動不能)');
    expect(r.record.rates[1]).toBe(0);
  });
});

describe('§36 防御ロールと被弾テーブル', () => {
  it('§36 members defend with the leader\'s 技量点 (leader 技量 2: 2 + 2 = 4 holds vs level 4)', () => {
    const r = playUa(spec({ leader: { ...dex, xp: { skill: 8 } }, members: { assault: 1 } }, [group('foes', 1, 4, 1)], { reaction: null }), [2, 1],
      { opening: D.A_READ, 'odd-attack': D.A_TO_MEMBERS, leader: PASS, 'member-fire': last });
    expect(r.lines).toContain('  members defend vs foes: d6=2 +2 → 4 vs 4 safe');
    expect(r.game.s.members[4]).toBe(1);
  });

  it('§36 UA-R14 leader-skill: members do not get the leader\'s armour; leader-skill-and-armour: they do', () => {
    const squad = { leader: dex, buy: ['plate_carrier'], members: { assault: 1 } };
    const answers = { opening: D.A_READ, 'odd-attack': D.A_TO_MEMBERS, leader: PASS, 'member-fire': last } as const;
    const plain = playUa(spec(squad, [group('foes', 1, 4, 1)], { reaction: null }), [3, 5], answers);
    expect(plain.lines).toContain('  members defend vs foes: d6=3 +0 → 3 vs 4 fails');
    expect(plain.game.s.members[4]).toBe(0);
    const armoured = playUa(spec(squad, [group('foes', 1, 4, 1)], { reaction: null, rulings: { member_defence: 'leader-skill-and-armour' } }), [3, 1], answers);
    expect(armoured.lines).toContain('  members defend vs foes: d6=3 +1 → 4 vs 4 safe');
    expect(armoured.game.s.members[4]).toBe(1);
  });

  const hitTable = (face: number) => playUa(spec({ leader: dex, members: { scout: 1, assault: 1 } }, [group('foes', 1, 4, 1)], { reaction: null }), [1, face, 1],
    { opening: D.A_READ, 'odd-attack': D.A_TO_MEMBERS, leader: PASS, 'member-fire': last });

  it('§36 hit table: the rolled role takes the hit (2 = scout)', () => {
    const r = hitTable(2);
    expect(r.lines).toContain('    hit table d6=2: a scout drops (1 members left)');
    expect([r.game.s.members[1], r.game.s.members[4]]).toEqual([0, 1]);
  });

  it('§36 hit table: an absent role passes the hit upward to the first role present (3 → 4 → 5 = assault)', () => {
    const r = hitTable(3);
    expect(r.lines).toContain('    hit table d6=3: a assault drops (1 members left)');
    expect([r.game.s.members[1], r.game.s.members[4]]).toEqual([1, 0]);
  });

  it('§36 hit table: with nobody above, it goes downward (6 = no gunner → 5 = assault)', () => {
    const r = hitTable(6);
    expect([r.game.s.members[1], r.game.s.members[4]]).toEqual([1, 0]);
  });

  it('§36 hit table: 1 = no medic → upward to 2 = scout', () => {
    const r = hitTable(1);
    expect([r.game.s.members[1], r.game.s.members[4]]).toEqual([0, 1]);
  });

  it('§36 the sniper point and non-combatants are not on the hit table: with only them, every attack goes to the leader', () => {
    const r = playUa(spec({ leader: dex, magazines: 20, members: { sniper: 1, spotter: 1, k9: 1, interpreter: 1, porter: 1 } }, [group('foes', 3, 4, 1)], { reaction: null }),
      [5, 5, 5], { opening: D.A_READ, leader: PASS });
    expect(split(r.lines)).toEqual(['  3 enemy attacks: 3 at the leader, 0 at the members']);
    expect(r.policy.askedFor('odd-attack')).toHaveLength(0);
    expect(Array.from(r.game.s.members.slice(6))).toEqual([1, 1, 1, 1, 1]);
  });

  it('§36 the hit table never picks the sniper: the lone assault takes the hit', () => {
    // 2 attacks: 1 at the leader, 1 at the lone assault; the assault drops (hit table 6 → downward to assault).
    const r = playUa(spec({ leader: dex, members: { sniper: 1, assault: 1 } }, [group('foes', 2, 4, 1)], { reaction: null }), [5, 1, 6],
      { opening: D.A_READ, leader: PASS });
    expect(r.game.s.members[4]).toBe(0);
    expect(r.game.s.members[6]).toBe(1);
  });
});

describe('§38 敵の撤退', () => {
  const squad = { leader: dex, members: { assault: 3 } };
  const answers = { opening: D.A_PREEMPT, leader: PASS, 'member-fire': last } as const;

  it('§38 UA-R06 at-or-below-half: a hostile group of 4 withdraws when 2 are left', () => {
    const r = playUa(spec(squad, [group('foes', 4, 4, 0)], { reaction: 'hostile' }), [5, 5], answers);
    expect(r.lines).toContain('  the enemy withdraws at 2/4 strength (撤退 §38)');
    expect(r.game.s.engagementsCleared).toBe(1);
    expect(r.record.rates[RATE_WIN]).toBe(1);
    expect(r.dice.remaining).toBe(0); // the fight ends at once: the third assault does not roll
  });

  it('§38 UA-R06 below-half: the group of 4 withdraws only when fewer than 2 are left', () => {
    const r = playUa(spec(squad, [group('foes', 4, 4, 0)], { reaction: 'hostile', rulings: { withdraw_threshold: 'below-half' } }), [5, 5, 5], answers);
    expect(r.lines).toContain('  the enemy withdraws at 1/4 strength (撤退 §38)');
    expect(r.game.s.engagementsCleared).toBe(1);
  });

  it('§38 UA-R07 yes: a hostile high-threat target withdraws at half life', () => {
    const r = playUa(spec({ leader: dex, members: { assault: 2 } }, [{ name: 'boss', kind: 'high_threat', life: 4, level: 4, attacks: 0 }], { reaction: 'hostile' }), [5, 5], answers);
    expect(r.lines).toContain('  the enemy withdraws at 2/4 strength (撤退 §38)');
    expect(r.game.s.engagementsCleared).toBe(1);
  });

  it('§38 UA-R07 no: a high-threat target never withdraws', () => {
    const r = playUa(spec({ leader: dex, members: { assault: 2 } }, [{ name: 'boss', kind: 'high_threat', life: 4, level: 4, attacks: 0 }], { reaction: 'hostile', rulings: { htt_hostile_withdraws: 'no' } }), [5, 5], answers);
    expect(r.game.s.unitLeft[0]).toBe(2);
    expect(r.game.s.engagementsCleared).toBe(0);
  });

  it('§38 a high-threat target whose reaction is 死ぬまで戦う does not withdraw (UA-R07 yes)', () => {
    const r = playUa(spec({ leader: dex, members: { assault: 2 } }, [{ name: 'boss', kind: 'high_threat', life: 4, level: 4, attacks: 0 }]), [5, 5], answers);
    expect(r.game.s.unitLeft[0]).toBe(2);
    expect(r.game.s.engagementsCleared).toBe(0);
  });
});

describe('§42 退却', () => {
  it('§42 retreat is declared at the start of the leader\'s turn, not in round 0', () => {
    const r = playUa(spec({ leader: { sub_ability: 'melee' } }, [group('foes', 2, 4, 0)]), [], { opening: D.A_PREEMPT, round0: PASS, leader: PASS });
    expect(r.policy.askedFor('round0')[0].legal.map(actionName)).not.toContain('retreat@0');
    expect(r.policy.askedFor('leader')[0].legal.map(actionName)).toContain('retreat@0');
  });

  it('§42 UA-R15 full-volley: on retreat the enemy fires its full attack count again, even after acting this round; then the run is aborted', () => {
    const r = playUa(spec({ leader: dex }, [group('foes', 2, 4, 1)], { reaction: null, gauntlet: { retreat: 'abort' } }), [5, 5, 5, 5],
      { opening: D.A_READ, leader: D.act(D.K_RETREAT) });
    expect(split(r.lines)).toEqual(['  2 enemy attacks: 2 at the leader, 0 at the members', '  2 enemy attacks: 2 at the leader, 0 at the members']);
    expect(lineIndex(r.lines, /orders a retreat/)).toBeLessThan(r.lines.lastIndexOf('  2 enemy attacks: 2 at the leader, 0 at the members'));
    expect(r.record.rates[RATE_RETREATED]).toBe(1);
    expect(r.record.rates[RATE_WIN]).toBe(0);
    expect(r.game.s.engagementsCleared).toBe(0);
    expect(r.dice.remaining).toBe(0);
  });

  it('§42 UA-R15 remaining: a retreat after the enemy already attacked this round costs no volley', () => {
    const r = playUa(spec({ leader: dex }, [group('foes', 2, 4, 1)], { reaction: null, gauntlet: { retreat: 'abort' }, rulings: { retreat_volley: 'remaining' } }), [5, 5],
      { opening: D.A_READ, leader: D.act(D.K_RETREAT) });
    expect(split(r.lines)).toHaveLength(1);
    expect(r.record.rates[RATE_RETREATED]).toBe(1);
    expect(r.dice.remaining).toBe(0);
  });

  it('§42 UA-R15 remaining: when the squad acts first the enemy still fires its attacks before the squad leaves', () => {
    const r = playUa(spec({ leader: dex }, [group('foes', 2, 4, 1)], { gauntlet: { retreat: 'abort' }, rulings: { retreat_volley: 'remaining' } }), [5, 2],
      { opening: D.A_PREEMPT, leader: D.act(D.K_RETREAT) });
    expect(split(r.lines)).toEqual(['  2 enemy attacks: 2 at the leader, 0 at the members']);
    expect(r.game.s.life).toBe(r.game.s.lifeMax - 1);
  });

  it('§42 re-enter: after a retreat the engagement is fought again as a new combat; retreats are limited by max_retreats', () => {
    const r = playUa(spec({ leader: dex }, [group('foes', 2, 4, 1)], { gauntlet: { retreat: 're-enter', max_retreats: 1 } }), [5, 5, 5, 5],
      { opening: [D.A_PREEMPT, D.A_PREEMPT], leader: [D.act(D.K_RETREAT), PASS] });
    const asks = r.policy.askedFor('leader').map((a) => a.legal.map(actionName));
    expect(asks[0]).toContain('retreat@0');
    expect(asks[1]).not.toContain('retreat@0');
    expect(r.lines.filter((l) => l.startsWith('engagement 1:'))).toHaveLength(2);
    expect(r.game.s.retreats).toBe(1);
    expect(r.record.rates[RATE_RETREATED]).toBe(1);
    expect(r.dice.remaining).toBe(0);
  });

  it('§42 once per combat: a re-entered engagement is a new combat and offers retreat again (max_retreats 2)', () => {
    const r = playUa(spec({ leader: dex }, [group('foes', 2, 4, 0)], { gauntlet: { retreat: 're-enter', max_retreats: 2 } }), [],
      { opening: [D.A_PREEMPT, D.A_PREEMPT], leader: [D.act(D.K_RETREAT), PASS] });
    const asks = r.policy.askedFor('leader').map((a) => a.legal.map(actionName));
    expect(asks).toHaveLength(2);
    expect(asks[1]).toContain('retreat@0');
    expect(r.game.s.retreats).toBe(1);
  });

  it('§42 an engagement that forbids retreat never offers it', () => {
    const r = playUa(spec({ leader: dex }, [group('foes', 2, 4, 0)], { eng: { retreat_allowed: false } }), [], { opening: D.A_PREEMPT, leader: PASS });
    expect(r.policy.askedFor('leader')[0].legal.map(actionName)).not.toContain('retreat@0');
  });
});

describe('scenario enemy traits', () => {
  const command = { sub_ability: 'command' };
  it('§37 scenario trait: enemy attack modifier (cover): −1 to attack rolls against the unit (4 misses level 4, 5 hits)', () => {
    const r = playUa(spec({ leader: command }, [group('foes', 3, 4, 0, { attack_mod: -1 })], { rounds: 2 }), [4, 5], { opening: D.A_PREEMPT, leader: leaderAct(D.K_SHOOT, 0) });
    expect(r.lines.filter((l) => l.includes('leader shoots'))).toEqual(['  leader shoots at foes: d6=4 −1 → 3 vs level 4 miss', '  leader shoots at foes: d6=5 −1 → 4 vs level 4 hit']);
  });

  it('§37 scenario trait: first-round defence modifier: −1 to defence rolls in round 1 only', () => {
    const r = playUa(spec({ leader: dex }, [group('foes', 1, 4, 1)], { reaction: null, rounds: 2, eng: { first_round_defence_mod: -1 } }), [4, 4],
      { opening: D.A_READ, leader: PASS });
    expect(r.lines.filter((l) => l.includes('leader defends'))).toEqual(['  leader defends vs foes: d6=4 −1 → 3 vs 4 fails', '  leader defends vs foes: d6=4 +0 → 4 vs 4 safe']);
    expect(r.game.s.life).toBe(4);
  });

  it('§28 AT4 (no roll): 2 damage to an armoured target, 1 to anything else', () => {
    const armoured = playUa(spec({ leader: command, buy: ['at4'] }, [{ name: 'car', kind: 'high_threat', life: 4, level: 5, attacks: 0, armoured: true }]), [],
      { opening: D.A_PREEMPT, round0: leaderAct(D.K_AT4, 0), leader: PASS });
    expect(armoured.game.s.unitLeft[0]).toBe(2);
    expect(armoured.game.s.expendables[3]).toBe(0);
    const soft = playUa(spec({ leader: command, buy: ['at4'] }, [{ name: 'boss', kind: 'high_threat', life: 4, level: 5, attacks: 0 }]), [],
      { opening: D.A_PREEMPT, round0: leaderAct(D.K_AT4, 0), leader: PASS });
    expect(soft.game.s.unitLeft[0]).toBe(3);
  });

  it('§28 C4 before the fight (round 0, no roll): 2 damage to an armoured target, 1 soldier of a group', () => {
    const car = playUa(spec({ leader: command, buy: ['c4'] }, [{ name: 'car', kind: 'high_threat', life: 4, level: 5, attacks: 0, armoured: true }]), [],
      { opening: D.A_PREEMPT, round0: leaderAct(D.K_C4_PRE, 0), leader: PASS });
    expect(car.game.s.unitLeft[0]).toBe(2);
    const squadC4 = playUa(spec({ leader: command, buy: ['c4'] }, [group('foes', 4, 4, 0)]), [], { opening: D.A_PREEMPT, round0: leaderAct(D.K_C4_PRE, 0), leader: PASS });
    expect(squadC4.game.s.unitLeft[0]).toBe(3);
  });

  it('§28 C4 planted in combat explodes at the start of the next round: a high-threat target loses 1 life', () => {
    const r = playUa(spec({ leader: command, buy: ['c4'] }, [{ name: 'car', kind: 'high_threat', life: 4, level: 5, attacks: 0, armoured: true }], { rounds: 2 }), [4],
      { opening: D.A_PREEMPT, round0: PASS, leader: [leaderAct(D.K_C4_PLANT, 0), PASS] });
    expect(r.lines).toContain('  the C4 goes off');
    expect(r.game.s.unitLeft[0]).toBe(3);
  });

  const screen = (rulings?: Record<string, string>) => spec({ leader: command }, [
    group('suppressors', 3, 4, 0, { screened_by: 'heavies' }),
    group('heavies', 2, 4, 0),
  ], { eng: { parity_targeting: { even: 'heavies', odd: 'suppressors' } }, rulings });

  it('§37 scenario trait: screen — units behind a standing screen cannot be aimed at', () => {
    const r = playUa(screen(), [2], { opening: D.A_PREEMPT, leader: leaderAct(D.K_SHOOT, 1) });
    const legal = r.policy.askedFor('leader')[0].legal.map(actionName);
    expect(legal).toContain('shoot@1');
    expect(legal).not.toContain('shoot@0');
  });

  it('§37 scenario trait: parity targeting — an even achieved value hits the even unit', () => {
    const r = playUa(screen(), [4], { opening: D.A_PREEMPT, leader: leaderAct(D.K_SHOOT, 1) });
    expect([r.game.s.unitLeft[0], r.game.s.unitLeft[1]]).toEqual([3, 1]);
  });

  it('§37 scenario trait UA-R08 wasted: an odd hit on the screened unit is stopped by the shield', () => {
    const r = playUa(screen(), [5], { opening: D.A_PREEMPT, leader: leaderAct(D.K_SHOOT, 1) });
    expect(r.lines).toContain('    → suppressors is behind the screen: the hit is stopped (UA-R08)');
    expect([r.game.s.unitLeft[0], r.game.s.unitLeft[1]]).toEqual([3, 2]);
  });

  it('§37 scenario trait UA-R08 redirect: an odd hit on the screened unit lands on the screening unit', () => {
    const r = playUa(screen({ screen_odd_hits: 'redirect' }), [5], { opening: D.A_PREEMPT, leader: leaderAct(D.K_SHOOT, 1) });
    expect([r.game.s.unitLeft[0], r.game.s.unitLeft[1]]).toEqual([3, 1]);
  });

  it('§36 tutorial attacker cap, UA-R09 squad: the attacker cap limits the squad (cap 2: the leader + 1 of 3 assaults) but not the enemy', () => {
    const r = playUa(spec({ leader: dex, members: { assault: 3 } }, [group('foes', 4, 4, 1)], { gauntlet: { attackers_per_round: 2 } }), [1, 1, 5, 5, 5, 5],
      { opening: D.A_PREEMPT, leader: leaderAct(D.K_SHOOT, 0), 'member-fire': last });
    expect(r.policy.askedFor('member-fire')[0].legal).toEqual([0, 1]);
    expect(r.lines.filter((l) => l.startsWith('  assault '))).toHaveLength(1);
    expect(split(r.lines)).toEqual(['  4 enemy attacks: 2 at the leader, 2 at the members']);
    expect(r.dice.remaining).toBe(0);
  });

  it('§36 tutorial attacker cap, UA-R09 both: the enemy\'s attacks are capped too (4 soldiers, cap 2 → 2 attacks)', () => {
    const r = playUa(spec({ leader: dex, members: { assault: 3 } }, [group('foes', 4, 4, 1)], { gauntlet: { attackers_per_round: 2 }, rulings: { attacker_cap_applies_to: 'both' } }), [1, 1, 5, 5],
      { opening: D.A_PREEMPT, leader: leaderAct(D.K_SHOOT, 0), 'member-fire': last });
    expect(split(r.lines)).toEqual(['  2 enemy attacks: 1 at the leader, 1 at the members']);
    expect(r.dice.remaining).toBe(0);
  });

  it('§36 tutorial attacker cap, UA-R27: a passing leader leaves his attacker slot to the members (cap 2: two assaults attack)', () => {
    const r = playUa(spec({ leader: dex, members: { assault: 3 } }, [group('foes', 4, 4, 0)], { gauntlet: { attackers_per_round: 2 } }), [1, 1],
      { opening: D.A_PREEMPT, leader: PASS, 'member-fire': last });
    expect(r.lines.filter((l) => l.startsWith('  assault '))).toHaveLength(2);
  });

  it('§28 engineer IED: once per run, 1 damage to a vehicle, no roll (UA-R47)', () => {
    const r = playUa(spec({ leader: command, members: { engineer: 1 } }, [{ name: 'car', kind: 'high_threat', life: 3, level: 5, attacks: 0, armoured: true }], { rounds: 2 }), [1, 1],
      { opening: D.A_PREEMPT, round0: PASS, leader: [leaderAct(D.K_IED, 0), PASS], 'member-fire': last });
    expect(r.lines).toContain("  the engineer's IED hits car");
    expect(r.game.s.unitLeft[0]).toBe(2);
    const asks = r.policy.askedFor('leader').map((a) => a.legal.map(actionName));
    expect(r.policy.askedFor('round0')[0].legal.map(actionName)).toContain('engineer-IED@0');
    expect(asks[1].some((a) => a.startsWith('engineer-IED'))).toBe(false);
    expect(r.dice.remaining).toBe(0);
  });

  it('§28 engineer IED works only on vehicles (armoured units)', () => {
    const r = playUa(spec({ leader: command, members: { engineer: 1 } }, [group('foes', 2, 4, 0)]), [1], { opening: D.A_PREEMPT, leader: PASS, 'member-fire': last });
    expect(r.policy.askedFor('leader')[0].legal.map(actionName).some((a) => a.startsWith('engineer-IED'))).toBe(false);
  });

  it('§28/§36 UA-R27/UA-R47: the IED order counts as the leader\'s attack under the attacker cap (cap 2: IED + 1 of the 3 members)', () => {
    const r = playUa(spec({ leader: command, members: { engineer: 1, assault: 2 } }, [{ name: 'car', kind: 'high_threat', life: 5, level: 5, attacks: 0, armoured: true }], { gauntlet: { attackers_per_round: 2 } }), [1, 1],
      { opening: D.A_PREEMPT, round0: PASS, leader: leaderAct(D.K_IED, 0), 'member-fire': last });
    expect(r.lines.filter((l) => /^ {2}(assault|engineer) (shoots|melee)/.test(l))).toHaveLength(1);
    expect(r.dice.remaining).toBe(1);
  });

  it('§36/§37 scenario trait: forced enemy first strike — the enemy acts first even after 先制攻撃', () => {
    const r = playUa(spec({ leader: dex }, [group('foes', 2, 4, 0)], { eng: { enemy_first_strike: true } }), [], { opening: D.A_PREEMPT, leader: PASS });
    expect(r.lines).toContain('  the enemy strikes first (forced; no 先制攻撃)');
    expect(lineIndex(r.lines, /^ enemy turn/)).toBeLessThan(lineIndex(r.lines, /^ squad's turn/));
  });

  it('§28 flashbang: a 射撃ロール ≥ level nullifies the group\'s next attacks (used in round 0)', () => {
    const r = playUa(spec({ leader: { sub_ability: 'melee' } }, [group('foes', 3, 4, 1)]), [4],
      { opening: D.A_PREEMPT, round0: leaderAct(D.K_FLASHBANG, 0), leader: PASS });
    expect(r.lines).toContain('  leader throws a flashbang at foes: d6=4 +0 → 4 stunned');
    expect(r.lines.some((l) => l.includes('defends'))).toBe(false);
    expect(r.dice.remaining).toBe(0);
  });
});
