// URBAN ASSAULT rules: shooting skills (§18–§19), command skills (§20–§21),
// 格闘 skills (§22) and 精密射撃 (§24), each with forced dice.
import { describe, expect, it } from 'vitest';
import * as D from '../src/rules/urban-assault/decisions.js';
import { actionName, last, leaderAct, lineIndex, playUa, PASS, type UaSpec } from './helpers/ua-harness.js';

type Obj = Record<string, unknown>;
function spec(squad: Obj, enemies: Obj[], opts: { location?: string; rounds?: number; reaction?: unknown; rulings?: Record<string, string>; eng?: Obj } = {}): UaSpec {
  return {
    engagements: [{
      name: 'e', location: opts.location ?? 'indoor', enemies,
      ...(opts.reaction === null ? {} : { reaction: opts.reaction ?? 'fight_to_the_end' }),
      ...opts.eng,
    }],
    gauntlet: { max_rounds: opts.rounds ?? 1 },
    squad,
    rulings: opts.rulings,
  };
}
const group = (name: string, count: number, level: number, extra: Obj = {}): Obj => ({ name, count, level, attacks: 0, ...extra });
const shooter = (skills: string[], xp: Obj = {}) => ({ sub_ability: 'shooting', xp, skills });
const commander = (skills: string[], xp: Obj = {}) => ({ sub_ability: 'command', xp, skills });

describe('§19 射撃技能', () => {
  it('§19 shotgun indoors: success vs the level damages the target, +1 body per point above it (4 + 射撃 2 = 6 vs 4 → 3 bodies)', () => {
    const r = playUa(spec({ leader: shooter(['shotgun']) }, [group('near', 2, 4), group('far', 3, 4)]), [4],
      { opening: D.A_PREEMPT, leader: leaderAct(D.K_SHOTGUN, 0) });
    expect(r.lines).toContain('  leader fires the shotgun (indoor): d6=4 +2 → 6 vs level 4');
    expect([r.game.s.unitLeft[0], r.game.s.unitLeft[1]]).toEqual([0, 2]);
    expect(r.game.s.subCur).toBe(1);
    expect(r.game.s.magazinesSpent).toBe(1);
    expect(r.dice.remaining).toBe(0);
  });

  it('§19 shotgun indoors: below the level it does nothing', () => {
    const r = playUa(spec({ leader: shooter(['shotgun']) }, [group('near', 2, 6)]), [3], { opening: D.A_PREEMPT, leader: leaderAct(D.K_SHOTGUN, 0) });
    expect(r.game.s.unitLeft[0]).toBe(2);
    expect(r.game.s.subCur).toBe(1);
  });

  it('§19 shotgun outdoors: one body per whole multiple of the level (6 vs level 2 → 3)', () => {
    const r = playUa(spec({ leader: shooter(['shotgun']) }, [group('near', 5, 2), group('far', 3, 2)], { location: 'outdoor' }), [4],
      { opening: D.A_PREEMPT, leader: leaderAct(D.K_SHOTGUN, 0) });
    expect([r.game.s.unitLeft[0], r.game.s.unitLeft[1]]).toEqual([2, 3]);
  });

  it('§19 shotgun outdoors: only the one target group is hit — damage beyond its size is lost', () => {
    const r = playUa(spec({ leader: shooter(['shotgun']) }, [group('near', 2, 2), group('far', 3, 2)], { location: 'outdoor' }), [4],
      { opening: D.A_PREEMPT, leader: leaderAct(D.K_SHOTGUN, 0) });
    expect([r.game.s.unitLeft[0], r.game.s.unitLeft[1]]).toEqual([0, 3]);
  });

  it('§19 shotgun outdoors: a high-threat target cannot be damaged twice by one blast', () => {
    const r = playUa(spec({ leader: shooter(['shotgun']) }, [{ name: 'boss', kind: 'high_threat', life: 5, level: 2, attacks: 0 }], { location: 'outdoor' }), [6, 1],
      { opening: D.A_PREEMPT, leader: leaderAct(D.K_SHOTGUN, 0) });
    expect(r.game.s.unitLeft[0]).toBe(4);
  });

  it('§19 shotgun critical: a 6 adds another die to the achieved value, again and again (6, 6, 2 + 2 = 16 vs level 4 outdoors → 4 bodies)', () => {
    const r = playUa(spec({ leader: shooter(['shotgun']) }, [group('near', 6, 4)], { location: 'outdoor' }), [6, 6, 2],
      { opening: D.A_PREEMPT, leader: leaderAct(D.K_SHOTGUN, 0) });
    expect(r.lines).toContain('  leader fires the shotgun (outdoor): d6=6 +2 +8 (critical dice) → 16 vs level 4');
    expect(r.game.s.unitLeft[0]).toBe(2);
    expect(r.dice.remaining).toBe(0);
  });

  it('§19/UA-R32 shotgun indoors: a unit whose screen falls in the same blast takes the remaining damage', () => {
    // Target 'others' (2); 5 + 射撃 2 = 7 vs level 4 → 4 bodies: others −2, heavies −1 (the screen falls), the last body hits a suppressor.
    const r = playUa(spec({ leader: shooter(['shotgun']) }, [group('suppressors', 3, 4, { screened_by: 'heavies' }), group('heavies', 1, 4), group('others', 2, 4)]), [5],
      { opening: D.A_PREEMPT, leader: leaderAct(D.K_SHOTGUN, 2) });
    expect([r.game.s.unitLeft[0], r.game.s.unitLeft[1], r.game.s.unitLeft[2]]).toEqual([2, 0, 0]);
  });

  it('§19 grenade: 2 damage on a hit (two soldiers of a group, UA-R11), ignoring a cover modifier; no magazine', () => {
    const r = playUa(spec({ leader: shooter(['grenade']) }, [group('dug-in', 4, 4, { attack_mod: -2, attack_mod_kind: 'cover' })]), [2],
      { opening: D.A_PREEMPT, leader: leaderAct(D.K_GRENADE, 0) });
    expect(r.lines).toContain('  leader throws a grenade (skill) at dug-in: d6=2 +2 → 4 hit');
    expect(r.game.s.unitLeft[0]).toBe(2);
    expect(r.game.s.magazinesSpent).toBe(0);
    expect(r.game.s.subCur).toBe(1);
  });

  it('§19 grenade: an armour modifier still applies (2 + 2 − 2 misses level 4)', () => {
    const r = playUa(spec({ leader: shooter(['grenade']) }, [group('armoured', 4, 4, { attack_mod: -2, attack_mod_kind: 'armour' })]), [2],
      { opening: D.A_PREEMPT, leader: leaderAct(D.K_GRENADE, 0) });
    expect(r.game.s.unitLeft[0]).toBe(4);
  });

  it('§19 grenade: 2 damage on a high-threat target; UA-R11 one-soldier drops only 1 soldier of a group', () => {
    const htt = playUa(spec({ leader: shooter(['grenade']) }, [{ name: 'boss', kind: 'high_threat', life: 5, level: 4, attacks: 0 }]), [3],
      { opening: D.A_PREEMPT, leader: leaderAct(D.K_GRENADE, 0) });
    expect(htt.game.s.unitLeft[0]).toBe(3);
    const one = playUa(spec({ leader: shooter(['grenade']) }, [group('foes', 4, 4)], { rulings: { grenade_vs_group: 'one-soldier' } }), [3],
      { opening: D.A_PREEMPT, leader: leaderAct(D.K_GRENADE, 0) });
    expect(one.game.s.unitLeft[0]).toBe(3);
  });

  it('§19 rapid fire: two 射撃ロール, 1 damage per success, 1 射撃点 in total', () => {
    const r = playUa(spec({ leader: shooter(['rapid_fire']) }, [group('foes', 5, 4)]), [3, 1], { opening: D.A_PREEMPT, leader: leaderAct(D.K_RAPID, 0) });
    expect(r.lines.filter((l) => l.includes('rapid fire'))).toEqual(['  rapid fire 1 at foes: d6=3 +2 → 5 hit', '  rapid fire 2 at foes: d6=1 +2 → 3 miss']);
    expect(r.game.s.unitLeft[0]).toBe(4);
    expect(r.game.s.subCur).toBe(1);
    expect(r.game.s.magazinesSpent).toBe(2);
    expect(r.dice.remaining).toBe(0);
  });

  it('§19 rapid fire: each critical adds one more attack', () => {
    const r = playUa(spec({ leader: shooter(['rapid_fire']) }, [group('foes', 6, 4)]), [6, 6, 3, 1], { opening: D.A_PREEMPT, leader: leaderAct(D.K_RAPID, 0) });
    expect(r.lines.filter((l) => l.includes('rapid fire'))).toHaveLength(4);
    expect(r.game.s.unitLeft[0]).toBe(3);
    expect(r.game.s.magazinesSpent).toBe(4);
    expect(r.dice.remaining).toBe(0);
  });

  it('§19 見切り: after a failed defence against shooting, re-roll the defence; success cancels the damage', () => {
    const r = playUa(spec({ leader: shooter(['dodge']) }, [group('gunmen', 1, 4, { attacks: 1 })], { reaction: null }), [2, 4],
      { opening: D.A_READ, dodge: D.A_YES, leader: PASS });
    expect(r.lines).toContain('  leader defends vs gunmen: d6=2 +0 → 2 vs 4 fails');
    expect(r.lines).toContain('  見切り: d6=4 +0 → 4 dodged');
    expect(r.game.s.life).toBe(r.game.s.lifeMax);
    expect(r.game.s.subCur).toBe(1);
  });

  it('§19 見切り works only against shooting: no re-roll against an enemy without guns', () => {
    const r = playUa(spec({ leader: shooter(['dodge']) }, [group('knives', 1, 4, { attacks: 1, gun_armed: false })], { reaction: null }), [2],
      { opening: D.A_READ, leader: PASS });
    expect(r.policy.askedFor('dodge')).toHaveLength(0);
    expect(r.game.s.life).toBe(r.game.s.lifeMax - 1);
  });

  it('§19 先制射撃: after a hostile reaction the squad seizes the first turn (1 射撃点, not an action)', () => {
    const r = playUa(spec({ leader: shooter(['preemptive_fire']) }, [group('foes', 3, 4)], { reaction: 'hostile' }), [3],
      { opening: D.A_READ, seize: D.A_YES, leader: PASS });
    expect(r.lines).toContain('  先制射撃: the squad seizes the first turn');
    expect(lineIndex(r.lines, /^ squad's turn/)).toBeLessThan(lineIndex(r.lines, /^ enemy turn/));
    expect(r.game.s.subCur).toBe(1);
    expect(r.policy.askedFor('leader')).toHaveLength(1); // the leader still acts in round 1
  });

  it('§19 先制射撃 overrides a forced enemy first strike', () => {
    const r = playUa(spec({ leader: shooter(['preemptive_fire']) }, [group('foes', 3, 4)], { eng: { enemy_first_strike: true } }), [],
      { opening: D.A_PREEMPT, seize: D.A_YES, leader: PASS });
    expect(r.lines).toContain('  the enemy strikes first (forced; no 先制攻撃)');
    expect(lineIndex(r.lines, /^ squad's turn/)).toBeLessThan(lineIndex(r.lines, /^ enemy turn/));
  });

  it('§19/§36 damage skills are not legal in round 0 (expendables and the stun skill are)', () => {
    const r = playUa(spec({ leader: shooter(['shotgun', 'grenade', 'rapid_fire'], { sub: 4 }), buy: ['stun_grenade'] }, [group('foes', 3, 4)]), [],
      { opening: D.A_PREEMPT, round0: PASS, leader: PASS });
    const round0 = r.policy.askedFor('round0')[0].legal.map(actionName);
    expect(round0).toEqual(['pass@0', 'flashbang@0']);
    const round1 = r.policy.askedFor('leader')[0].legal.map(actionName);
    expect(round1).toEqual(expect.arrayContaining(['shotgun@0', 'grenade@0', 'rapid-fire@0', 'shoot@0']));

    const stun = playUa(spec({ leader: shooter(['stun_grenade', 'grenade'], { sub: 2 }) }, [group('foes', 3, 4)]), [], { opening: D.A_PREEMPT, round0: PASS, leader: PASS });
    expect(stun.policy.askedFor('round0')[0].legal.map(actionName)).toEqual(['pass@0', 'stun-grenade-skill@0']);
  });
});

describe('§21 指揮技能', () => {
  const attacker = group('foes', 1, 4, { attacks: 1 });
  it('§21 拠点構築 (leader): +1 to the leader\'s defence rolls until the end of the combat', () => {
    const r = playUa(spec({ leader: commander(['fortify']) }, [attacker], { rounds: 2 }), [3, 3],
      { opening: D.A_PREEMPT, round0: D.act(D.K_FORTIFY_LEADER), leader: PASS });
    expect(r.lines.filter((l) => l.includes('leader defends'))).toEqual(['  leader defends vs foes: d6=3 +1 → 4 vs 4 safe', '  leader defends vs foes: d6=3 +1 → 4 vs 4 safe']);
    expect(r.game.s.life).toBe(r.game.s.lifeMax);
    expect(r.game.s.subCur).toBe(1);
  });

  it('§21 拠点構築 (members): +1 to the members\' defence rolls', () => {
    const r = playUa(spec({ leader: commander(['fortify']), members: { assault: 1 } }, [attacker]), [1, 3],
      { opening: D.A_PREEMPT, round0: D.act(D.K_FORTIFY_MEMBERS), leader: PASS, 'member-fire': last, 'odd-attack': D.A_TO_MEMBERS });
    expect(r.lines).toContain('  members defend vs foes: d6=3 +1 → 4 vs 4 safe');
    expect(r.game.s.members[4]).toBe(1);
  });

  it('§21 拠点構築 「分隊長１人、または…隊員すべて」: once used for the leader it is not offered for the members in that combat (UA-R41 one-or-other); each-side-once offers it', () => {
    const legalAfter = (rulings?: Record<string, string>) => {
      const r = playUa(spec({ leader: commander(['fortify'], { sub: 2 }), members: { assault: 1 } }, [attacker], { rounds: 2, ...(rulings ? { rulings } : {}) }), [4, 4, 4, 4],
        { opening: D.A_PREEMPT, round0: D.act(D.K_FORTIFY_LEADER), leader: PASS, 'member-fire': last, 'odd-attack': D.A_TO_MEMBERS });
      return r.policy.askedFor('leader')[0].legal.map(actionName);
    };
    expect(legalAfter()).not.toContain('fortify-members@0');
    expect(legalAfter({ fortify_uses: 'each-side-once' })).toContain('fortify-members@0');
  });

  it('§21 ファーストエイド: the wounded leader recovers (1 life, UA-R18) for 1 指揮点; not offered at full life', () => {
    const r = playUa(spec({ leader: commander(['first_aid']) }, [attacker], { reaction: null }), [2],
      { opening: D.A_READ, leader: D.act(D.K_FIRST_AID) });
    expect(r.lines).toContain('    leader hit: life 4');
    expect(r.policy.askedFor('leader')[0].legal.map(actionName)).toContain('first-aid@0');
    expect(r.game.s.life).toBe(5);
    expect(r.game.s.subCur).toBe(1);
    expect(r.policy.askedFor('round0')).toHaveLength(0); // round 0 at full life: nothing but pass
  });

  it('§21 ネゴシエーション: with one soldier left, a 指揮ロール ≥ its level takes him prisoner and ends the fight', () => {
    const r = playUa(spec({ leader: commander(['negotiation']) }, [group('last man', 1, 4)]), [2],
      { opening: D.A_PREEMPT, leader: leaderAct(D.K_NEGOTIATE, 0) });
    expect(r.lines).toContain('  negotiation with the last soldier: d6=2 +2 → 4 captured');
    expect(r.game.s.engagementsCleared).toBe(1);
    expect(r.game.s.subCur).toBe(1);
  });

  it('§21 ネゴシエーション is not offered while more than one soldier stands', () => {
    const r = playUa(spec({ leader: commander(['negotiation']) }, [group('pair', 2, 4)]), [], { opening: D.A_PREEMPT, leader: PASS });
    expect(r.policy.askedFor('leader')[0].legal.map(actionName).some((a) => a.startsWith('negotiate'))).toBe(false);
  });

  it('§21 政治工作: an extortion demand can be paid at a tenth, rounded down (25 → 2 magazines), without loot', () => {
    const r = playUa(spec({ leader: commander(['political']), magazines: 30 }, [group('gang', 3, 4)], { reaction: 'extortion', eng: { extortion: 25, loot: { magazines: 3 } } }), [4],
      { opening: D.A_READ, 'reaction-adjust': D.A_ADJ_NONE, extortion: D.A_PAY_POLITICAL });
    expect(r.policy.askedFor('extortion')[0].legal).toEqual([D.A_REFUSE, D.A_PAY, D.A_PAY_POLITICAL]);
    expect(r.game.s.magazines).toBe(28);
    expect(r.game.s.subCur).toBe(1);
    expect(r.game.s.engagementsCleared).toBe(1);
  });

  it('§21 政治工作: after the reaction roll, shift it by ±1 (3 hostile → 4 friendly) for 1 指揮点', () => {
    const r = playUa(spec({ leader: commander(['political']) }, [group('locals', 3, 4)], { reaction: { '1-3': 'hostile', '4-6': 'friendly' } }), [3],
      { opening: D.A_READ, 'reaction-adjust': D.A_ADJ_POL_PLUS });
    expect(r.policy.askedFor('reaction-adjust')[0].legal).toEqual([D.A_ADJ_NONE, D.A_ADJ_POL_MINUS, D.A_ADJ_POL_PLUS]);
    expect(r.lines).toContain('  reaction: d6=3 adjusted to 4 → friendly');
    expect(r.game.s.subCur).toBe(1);
    expect(r.game.s.engagementsCleared).toBe(1);
    expect(r.lines.some((l) => l.startsWith(' round 1'))).toBe(false);
  });
});

describe('§22 格闘点', () => {
  it('§22 全力攻撃: a melee attack rolled with 格闘点 (spent), without the −2 (2 + 2 = 4 hits level 4)', () => {
    const r = playUa(spec({ leader: { sub_ability: 'melee' } }, [group('foes', 3, 4)]), [2],
      { opening: D.A_PREEMPT, round0: PASS, leader: leaderAct(D.K_FULL_POWER, 0) });
    expect(r.lines).toContain('  leader melee at foes: d6=2 +2 → 4 vs level 4 hit');
    expect(r.game.s.subCur).toBe(1);
    expect(r.game.s.magazinesSpent).toBe(0);
  });

  it('§22 遮蔽物に隠れる: the defence roll is made with 格闘点 (spent) plus armour (2 + 2 + plate 1 = 5 holds vs level 5)', () => {
    const foe = group('foes', 1, 5, { attacks: 1 });
    const hide = playUa(spec({ leader: { sub_ability: 'melee' } }, [foe]), [2], { opening: D.A_PREEMPT, round0: PASS, leader: PASS, cover: D.A_YES });
    expect(hide.lines).toContain('  leader defends vs foes: d6=2 +3 → 5 vs 5 safe');
    expect(hide.game.s.subCur).toBe(1);
    const stand = playUa(spec({ leader: { sub_ability: 'melee' } }, [foe]), [2], { opening: D.A_PREEMPT, round0: PASS, leader: PASS, cover: D.A_NO });
    expect(stand.lines).toContain('  leader defends vs foes: d6=2 +1 → 3 vs 5 fails');
    expect(stand.game.s.subCur).toBe(2);
  });

  it('§22 かばう: after a member\'s failed defence, a 格闘点 roll ≥ the level saves him; only once per round', () => {
    // 4 attacks: 2 at the leader, 2 at the two assaults.
    const r = playUa(spec({ leader: { sub_ability: 'melee' }, armour: 'none', members: { assault: 2 } }, [group('foes', 4, 4, { attacks: 1 })], { reaction: null }),
      [5, 5, 2, 3, 2, 5, 1], { opening: D.A_READ, round0: PASS, cover: D.A_NO, protect: D.A_YES, leader: PASS, 'member-fire': last });
    expect(r.lines).toContain('  4 enemy attacks: 2 at the leader, 2 at the members');
    expect(r.lines).toContain('  かばう: d6=3 +2 → 5 covered');
    expect(r.policy.askedFor('protect')).toHaveLength(1);
    expect(r.lines).toContain('    hit table d6=5: a assault drops (1 members left)');
    expect(r.game.s.members[4]).toBe(1);
    expect(r.game.s.subCur).toBe(1);
    expect(r.dice.remaining).toBe(0);
  });

  it('§22 かばう is the leader\'s 防御ロール: his armour counts, as for 遮蔽物に隠れる (UA-R91); sub-ability-only leaves it out', () => {
    const play = (rulings?: Record<string, string>) => playUa(spec({ leader: { sub_ability: 'melee' }, armour: 'plate_carrier', buy: ['plate_carrier'], members: { assault: 1 } }, [group('foes', 1, 5, { attacks: 1 })], { reaction: null, ...(rulings ? { rulings } : {}) }),
      [1, 2, 5], { opening: D.A_READ, round0: PASS, 'odd-attack': D.A_TO_MEMBERS, protect: D.A_YES, leader: PASS, 'member-fire': last });
    expect(play().lines).toContain('  かばう: d6=2 +3 → 5 covered'); // 格闘 2 + plate carrier 1
    expect(play({ protect_roll: 'sub-ability-only' }).lines).toContain('  かばう: d6=2 +2 → 4 failed');
  });

  it('§22 かばう: a failed 格闘点 roll leaves the member to the hit table', () => {
    const r = playUa(spec({ leader: { sub_ability: 'melee' }, armour: 'none', members: { assault: 1 } }, [group('foes', 1, 5, { attacks: 1 })], { reaction: null }),
      [1, 2, 5], { opening: D.A_READ, round0: PASS, 'odd-attack': D.A_TO_MEMBERS, protect: D.A_YES, leader: PASS });
    expect(r.lines).toContain('  かばう: d6=2 +2 → 4 failed');
    expect(r.game.s.members[4]).toBe(0);
  });
});

describe('§24 精密射撃', () => {
  it('§24 精密射撃: 1d6 + current 器用点 (+ gun) and the shooter picks the unit hit among mixed enemies', () => {
    const enemies = [group('foes', 3, 5), { name: 'boss', kind: 'high_threat', life: 3, level: 5, attacks: 0 }];
    const precise = playUa(spec({ leader: { sub_ability: 'dexterity' } }, enemies), [3], { opening: D.A_PREEMPT, leader: leaderAct(D.K_PRECISE, 1) });
    expect(precise.lines).toContain('  leader shoots at boss: d6=3 +3 → 6 vs level 5 hit'); // 3 + 器用 2 + DMR 1, even: no DMR choice
    expect([precise.game.s.unitLeft[0], precise.game.s.unitLeft[1]]).toEqual([3, 2]);
    expect(precise.dice.remaining).toBe(0);
    expect(precise.game.s.subCur).toBe(1);
    const plain = playUa(spec({ leader: { sub_ability: 'dexterity' } }, enemies), [3], { opening: D.A_PREEMPT, leader: leaderAct(D.K_SHOOT, 1) });
    expect(plain.lines).toContain('  leader shoots at boss: d6=3 +1 → 4 vs level 5 miss');
  });

  it('UA-R130: 精密射撃 does not pass a screen — the screened unit is not offered while its screen stands, so the precise hit lands on the screen', () => {
    // Black Sun 64 指揮官防護 exempts 精密射撃 in its text; the declared reading plays nobody past a screen.
    const enemies = [group('militia', 1, 5), { name: 'commander', kind: 'high_threat', life: 3, level: 5, attacks: 0, screened_by: 'militia' }];
    const precise = (legal: readonly number[]): number => legal.find((a) => D.kindOf(a) === D.K_PRECISE)!;
    const r = playUa(spec({ leader: { sub_ability: 'dexterity' } }, enemies), [3], { opening: D.A_PREEMPT, leader: precise });
    const offered = r.policy.askedFor('leader')[0].legal.filter((a) => D.kindOf(a) === D.K_PRECISE).map(actionName);
    expect(offered).toEqual(['precise-shot@0']);
    expect(r.lines).toContain('  leader shoots at militia: d6=3 +3 → 6 vs level 5 hit');
    expect([r.game.s.unitLeft[0], r.game.s.unitLeft[1]]).toEqual([0, 3]);
    expect(r.dice.remaining).toBe(0);
  });

  // UA-R155 (issue 38): reading (b) of UA-R130 — a unit's screen_exempt names the shots that pass its screen, as Black
  // Sun writes 「但し、マークスマンやスキル【精密射撃】はこの限りではない」. The old code refused the key.
  const guarded = (exempt: string[]) => [group('militia', 1, 5), { name: 'commander', kind: 'high_threat', life: 3, level: 5, attacks: 0, screened_by: 'militia', screen_exempt: exempt }];
  const preciseAt = (u: number) => (legal: readonly number[]): number => legal.find((a) => D.kindOf(a) === D.K_PRECISE && D.targetOf(a) === u)!;
  it('UA-R155 scenario (default): 精密射撃 named by screen_exempt aims past the screen and hits the commander', () => {
    const r = playUa(spec({ leader: { sub_ability: 'dexterity' } }, guarded(['precise_shot', 'marksman'])), [3], { opening: D.A_PREEMPT, leader: preciseAt(1) });
    const offered = r.policy.askedFor('leader')[0].legal.filter((a) => D.kindOf(a) === D.K_PRECISE).map(actionName);
    expect(offered).toEqual(['precise-shot@0', 'precise-shot@1']);
    expect(r.lines).toContain('  leader shoots at commander: d6=3 +3 → 6 vs level 5 hit');
    expect([r.game.s.unitLeft[0], r.game.s.unitLeft[1]]).toEqual([1, 2]);
    // Other actions still see the screen: no gun shot or melee at the commander.
    expect(r.policy.askedFor('leader')[0].legal.filter((a) => D.targetOf(a) === 1 && D.kindOf(a) !== D.K_PRECISE && D.kindOf(a) !== D.K_PASS)).toEqual([]);
    expect(r.dice.remaining).toBe(0);
  });
  it('UA-R155 none: the same unit and the same dice — nobody passes the screen, the precise hit lands on the militia', () => {
    const r = playUa(spec({ leader: { sub_ability: 'dexterity' } }, guarded(['precise_shot', 'marksman']), { rulings: { screen_exemptions: 'none' } }), [3],
      { opening: D.A_PREEMPT, leader: (l) => l.find((a) => D.kindOf(a) === D.K_PRECISE)! });
    expect(r.policy.askedFor('leader')[0].legal.filter((a) => D.kindOf(a) === D.K_PRECISE).map(actionName)).toEqual(['precise-shot@0']);
    expect([r.game.s.unitLeft[0], r.game.s.unitLeft[1]]).toEqual([0, 3]);
  });
  it('UA-R155: screen_exempt names who passes — a marksman is asked to aim and hits the commander; named for 精密射撃 only, he cannot', () => {
    const members = { leader: { sub_ability: 'shooting' }, members: { marksman: 1 } };
    const answers = { opening: D.A_PREEMPT, leader: PASS, 'member-fire': (l: readonly number[]) => l[l.length - 1], target: 1 };
    const r = playUa(spec(members, guarded(['marksman'])), [5], answers);
    expect(r.policy.askedFor('target')).toHaveLength(1);
    expect(r.lines.some((l) => /marksman shoots at commander: .* hit/.test(l))).toBe(true);
    expect([r.game.s.unitLeft[0], r.game.s.unitLeft[1]]).toEqual([1, 2]);
    // Named for 精密射撃 only: the marksman's shot stays behind the screen (no aim asked, the militia hit).
    const only = playUa(spec(members, guarded(['precise_shot'])), [5], answers);
    expect(only.policy.askedFor('target')).toHaveLength(0);
    expect([only.game.s.unitLeft[0], only.game.s.unitLeft[1]]).toEqual([0, 3]);
  });
  it('UA-R155: screen_exempt without screened_by is refused at its path', () => {
    const lone = [{ name: 'commander', kind: 'high_threat', life: 3, level: 5, attacks: 0, screen_exempt: ['marksman'] }];
    expect(() => playUa(spec({ leader: { sub_ability: 'dexterity' } }, lone), [], {})).toThrow(/screen_exempt.*screened_by/);
  });
});
