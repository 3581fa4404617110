// URBAN ASSAULT rules: the encounter (§35) — pre-emptive attack or reading the
// reaction, every reaction type, loot (§35, §38–§40).
import { describe, expect, it } from 'vitest';
import * as D from '../src/rules/urban-assault/decisions.js';
import { last, leaderAct, lineIndex, playUa, PASS, type UaSpec } from './helpers/ua-harness.js';

type Obj = Record<string, unknown>;
const group = (count: number, extra: Obj = {}): Obj => ({ name: 'foes', count, level: 4, attacks: 0, ...extra });
/** One engagement with `reaction`, loot of 3 magazines, a 指揮 leader (AR) with 10 magazines. */
function spec(reaction: unknown, enemies: Obj[], squad: Obj = {}, eng: Obj = {}): UaSpec {
  return {
    engagements: [{ name: 'e', location: 'indoor', enemies, ...(reaction === null ? {} : { reaction }), loot: { magazines: 3 }, ...eng }],
    squad: { leader: { sub_ability: 'command' }, ...squad },
  };
}
const fought = (lines: string[]) => lines.some((l) => l.startsWith(' round 1'));

describe('§35 先制攻撃 / 反応を見る', () => {
  it('§35 先制攻撃: no reaction roll, the squad acts first', () => {
    const r = playUa(spec('hostile', [group(3)]), [], { opening: D.A_PREEMPT, leader: PASS });
    expect(r.lines.some((l) => l.includes('reaction:'))).toBe(false);
    expect(lineIndex(r.lines, /^ squad's turn/)).toBeLessThan(lineIndex(r.lines, /^ enemy turn/));
    expect(r.dice.remaining).toBe(0);
  });

  it('§35/§36 反応を見る: 1d6 on the reaction table; a hostile enemy acts first', () => {
    const r = playUa(spec({ '1-5': 'hostile', '6': 'friendly' }, [group(3)]), [5], { opening: D.A_READ, leader: PASS });
    expect(r.lines).toContain('  reaction: d6=5 → hostile');
    expect(lineIndex(r.lines, /^ enemy turn/)).toBeLessThan(lineIndex(r.lines, /^ squad's turn/));
  });

  it('§35 an enemy without a reaction table attacks at once (enemy first, no roll)', () => {
    const r = playUa(spec(null, [group(3)]), [], { opening: D.A_READ, leader: PASS });
    expect(r.lines).toContain('  no reaction table: the enemy attacks at once');
    expect(lineIndex(r.lines, /^ enemy turn/)).toBeLessThan(lineIndex(r.lines, /^ squad's turn/));
    expect(r.dice.remaining).toBe(0);
  });
});

describe('§35 反応の種類', () => {
  it('§35 支援的 (supportive): no fight, the squad recovers 1 life (the wounded leader 4 → 5)', () => {
    const r = playUa({
      engagements: [
        { name: 'ambush', location: 'indoor', enemies: [group(1, { attacks: 1 })] },
        { name: 'locals', location: 'indoor', enemies: [group(3)], reaction: 'supportive' },
      ],
      squad: { leader: { sub_ability: 'command' } },
    }, [2, 5, 1], { opening: [D.A_READ, D.A_READ], leader: leaderAct(D.K_SHOOT, 0), between: D.A_CONTINUE });
    expect(r.lines).toContain('    leader hit: life 4');
    expect(r.lines).toContain('  reaction: d6=1 → supportive');
    expect(r.game.s.life).toBe(5);
    expect(r.game.s.engagementsCleared).toBe(2);
  });

  it('§35 友好的 (friendly): no attack, the map is passed, no loot', () => {
    const r = playUa(spec('friendly', [group(3)]), [4], { opening: D.A_READ });
    expect(fought(r.lines)).toBe(false);
    expect(r.game.s.engagementsCleared).toBe(1);
    expect(r.game.s.magazines).toBe(10);
    expect(r.record.rates[0]).toBe(1);
  });

  it('§35 中立 (neutral): no attack, no loot', () => {
    const r = playUa(spec('neutral', [group(3)]), [4], { opening: D.A_READ });
    expect(fought(r.lines)).toBe(false);
    expect(r.game.s.engagementsCleared).toBe(1);
    expect(r.game.s.magazines).toBe(10);
  });

  it('§35 撤退 (withdraw): the enemy leaves and the loot is taken as after a win', () => {
    const r = playUa(spec('withdraw', [group(3)]), [4], { opening: D.A_READ });
    expect(fought(r.lines)).toBe(false);
    expect(r.lines).toContain('  loot: 3 magazine(s)');
    expect(r.game.s.magazines).toBe(13);
  });

  it('§35 劣勢なら撤退: our combatants (leader + 2) outnumber 2 soldiers → they withdraw with loot', () => {
    const r = playUa(spec('withdraw_if_outnumbered', [group(2)], { members: { assault: 2 } }), [4], { opening: D.A_READ });
    expect(r.lines).toContain('  3 of ours vs 2: they withdraw');
    expect(fought(r.lines)).toBe(false);
    expect(r.game.s.magazines).toBe(13);
  });

  it('§35 劣勢なら撤退: not outnumbered (3 vs 3) → hostile, the enemy acts first', () => {
    const r = playUa(spec('withdraw_if_outnumbered', [group(3)], { members: { assault: 2 } }), [4, 1, 1],
      { opening: D.A_READ, leader: PASS, 'member-fire': last });
    expect(r.lines).toContain('  3 of ours vs 3: they fight');
    expect(lineIndex(r.lines, /^ enemy turn/)).toBeLessThan(lineIndex(r.lines, /^ squad's turn/));
    expect(r.dice.remaining).toBe(0);
  });

  it('§35 賄賂・物資要求: paying the demand makes them leave, without loot', () => {
    const r = playUa(spec('extortion', [group(3)], {}, { extortion: 2 }), [4], { opening: D.A_READ, extortion: D.A_PAY });
    expect(r.policy.askedFor('extortion')[0].legal).toEqual([D.A_REFUSE, D.A_PAY]);
    expect(fought(r.lines)).toBe(false);
    expect(r.game.s.magazines).toBe(8);
    expect(r.lines.some((l) => l.includes('loot'))).toBe(false);
    expect(r.game.s.engagementsCleared).toBe(1);
  });

  it('§35 賄賂・物資要求: refusing turns them hostile (enemy first)', () => {
    const r = playUa(spec('extortion', [group(3)], {}, { extortion: 2 }), [4], { opening: D.A_READ, extortion: D.A_REFUSE, leader: PASS });
    expect(fought(r.lines)).toBe(true);
    expect(lineIndex(r.lines, /^ enemy turn/)).toBeLessThan(lineIndex(r.lines, /^ squad's turn/));
    expect(r.game.s.magazines).toBe(10);
  });

  it('§35 賄賂・物資要求: a demand the squad cannot pay leaves only refusal', () => {
    const r = playUa(spec('extortion', [group(3)], { magazines: 1 }, { extortion: 2 }), [4], { opening: D.A_READ, leader: PASS });
    expect(r.policy.askedFor('extortion')).toHaveLength(0);
    expect(fought(r.lines)).toBe(true);
  });

  it('§35/§38 敵対的 (hostile): the enemy withdraws at half strength and the loot is taken', () => {
    const r = playUa(spec('hostile', [group(2)]), [5], { opening: D.A_PREEMPT, leader: leaderAct(D.K_SHOOT, 0) });
    expect(r.lines).toContain('  the enemy withdraws at 1/2 strength (撤退 §38)');
    expect(r.game.s.engagementsCleared).toBe(1);
    expect(r.game.s.magazines).toBe(10 - 1 + 3);
  });

  it('§35/§38 死ぬまで戦う (fight to the end): the enemy never withdraws', () => {
    const r = playUa(spec('fight_to_the_end', [group(2)]), [5], { opening: D.A_PREEMPT, leader: leaderAct(D.K_SHOOT, 0) });
    expect(r.game.s.unitLeft[0]).toBe(1);
    expect(r.lines.some((l) => l.includes('withdraws'))).toBe(false);
    expect(r.game.s.engagementsCleared).toBe(0);
  });

  it('§28 interpreter: the reaction roll may be shifted ±1 for free (3 hostile → 4 friendly)', () => {
    const r = playUa(spec({ '1-3': 'hostile', '4-6': 'friendly' }, [group(3)], { members: { interpreter: 1 } }), [3],
      { opening: D.A_READ, 'reaction-adjust': D.A_ADJ_INT_PLUS });
    expect(r.policy.askedFor('reaction-adjust')[0].legal).toEqual([D.A_ADJ_NONE, D.A_ADJ_INT_MINUS, D.A_ADJ_INT_PLUS]);
    expect(r.lines).toContain('  reaction: d6=3 adjusted to 4 → friendly');
    expect(r.game.s.engagementsCleared).toBe(1);
  });

  it('§28 interpreter: no effect on high-threat targets', () => {
    const r = playUa(spec({ '1-3': 'hostile', '4-6': 'friendly' }, [{ name: 'boss', kind: 'high_threat', life: 3, level: 4, attacks: 0 }], { members: { interpreter: 1 } }), [3],
      { opening: D.A_READ, leader: PASS });
    expect(r.policy.askedFor('reaction-adjust')).toHaveLength(0);
    expect(r.lines).toContain('  reaction: d6=3 → hostile');
  });

  it('§35 a reaction entry\'s next-combat effect carries to the next fight (withdraw → next enemy strikes first)', () => {
    const r = playUa({
      engagements: [
        { name: 'lookouts', location: 'indoor', enemies: [group(2)], reaction: { '1-6': { reaction: 'withdraw', next_combat: { enemy_first_strike: true } } } },
        { name: 'guards', location: 'indoor', enemies: [group(2)], reaction: 'fight_to_the_end' },
      ],
      squad: { leader: { sub_ability: 'command' } },
    }, [3], { opening: [D.A_READ, D.A_PREEMPT], leader: PASS });
    expect(r.lines).toContain('  the enemy strikes first (forced; no 先制攻撃)');
    expect(lineIndex(r.lines, /^ enemy turn/)).toBeLessThan(lineIndex(r.lines, /^ squad's turn/));
  });

  it('§35 UA-R28: a next-combat effect (+1 first-round enemy attack) applies to the next fight after a peaceful end', () => {
    const r = playUa({
      engagements: [
        { name: 'lookouts', location: 'indoor', enemies: [group(2)], reaction: { '1-6': { reaction: 'withdraw', next_combat: { first_round_enemy_attacks: 1 } } } },
        { name: 'guards', location: 'indoor', enemies: [group(1, { attacks: 1 })], reaction: 'fight_to_the_end' },
      ],
      squad: { leader: { sub_ability: 'command' } },
    }, [3, 5, 5], { opening: [D.A_READ, D.A_PREEMPT], leader: PASS });
    expect(r.lines).toContain('  2 enemy attacks: 2 at the leader, 0 at the members');
    expect(r.dice.remaining).toBe(0);
  });

  it('§35 UA-R28: the effect is dropped when the same roll leads to a fight (outnumbered check fails)', () => {
    const r = playUa(spec({ '1-6': { reaction: 'withdraw_if_outnumbered', next_combat: { first_round_enemy_attacks: 1 } } }, [group(1, { attacks: 1 })]), [3, 5],
      { opening: D.A_READ, leader: PASS });
    expect(r.lines).toContain('  1 of ours vs 1: they fight');
    expect(r.lines).toContain('  1 enemy attacks: 1 at the leader, 0 at the members');
    expect(r.dice.remaining).toBe(0);
  });
});

describe('§34/§39 戦利品', () => {
  it('§34 loot magazines after a win by elimination', () => {
    const r = playUa(spec('fight_to_the_end', [group(1)]), [5], { opening: D.A_PREEMPT, leader: leaderAct(D.K_SHOOT, 0) });
    expect(r.lines).toContain('  all enemies down');
    expect(r.game.s.magazines).toBe(10 - 1 + 3);
  });

  it('§40 the standard loot table: face 2 gives 1d6 magazines', () => {
    const r = playUa(spec('fight_to_the_end', [group(1)], {}, { loot: 'table' }), [5, 2, 4], { opening: D.A_PREEMPT, leader: leaderAct(D.K_SHOOT, 0) });
    expect(r.lines).toContain('  loot table d6=2: 4 magazine(s), scrip 0');
    expect(r.game.s.magazines).toBe(10 - 1 + 4);
  });

  it('§40 the standard loot table: face 3 gives 2d6 magazines, at least 5', () => {
    const r = playUa(spec('fight_to_the_end', [group(1)], {}, { loot: 'table' }), [5, 3, 1, 2], { opening: D.A_PREEMPT, leader: leaderAct(D.K_SHOOT, 0) });
    expect(r.game.s.magazines).toBe(10 - 1 + 5);
  });

  it('§40 the standard loot table: face 5 gives 軍票 1d6 × 5 (at least 15), not magazines', () => {
    const r = playUa(spec('fight_to_the_end', [group(1)], {}, { loot: 'table' }), [5, 5, 4], { opening: D.A_PREEMPT, leader: leaderAct(D.K_SHOOT, 0) });
    expect(r.game.s.scrip).toBe(20);
    expect(r.game.s.magazines).toBe(9);
  });
});

describe('§31 MRE と戦闘後の回復', () => {
  /** One soldier with 3 attacks, enemy first: three failed defences (life 5 → 2), then the leader's shot wins. */
  const wounded = (leader: Obj) => ({
    engagements: [{ name: 'e', location: 'indoor', enemies: [group(1, { attacks: 3 })] }],
    squad: { leader },
  });

  it('§31 MRE: between fights (never in combat) the leader eats one and recovers 2 life', () => {
    const r = playUa(wounded({ sub_ability: 'dexterity' }), [1, 1, 1, 5], { opening: D.A_READ, leader: leaderAct(D.K_SHOOT, 0), between: [D.A_EAT_MRE, D.A_CONTINUE] });
    expect(r.lines).toContain('    leader hit: life 2');
    expect(r.lines).toContain('  leader eats an MRE: life 4');
    expect(r.policy.askedFor('between')[0].legal).toEqual([D.A_CONTINUE, D.A_EAT_MRE]);
    expect(lineIndex(r.lines, /leader eats an MRE/)).toBeGreaterThan(lineIndex(r.lines, /all enemies down/)); // only after the fight
    expect([r.game.s.life, r.game.s.mre]).toEqual([4, 1]);
  });

  it('§21 食料調達: an MRE restores 1 more life (2 → 5) for 1 指揮点', () => {
    const r = playUa(wounded({ sub_ability: 'command', skills: ['foraging'] }), [1, 1, 1, 5], { opening: D.A_READ, leader: leaderAct(D.K_SHOOT, 0), between: D.A_EAT_MRE });
    expect(r.lines).toContain('  leader eats an MRE: life 5');
    expect(r.game.s.subCur).toBe(1);
  });

  it('§28 medical kit: after the fight, +1 life for the leader (UA-R18)', () => {
    const r = playUa(wounded({ sub_ability: 'command' }), [1, 1, 1, 5], { opening: D.A_READ, leader: leaderAct(D.K_SHOOT, 0), between: [D.A_MEDKIT, D.A_CONTINUE] });
    expect(r.lines).toContain('  medkit: life 3');
    expect(r.game.s.expendables[4]).toBe(0);
  });

  it('§21 物資支援要請: the requested gun is fielded for the operation for 1 指揮点 (UA-R34)', () => {
    const r = playUa(spec('friendly', [group(3)], { leader: { sub_ability: 'command', skills: ['supply_request'] }, supply_request: 'LMG' }), [4], { opening: D.A_READ });
    expect(r.game.s.weapon.id).toBe('LMG');
    expect(r.game.s.subCur).toBe(1);
    expect(r.game.s.magazines).toBe(10);
  });
});
