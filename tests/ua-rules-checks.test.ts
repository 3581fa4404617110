// URBAN ASSAULT rules: the check roll (§07), criticals and fumbles (§08) and
// sub-ability spending (§09), each clause with forced dice.
import { describe, expect, it } from 'vitest';
import * as D from '../src/rules/urban-assault/decisions.js';
import { actionName, last, leaderAct, playUa, type Answers, type UaSpec } from './helpers/ua-harness.js';

/** One silent group (attacks 0) that fights to the end, indoors. */
function vsGroup(level: number, squad: Record<string, unknown>, extra: Record<string, unknown> = {}, gauntlet: Record<string, unknown> = {}, rulings?: Record<string, string>): UaSpec {
  return {
    engagements: [{ name: 'e', location: 'indoor', enemies: [{ name: 'foes', count: 3, level, attacks: 0, ...extra }], reaction: 'fight_to_the_end' }],
    squad,
    gauntlet,
    rulings,
  };
}

const shootEveryRound: Answers = { opening: D.A_PREEMPT, leader: leaderAct(D.K_SHOOT, 0), 'member-fire': last };
const commandLeader = (xp: Record<string, number> = {}) => ({ leader: { sub_ability: 'command', xp } });

describe('§07 判定ロール', () => {
  it('§07 a check succeeds when 1d6 + ability reaches the target: 3 + 技量 1 = 4 hits level 4, 2 + 1 = 3 misses', () => {
    const hit = playUa(vsGroup(4, commandLeader({ skill: 4 })), [3], shootEveryRound);
    expect(hit.game.s.skill).toBe(1);
    expect(hit.lines).toContain('  leader shoots at foes: d6=3 +1 → 4 vs level 4 hit');
    expect(hit.game.s.unitLeft[0]).toBe(2);
    expect(hit.dice.remaining).toBe(0);

    const miss = playUa(vsGroup(4, commandLeader({ skill: 4 })), [2], shootEveryRound);
    expect(miss.lines).toContain('  leader shoots at foes: d6=2 +1 → 3 vs level 4 miss');
    expect(miss.game.s.unitLeft[0]).toBe(3);
    expect(miss.dice.remaining).toBe(0);
  });

  it('§07 the default target is 4: a C4 planted in combat needs 1d6 + 技量点 ≥ 4 (4 sets it, 3 is a dud)', () => {
    const spec = (dice: number[]) => playUa({
      engagements: [{ name: 'e', location: 'indoor', enemies: [{ name: 'foes', count: 4, level: 6, attacks: 0 }], reaction: 'fight_to_the_end' }],
      gauntlet: { max_rounds: 2 },
      squad: { leader: { sub_ability: 'command' }, buy: ['c4'] },
    }, dice, { opening: D.A_PREEMPT, round0: D.act(D.K_PASS), leader: [leaderAct(D.K_C4_PLANT, 0), D.act(D.K_PASS)] });
    const set = spec([4]);
    expect(set.lines).toContain('  leader plants C4 on foes: d6=4 +0 → 4 set');
    expect(set.game.s.unitLeft[0]).toBe(2); // goes off at the start of round 2: 2 soldiers
    const dud = spec([3]);
    expect(dud.lines).toContain('  leader plants C4 on foes: d6=3 +0 → 3 dud');
    expect(dud.game.s.unitLeft[0]).toBe(4);
    expect(dud.game.s.expendables[2]).toBe(0); // the C4 is lost either way
  });
});

describe('§08 クリティカルとファンブル', () => {
  it('§08 a natural 6 always succeeds, even when 6 + ability is below the target (level 12)', () => {
    const r = playUa(vsGroup(12, commandLeader()), [6, 2], shootEveryRound);
    expect(r.lines).toContain('  leader shoots at foes: d6=6 +0 → 6 vs level 12 hit (critical)');
    expect(r.game.s.unitLeft[0]).toBe(2);
    expect(r.dice.remaining).toBe(0); // the critical's extra roll (2) was taken and missed
  });

  it('§08 a natural 1 always fails, even with a huge bonus (技量 2 vs level 1)', () => {
    const r = playUa(vsGroup(1, commandLeader({ skill: 8 })), [1], shootEveryRound);
    expect(r.game.s.skill).toBe(2);
    expect(r.lines).toContain('  leader shoots at foes: d6=1 +2 → 3 vs level 1 miss');
    expect(r.game.s.unitLeft[0]).toBe(3);
  });

  it('§08 a natural 1 always fails a defence roll too (技量 2 vs a level-1 attacker)', () => {
    const r = playUa({
      engagements: [{ name: 'e', location: 'indoor', enemies: [{ name: 'foes', count: 1, level: 1, attacks: 1 }], reaction: 'fight_to_the_end' }],
      squad: { leader: { sub_ability: 'command', xp: { skill: 8 } } },
    }, [1], { opening: D.A_PREEMPT, leader: D.act(D.K_PASS) });
    expect(r.lines).toContain('  leader defends vs foes: d6=1 +2 → 3 vs 1 fails');
    expect(r.game.s.life).toBe(r.game.s.lifeMax - 1);
  });

  it('§08 a critical attack roll grants an immediate extra attack roll (free magazine by default, UA-R12)', () => {
    const r = playUa(vsGroup(4, commandLeader()), [6, 5], shootEveryRound);
    expect(r.game.s.unitLeft[0]).toBe(1);
    expect(r.game.s.magazinesSpent).toBe(1);
    expect(r.dice.remaining).toBe(0);
  });

  it('§08 UA-R12 costs: the extra attack roll of a critical costs a magazine', () => {
    const r = playUa(vsGroup(4, commandLeader(), {}, {}, { critical_extra_ammo: 'costs' }), [6, 5], shootEveryRound);
    expect(r.game.s.unitLeft[0]).toBe(1);
    expect(r.game.s.magazinesSpent).toBe(2);
  });

  it('§08 the extra attack after a critical also comes with a melee weapon (0 magazines, unarmed enemy)', () => {
    const r = playUa(vsGroup(4, { ...commandLeader(), magazines: 0 }, { gun_armed: false }), [6, 4],
      { opening: D.A_PREEMPT, leader: leaderAct(D.K_MELEE, 0) });
    expect(r.lines.filter((l) => l.includes('leader melee at foes'))).toEqual([
      '  leader melee at foes: d6=6 +0 → 6 vs level 4 hit (critical)',
      '  leader melee at foes: d6=4 +0 → 4 vs level 4 hit',
    ]);
    expect(r.game.s.unitLeft[0]).toBe(1);
  });

  it('§08 a chain of criticals keeps granting extra rolls (6, 6, then 2)', () => {
    const r = playUa(vsGroup(4, commandLeader()), [6, 6, 2], shootEveryRound);
    expect(r.game.s.unitLeft[0]).toBe(1);
    expect(r.dice.remaining).toBe(0);
  });
});

describe('§09 副能力値', () => {
  it('§09 a sub-ability check uses the current value, spends 1 per use and is unusable at 0 (精密射撃 twice, then only a plain shot)', () => {
    const r = playUa(vsGroup(12, { leader: { sub_ability: 'dexterity' } }, {}, { max_rounds: 3 }), [3, 3, 3], {
      opening: D.A_PREEMPT,
      leader: [leaderAct(D.K_PRECISE, 0), leaderAct(D.K_PRECISE, 0), leaderAct(D.K_SHOOT, 0)],
    });
    // 1d6 + current 器用点 + DMR +1: 3 + 2 + 1, then 3 + 1 + 1; the plain shot is 3 + 技量 0 + 1.
    expect(r.lines.filter((l) => l.includes('leader shoots'))).toEqual([
      '  leader shoots at foes: d6=3 +3 → 6 vs level 12 miss',
      '  leader shoots at foes: d6=3 +2 → 5 vs level 12 miss',
      '  leader shoots at foes: d6=3 +1 → 4 vs level 12 miss',
    ]);
    const legal = r.policy.askedFor('leader').map((a) => a.legal.map(actionName));
    expect(legal[0]).toContain('precise-shot@0');
    expect(legal[1]).toContain('precise-shot@0');
    expect(legal[2]).not.toContain('precise-shot@0');
    expect(legal[2]).toContain('shoot@0');
    expect(r.game.s.subCur).toBe(0);
    expect(r.game.s.life).toBe(r.game.s.lifeMax); // at 0 the leader does not die
  });

  it('§09/§18 a skill that calls for a 射撃ロール costs 1 射撃点 in total (grenade: 1 point for the skill and its roll)', () => {
    const r = playUa(vsGroup(4, { leader: { sub_ability: 'shooting', skills: ['grenade'] } }), [5],
      { opening: D.A_PREEMPT, leader: leaderAct(D.K_GRENADE, 0) });
    expect(r.game.s.subCur).toBe(1);
  });
});
