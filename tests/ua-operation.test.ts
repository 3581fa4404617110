// Rules tests for URBAN ASSAULT operations (scenario maps): one-way
// progression, the repeated-tile rule, fleeing, 察知, event checks, choices,
// effects, the end of the operation and the reorganization stages. Dice are
// scripted: a d3 face f reads ⌈f/2⌉, so d33 code tu is scripted as
// (2t−1, 2u−1), e.g. 11 → [1, 1], 13 → [1, 5], 21 → [3, 1].
import { describe, expect, it } from 'vitest';
import * as D from '../src/rules/urban-assault/decisions.js';
import { EXP_AT4, EXP_FRAG, R_ASSAULT } from '../src/rules/urban-assault/catalogue/catalogue.js';
import { code, codes, d33Traces, oneEnemy, playOp, trace, type OpSpec } from './helpers/ua-op-harness.js';

function spec(over: Partial<Record<string, unknown>> = {}, squad: Record<string, unknown> = { leader: { sub_ability: 'shooting' } }, operation: Record<string, unknown> = {}, rulings?: Record<string, string>): OpSpec {
  return {
    scenario: {
      scenario: 'test', map: 'd33',
      progression: { tiles_before_mid: 3, tiles_after_mid: 3, repeated_tile: 'next-unused' },
      rules: { starting_magazines: { NORMAL: 10 } },
      tiles: d33Traces(),
      mid: trace('mid', 90), final: trace('final', 99),
      ...over,
    },
    squad, operation, rulings,
  };
}

describe('one-way progression (一本道): tiles 1–3, mid event, tiles 5–7, final event', () => {
  it('resolves three random tiles, the mid event, three more and the final event; success at the final', () => {
    const r = playOp(spec(), codes(11, 12, 13, 21, 22, 23), {});
    expect(r.value('scrip')).toBe(11 + 12 + 13 + 90 + 21 + 22 + 23 + 99);
    expect(r.value('tiles')).toBe(8);
    expect(r.rate('win')).toBe(1);
    expect(r.dice.remaining).toBe(0);
    expect(r.lines.filter((l) => /^tile \d+:/.test(l)).map((l) => l.split(' ')[2])).toEqual(['11', '12', '13', 'mid', '21', '22', '23', 'final']);
  });

  it('records leader life, members and magazines after each tile (attrition by tile)', () => {
    const tiles = d33Traces({ 12: { name: 'ammo', location: 'indoor', supply: { effects: [{ magazines: 2 }] } } });
    const r = playOp(spec({ tiles }), codes(11, 12, 13, 21, 22, 23), {});
    const mags = [0, 1, 2, 3].map((t) => r.record.series[t * r.record.nVars + 2]);
    expect(mags).toEqual([10, 10, 12, 12]);
  });
});

describe('repeated tile (UA-R49)', () => {
  it('next-unused: a used code steps to the next unused one (13 → 21, 33 → 11 wraps)', () => {
    const r = playOp(spec(), codes(33, 33, 31, 32, 33, 13), {});
    // 33, then 33 used → 11; 31; mid; 32; 33 used → 11 used → 12; 13.
    expect(r.value('scrip')).toBe(33 + 11 + 31 + 90 + 32 + 12 + 13 + 99);
    expect(r.dice.remaining).toBe(0);
  });

  it('reroll: a used code is rolled again', () => {
    const s = spec({ progression: { tiles_before_mid: 2, tiles_after_mid: 0, repeated_tile: 'reroll' } });
    const r = playOp(s, codes(11, 11, 11, 22), {});
    expect(r.value('scrip')).toBe(11 + 22 + 90 + 99);
    expect(r.dice.remaining).toBe(0);
  });
});

describe('fleeing (逃走 = 退却 §42) in one-way mode', () => {
  it('a fled tile does not count; the squad draws another and cannot re-enter the same one at once', () => {
    const s = spec({ tiles: d33Traces({ 11: oneEnemy('guard post') }) });
    // 11 (fight: the leader retreats; the enemy's volley: defence 6 = safe), 11 again → blocked → 12, 13, 21, mid, 22, 23, 31, final.
    const r = playOp(s, [...code(11), 6, ...codes(11, 13, 21, 22, 23, 31)], {
      opening: D.A_PREEMPT,
      leader: D.act(D.K_RETREAT),
    });
    expect(r.value('flees')).toBe(1);
    expect(r.rate('fled')).toBe(1);
    expect(r.value('tiles')).toBe(8);
    expect(r.value('scrip')).toBe(12 + 13 + 21 + 90 + 22 + 23 + 31 + 99);
    expect(r.dice.remaining).toBe(0);
  });

  it('the mid event cannot be fled: retreat is not offered there', () => {
    const s = spec({ mid: oneEnemy('mid fight') });
    const r = playOp(s, [...codes(11, 12, 13), 6], { opening: D.A_PREEMPT, leader: D.act(D.K_PASS) });
    const asked = r.policy.askedFor('leader');
    expect(asked.length).toBe(1);
    expect(asked[0].legal).not.toContain(D.act(D.K_RETREAT));
    // One round without a decision (max_rounds 1): the operation stalls with the leader alive.
    expect(r.rate('stalled')).toBe(1);
    expect(r.rate('win')).toBe(0);
    expect(r.dice.remaining).toBe(0);
  });
});

describe('察知 (§25): a 器用 leader may avoid a drawn tile', () => {
  const dex = { leader: { sub_ability: 'dexterity', xp: { sub: 2 } } };
  it('success (1d6 + 器用点 + soft armour ≥ 4) avoids the tile, spends 1 器用点, and the code stays unused', () => {
    let first = true;
    const r = playOp(spec({}, dex), [...code(11), 2, ...codes(12, 13, 21, 22, 23, 31)], {
      detect: () => (first ? ((first = false), D.A_YES) : D.A_NO),
    });
    expect(r.value('detects')).toBe(1);
    expect(r.game.s.subCur).toBe(3);
    expect(r.value('scrip')).toBe(12 + 13 + 21 + 90 + 22 + 23 + 31 + 99);
    expect(r.lines.some((l) => /察知: d6=2 \+5 → 7 — the squad avoids it/.test(l))).toBe(true);
    expect(r.dice.remaining).toBe(0);
  });

  it('a failed 察知 (natural 1) is re-rolled once with a K9', () => {
    let first = true;
    const r = playOp(spec({}, { ...dex, members: { k9: 1 } }), [...code(11), 1, 3, ...codes(12, 13, 21, 22, 23, 31)], {
      detect: () => (first ? ((first = false), D.A_YES) : D.A_NO),
    });
    expect(r.lines.some((l) => /K9 re-roll: d6=3 → 8 — avoided/.test(l))).toBe(true);
    expect(r.value('scrip')).toBe(12 + 13 + 21 + 90 + 22 + 23 + 31 + 99);
    expect(r.dice.remaining).toBe(0);
  });

  it('scouts add +1 each to 察知, at most +2 (§28 スカウト)', () => {
    const roll = (scouts: number) => {
      let first = true;
      const r = playOp(spec({}, { ...dex, members: { scout: scouts } }), [...code(11), 2, ...codes(12, 13, 21, 22, 23, 31)], {
        detect: () => (first ? ((first = false), D.A_YES) : D.A_NO),
      });
      return r.lines.find((l) => l.startsWith('  察知:'))!;
    };
    expect(roll(1)).toBe('  察知: d6=2 +6 → 8 — the squad avoids it');
    expect(roll(2)).toBe('  察知: d6=2 +7 → 9 — the squad avoids it');
    expect(roll(3)).toBe('  察知: d6=2 +7 → 9 — the squad avoids it');
  });

  it('a spotter re-rolls a failed 察知 once on an outdoor tile, not indoors (§28 スポッター)', () => {
    const play = (location: string) => {
      let first = true;
      return playOp(spec({ tiles: d33Traces({ 11: trace('tile 11', 11, location) }) }, { ...dex, members: { spotter: 1 } }), [...code(11), 1, 3, ...codes(12, 13, 21, 22, 23, 31)], {
        detect: () => (first ? ((first = false), D.A_YES) : D.A_NO),
      });
    };
    const outdoor = play('outdoor');
    expect(outdoor.lines.some((l) => /spotter re-roll: d6=3 → 8 — avoided/.test(l))).toBe(true);
    expect(outdoor.dice.remaining).toBe(0);
    expect(play('indoor').lines.some((l) => l.includes('spotter re-roll'))).toBe(false);
  });

  it('the 対爆スーツ takes 1 off 察知 (soft armour +1 → EOD suit −1: two less)', () => {
    const roll = (squad: Record<string, unknown>) => {
      let first = true;
      const r = playOp(spec({}, squad), [...code(11), 2, ...codes(12, 13, 21, 22, 23, 31)], { detect: () => (first ? ((first = false), D.A_YES) : D.A_NO) });
      return r.lines.find((l) => l.startsWith('  察知:'))!;
    };
    expect(roll(dex)).toBe('  察知: d6=2 +5 → 7 — the squad avoids it');
    expect(roll({ ...dex, armour: 'eod_suit', buy: ['eod_suit'], magazines: 30 })).toBe('  察知: d6=2 +3 → 5 — the squad avoids it');
  });

  it('is never offered to a leader of another sub-ability', () => {
    const r = playOp(spec(), codes(11, 12, 13, 21, 22, 23), {});
    expect(r.policy.askedFor('detect').length).toBe(0);
  });
});

describe('event checks (§07, §09; UA-R48)', () => {
  const cmdCheck = { name: 'catwalk', location: 'outdoor', check: { check: { roll: 'command', target: 4, auto_success_with: 'engineer' }, failure: [{ hit_table: 1 }] } };
  const shooter = { leader: { sub_ability: 'shooting', xp: { skill: 4 } }, members: { assault: 2 } };
  it('a sub-ability the leader lacks rolls 技量点 (ruling skill): 3 + 1 ≥ 4 succeeds', () => {
    const r = playOp(spec({ tiles: d33Traces({ 11: cmdCheck }) }, shooter), [...code(11), 3, ...codes(12, 13, 21, 22, 23)], {});
    expect(r.game.s.members[R_ASSAULT]).toBe(2);
    expect(r.dice.remaining).toBe(0);
  });

  it('…or 0 (ruling zero): 3 + 0 fails and the failure rolls the hit table (face 5: an assault member drops)', () => {
    const r = playOp(spec({ tiles: d33Traces({ 11: cmdCheck }) }, shooter, {}, { off_ability_check: 'zero' }), [...code(11), 3, 5, ...codes(12, 13, 21, 22, 23)], {});
    expect(r.game.s.members[R_ASSAULT]).toBe(1);
    expect(r.dice.remaining).toBe(0);
  });

  it('a combat engineer makes it succeed without a roll', () => {
    const r = playOp(spec({ tiles: d33Traces({ 11: cmdCheck }) }, { ...shooter, members: { engineer: 1 } }, {}, { off_ability_check: 'zero' }), codes(11, 12, 13, 21, 22, 23), {});
    expect(r.lines.some((l) => /without a roll \(engineer/.test(l))).toBe(true);
    expect(r.dice.remaining).toBe(0);
  });

  it('the leader\'s own sub-ability: 1d6 + current value, then 1 point is spent; a natural 6 takes the critical effects', () => {
    const cache = { name: 'cache', location: 'indoor', supply: { check: { roll: 'dexterity', target: 4 }, success: [{ magazines: 1 }], critical: [{ magazines: 1 }, { item: 'at4' }], failure: ['nothing'] } };
    const dex = { leader: { sub_ability: 'dexterity', xp: { sub: 2 } } };
    const r = playOp(spec({ tiles: d33Traces({ 11: cache }) }, dex), [...code(11), 6, ...codes(12, 13, 21, 22, 23)], { detect: D.A_NO });
    expect(r.game.s.subCur).toBe(3);
    expect(r.game.s.expendables[EXP_AT4]).toBe(1);
    expect(r.value('magazines_left')).toBe(11);
    expect(r.dice.remaining).toBe(0);
  });

  it('member modifiers add to the roll (disarm 5, +1 with an engineer: 4 + 0 + 1 = 5 succeeds)', () => {
    const trap = { name: 'wired door', location: 'indoor', trap: [{ label: 'walk past', effects: ['nothing'] }, { label: 'disarm', check: { roll: 'dexterity', target: 5, mods: { engineer: 1 } }, success: [{ item: { id: 'at4', if_held: [{ magazines: 2 }] } }], failure: [{ leader_damage: 1 }] }] };
    const r = playOp(spec({ tiles: d33Traces({ 11: trap }) }, { leader: { sub_ability: 'shooting' }, members: { engineer: 1 } }), [...code(11), 4, ...codes(12, 13, 21, 22, 23)], { 'event-option': 1 });
    expect(r.game.s.expendables[EXP_AT4]).toBe(1);
    expect(r.dice.remaining).toBe(0);
  });
  it('the K9\'s 「捕虜関連判定に +1」 is written the same way on a prisoner check (mods: { k9: 1 }; UA-R33, issue 38)', () => {
    const captive = { name: 'captive', location: 'indoor', check: [{ label: 'question him', check: { roll: 'command', target: 5, mods: { k9: 1 } }, success: [{ magazines: 2 }], failure: ['nothing'] }] };
    const play = (members: Record<string, number>) => playOp(spec({ tiles: d33Traces({ 11: captive }) }, { leader: { sub_ability: 'shooting' }, members }), [...code(11), 4, ...codes(12, 13, 21, 22, 23)], {});
    expect(play({ k9: 1 }).value('magazines_left')).toBe(11); // 4 + 技量点 0 + 1 = 5 succeeds: 10 − 1 for the K9 + 2
    expect(play({ assault: 1 }).value('magazines_left')).toBe(10);
  });
});

describe('対爆スーツ and トラップ系 damage (§28 「爆発・トラップ系ダメージを -1」, UA-R88)', () => {
  const trap = { name: 'tripwire', location: 'indoor', trap: [{ label: 'disarm', check: { roll: 'dexterity', target: 6 }, failure: [{ leader_damage: 2 }] }] };
  const check = { name: 'rubble', location: 'indoor', check: [{ label: 'climb', check: { roll: 'dexterity', target: 6 }, failure: [{ leader_damage: 2 }] }] };
  const play = (tile: Record<string, unknown>, armour?: string) =>
    playOp(spec({ tiles: d33Traces({ 11: tile }) }, { leader: { sub_ability: 'shooting' }, ...(armour ? { armour, buy: [armour] } : {}) }), [...code(11), 1, ...codes(12, 13, 21, 22, 23)], { between: D.A_CONTINUE });
  it('a failed trap costs the leader 1 less in the EOD suit', () => {
    const plain = play(trap), eod = play(trap, 'eod_suit');
    expect(plain.game.s.lifeMax - plain.game.s.life).toBe(2);
    expect(eod.game.s.lifeMax - eod.game.s.life).toBe(1);
    expect(eod.lines.some((l) => l.includes('eod_suit −1, トラップ系'))).toBe(true);
  });
  it('damage from an event that is not a trap is not reduced', () => {
    const eod = play(check, 'eod_suit');
    expect(eod.game.s.lifeMax - eod.game.s.life).toBe(2);
  });
});

describe('メディック treats the leader 「戦闘終了時」 (§28, UA-R89)', () => {
  const hurt = { name: 'rubble', location: 'indoor', supply: { effects: [{ leader_damage: 1 }] } };
  const friends = { name: 'friends', location: 'indoor', encounter: { enemies: [{ name: 'patrol', count: 1, level: 4 }], reaction: 'friendly' } };
  const play = (rulings?: Record<string, string>) =>
    playOp(spec({ tiles: d33Traces({ 11: hurt, 12: friends }) }, { leader: { sub_ability: 'shooting' }, members: { medic: 1 } }, {}, rulings),
      [...codes(11, 12), 1, ...codes(13, 21, 22, 23)], { opening: D.A_READ, between: D.A_CONTINUE });
  it('not after an encounter settled without a fight (after-combat, the default)', () => {
    const r = play();
    expect(r.lines).toContain('  reaction: d6=1 → friendly');
    expect(r.lines.some((l) => l.includes('medic treats the leader'))).toBe(false);
    expect(r.game.s.life).toBe(r.game.s.lifeMax - 1);
    expect(r.dice.remaining).toBe(0);
  });
  it('after-any-encounter: the medic treats him after the friendly patrol too', () => {
    const r = play({ medic_timing: 'after-any-encounter' });
    expect(r.lines.some((l) => l.includes('medic treats the leader'))).toBe(true);
    expect(r.game.s.life).toBe(r.game.s.lifeMax);
  });
});

describe('replay text of a forced enemy first strike', () => {
  it('prints only what is played: no 先制攻撃 line when the enemy is forced to strike first', () => {
    const ambush = { name: 'ambush', location: 'indoor', encounter: { enemies: [{ name: 'guard', count: 1, level: 4 }], reaction: 'fight_to_the_end', enemy_first_strike: true } };
    const r = playOp(spec({ tiles: d33Traces({ 11: ambush }) }, undefined, { max_flees: 0 }), [...code(11), 6], { opening: D.A_PREEMPT, leader: D.act(D.K_PASS) });
    expect(r.lines).toContain('  the enemy strikes first (forced; no 先制攻撃)');
    expect(r.lines).not.toContain('  the squad attacks first (先制攻撃)');
    expect(r.dice.remaining).toBe(0);
  });
});

describe('持ち物上限 = the current maximum life (§27)', () => {
  it('a requested armour that raises max life raises the carry limit for the operation', () => {
    const cache = { name: 'cache', location: 'indoor', supply: { effects: [{ item: { id: 'frag_grenade', n: 20 } }] } };
    const play = (squad: Record<string, unknown>) => playOp(spec({ tiles: d33Traces({ 11: cache }) }, squad), codes(11, 12, 13, 21, 22, 23), { between: D.A_CONTINUE });
    const plain = play({ leader: { sub_ability: 'command', skills: ['supply_request'] } });
    const armoured = play({ leader: { sub_ability: 'command', skills: ['supply_request'] }, supply_request: 'body_armor' });
    const frags = (r: ReturnType<typeof play>) => r.game.s.expendables[EXP_FRAG];
    expect(armoured.game.s.lifeMax - plain.game.s.lifeMax).toBeGreaterThan(0);
    expect(frags(armoured) - frags(plain)).toBe(armoured.game.s.lifeMax - plain.game.s.lifeMax);
    expect(plain.lines.some((l) => l.includes('left behind (carry limit'))).toBe(true);
  });
});

describe('降下ロープ on a height tile (§28 「特殊イベント判定に +1」「落下ダメージを無効化（1回）」, UA-R93)', () => {
  const catwalk = { name: 'catwalk', location: 'outdoor', tags: ['height'], check: { check: { roll: 'command', target: 4 }, failure: [{ hit_table: 1 }] } };
  const play = (squad: Record<string, unknown>, faces: number[]) =>
    playOp(spec({ tiles: d33Traces({ 11: catwalk }) }, squad), [...code(11), ...faces, ...codes(12, 13, 21, 22, 23)], { between: D.A_CONTINUE });
  const shooter = { leader: { sub_ability: 'shooting' }, members: { assault: 2 } };
  it('+1 on the height tile\'s check: a 3 (+0) fails without the rope, succeeds with it', () => {
    expect(play(shooter, [3, 6]).lines.some((l) => /指揮ロール: d6=3 \+0 → 3 vs 4 failure/.test(l))).toBe(true);
    expect(play({ ...shooter, buy: ['rope'] }, [3]).lines.some((l) => /指揮ロール: d6=3 \+1 → 4 vs 4 success/.test(l))).toBe(true);
  });
  it('a failed check\'s fall (hit table) is stopped once by the rope; without it a member drops', () => {
    const without = play(shooter, [1, 6]);
    expect(without.game.s.members[4]).toBe(1);
    const withRope = playOp(spec({ tiles: d33Traces({ 11: catwalk }) }, { ...shooter, buy: ['rope'] }), [...code(11), 1, ...codes(12, 13, 21, 22, 23)], { between: D.A_CONTINUE });
    expect(withRope.lines).toContain('  the 降下ロープ stops the fall (once per operation)');
    expect(withRope.game.s.members[4]).toBe(2);
    expect(withRope.dice.remaining).toBe(0);
  });
  it('a fall written as leader damage on a height tile is stopped by the rope too (once per operation)', () => {
    const ledge = { name: 'ledge', location: 'outdoor', tags: ['height'], check: { check: { roll: 'command', target: 4 }, failure: [{ leader_damage: 2 }] } };
    const fall = (squad: Record<string, unknown>) => playOp(spec({ tiles: d33Traces({ 11: ledge }) }, squad), [...code(11), 1, ...codes(12, 13, 21, 22, 23)], { between: D.A_CONTINUE });
    const without = fall(shooter), withRope = fall({ ...shooter, buy: ['rope'] });
    expect(without.game.s.lifeMax - without.game.s.life).toBe(2);
    expect(withRope.lines).toContain('  the 降下ロープ stops the fall (once per operation)');
    expect(withRope.game.s.life).toBe(withRope.game.s.lifeMax);
  });
});

describe('an event\'s hit_table with no combatant member standing: the leader takes it (scenario format, hit_table)', () => {
  const collapse = { name: 'collapse', location: 'indoor', supply: { effects: [{ hit_table: 2 }] } };
  it('a leader alone takes 1 damage per roll, and no hit-table die is rolled', () => {
    const alone = playOp(spec({ tiles: d33Traces({ 11: collapse }) }), codes(11, 12, 13, 21, 22, 23), { between: D.A_CONTINUE });
    const start = alone.game.s.lifeMax;
    expect(alone.lines.filter((l) => l === '    hit table: no combatant member stands — the leader takes it')).toHaveLength(2);
    expect(alone.game.s.life).toBe(start - 2);
    expect(alone.dice.remaining).toBe(0);
  });
  it('with one member: the first roll drops the member, the second hits the leader', () => {
    const one = playOp(spec({ tiles: d33Traces({ 11: collapse }) }, { leader: { sub_ability: 'shooting' }, members: { assault: 1 } }), [...code(11), 6, ...codes(12, 13, 21, 22, 23)], { between: D.A_CONTINUE });
    expect(one.game.s.members[R_ASSAULT]).toBe(0);
    expect(one.game.s.life).toBe(one.game.s.lifeMax - 1);
    expect(one.dice.remaining).toBe(0);
  });
});

describe('現地調達 (§23): a 器用 leader adds +1 to a 〈補給表〉 or loot-table roll for 1 器用点 (UA-R94)', () => {
  const dex = { leader: { sub_ability: 'dexterity', xp: { sub: 2 } } };
  it('on a loot-table roll (loot_table effect): the 3 becomes a 4, 器用 −1 (issue 28 item 2: the loot-table path had no test)', () => {
    const cache = { name: 'cache', location: 'indoor', supply: { effects: [{ loot_table: 1 }] } };
    // After the loot roll the table's own dice and the later map codes read 1s (any face is a valid d33 code).
    const play = (yes: number) => playOp(spec({ tiles: d33Traces({ 11: cache }) }, dex), [...code(11), 3, ...Array<number>(40).fill(1)], { detect: D.A_NO, 'local-supply': yes, between: D.A_CONTINUE });
    const used = play(D.A_YES), declined = play(D.A_NO);
    expect(used.policy.askedFor('local-supply')[0].legal).toEqual([D.A_NO, D.A_YES]);
    expect(used.lines.some((l) => l.startsWith('  loot table d6=3 +1 → 4:'))).toBe(true);
    expect(declined.lines.some((l) => l.startsWith('  loot table d6=3:'))).toBe(true);
    expect(declined.game.s.subCur - used.game.s.subCur).toBe(1);
    expect(used.lines.some((l) => l.startsWith('  現地調達: +1'))).toBe(true);
  });
  const crates = { name: 'crates', location: 'indoor', supply: { effects: ['nothing'], roll: { '1-2': [{ magazines: 1 }], '3-6': [{ magazines: 3 }] } } };
  it('on a supply table: the 2 becomes a 3 (3 magazines instead of 1), 器用 −1; declined, the 2 stands', () => {
    const play = (yes: number) => playOp(spec({ tiles: d33Traces({ 11: crates }) }, dex), [...code(11), 2, ...codes(12, 13, 21, 22, 23)], { detect: D.A_NO, 'local-supply': yes, between: D.A_CONTINUE });
    const used = play(D.A_YES), declined = play(D.A_NO);
    expect(used.value('magazines_left') - declined.value('magazines_left')).toBe(2);
    expect(declined.game.s.subCur - used.game.s.subCur).toBe(1);
    expect(used.lines.some((l) => l.startsWith('  現地調達: +1'))).toBe(true);
  });
  it('is not offered to a leader of another sub-ability', () => {
    const r = playOp(spec({ tiles: d33Traces({ 11: crates }) }, { leader: { sub_ability: 'shooting' } }), [...code(11), 2, ...codes(12, 13, 21, 22, 23)], { between: D.A_CONTINUE });
    expect(r.policy.askedFor('local-supply')).toHaveLength(0);
  });
});

describe('choices and effects', () => {
  it('only affordable options are offered (pay: an MRE yes, 99 magazines no)', () => {
    const choice = { name: 'family', location: 'outdoor', choice: [{ label: 'share food', pay: { mre: 1 }, effects: [{ item: 'medkit' }] }, { label: 'bribe', pay: { magazines: 99 }, effects: [{ magazines: 50 }] }, { label: 'ignore', effects: ['nothing'] }] };
    const r = playOp(spec({ tiles: d33Traces({ 11: choice }) }), codes(11, 12, 13, 21, 22, 23), { 'event-option': 0 });
    expect(r.policy.askedFor('event-option')[0].legal).toEqual([0, 2]);
    expect(r.game.s.mre).toBe(1);
    expect(r.game.s.expendables[4]).toBe(1);
  });

  it('gear picked up beyond the carry limit (max life, §27) is left behind', () => {
    const stash = { name: 'crate', location: 'indoor', supply: { effects: [{ item: { id: 'frag_grenade', n: 6 } }] } };
    // 射撃 leader: life 4 + soft armour 1 = 5 = carry limit; carries the AR (1) → 4 grenades fit.
    const r = playOp(spec({ tiles: d33Traces({ 11: stash }) }), codes(11, 12, 13, 21, 22, 23), {});
    expect(r.game.s.expendables[EXP_FRAG]).toBe(4);
    expect(r.lines.filter((l) => /left behind/.test(l)).length).toBe(1);
  });

  it('damage that takes the leader to 0 ends the operation there; the cause is the tile (fell_11)', () => {
    const blast = { name: 'IED', location: 'outdoor', supply: { effects: [{ leader_damage: 9 }] } };
    const r = playOp(spec({ tiles: d33Traces({ 11: blast }) }), codes(11), {});
    expect(r.rate('leader_survived')).toBe(0);
    expect(r.rate('fell_11')).toBe(1);
    expect(r.rate('fell_12')).toBe(0);
    expect(r.rate('win')).toBe(0);
    expect(r.dice.remaining).toBe(0);
  });

  it('"next combat" effects carry to the next fight (enemy first strike forced)', () => {
    const drums = { name: 'fuel drums', location: 'outdoor', choice: [{ label: 'grab', effects: [{ magazines: 2 }, { next_combat: { enemy_first_strike: true } }] }, { label: 'leave', effects: ['nothing'] }] };
    const s = spec({ tiles: d33Traces({ 11: drums, 12: oneEnemy('guards') }) });
    // 11 (grab), 12: fight, forced enemy first: enemy volley (defence 6), leader passes, 1 round → stalled.
    const r = playOp(s, [...codes(11, 12), 6], { 'event-option': 0, opening: D.A_PREEMPT, leader: D.act(D.K_PASS) });
    expect(r.lines.some((l) => /the enemy strikes first \(forced; no 先制攻撃\)/.test(l))).toBe(true);
    expect(r.value('magazines_left')).toBe(12);
    expect(r.rate('stalled')).toBe(1);
    expect(r.dice.remaining).toBe(0);
  });
});

describe('between tiles (§31, §21)', () => {
  it('ファーストエイド heals a wound between tiles for 1 指揮点 (policy choice among MRE, medkit, first aid)', () => {
    const hurt = { name: 'debris', location: 'indoor', supply: { effects: [{ leader_damage: 1 }] } };
    const cmd = { leader: { sub_ability: 'command', xp: { sub: 2 }, skills: ['first_aid', 'fortify'] } };
    const r = playOp(spec({ tiles: d33Traces({ 11: hurt }) }, cmd), codes(11, 12, 13, 21, 22, 23), { between: D.A_FIRST_AID });
    const asked = r.policy.askedFor('between');
    expect(asked.length).toBe(1);
    expect(asked[0].legal).toEqual([D.A_CONTINUE, D.A_EAT_MRE, D.A_MEDKIT, D.A_FIRST_AID]);
    expect(r.game.s.life).toBe(r.game.s.lifeMax);
    expect(r.game.s.subCur).toBe(3);
    expect(r.game.s.mre).toBe(2);
  });
});

describe('UA-R103 medkit_timing: the seed\'s 医療キット 「戦闘終了後に使用できます」', () => {
  const hurt = { name: 'debris', location: 'indoor', supply: { effects: [{ leader_damage: 1 }] } };
  const play = (rulings?: Record<string, string>) =>
    playOp(spec({ tiles: d33Traces({ 11: hurt }) }, { leader: { sub_ability: 'shooting' }, buy: ['medkit'] }, {}, rulings), codes(11, 12, 13, 21, 22, 23), { between: D.A_CONTINUE });
  it('after-any-event (default): offered after a supply tile\'s damage; after-combat: not there', () => {
    expect(play().policy.askedFor('between')[0].legal).toContain(D.A_MEDKIT);
    const strict = play({ medkit_timing: 'after-combat' }).policy.askedFor('between');
    expect(strict.length).toBeGreaterThan(0); // asked after every tile (the MRE is offered), never with the medkit
    for (const a of strict) expect(a.legal).not.toContain(D.A_MEDKIT);
  });
});

describe('部隊再編 reorganization stages (§41), sizes from the experiment', () => {
  it('stage 1: +3 magazines at the operation start (or the experiment\'s size)', () => {
    expect(playOp(spec({}, undefined, { reorg_stage: 1 }), codes(11, 12, 13, 21, 22, 23), {}).value('magazines_left')).toBe(13);
    expect(playOp(spec({}, undefined, { reorg_stage: 1, reorg: { magazines: 5 } }), codes(11, 12, 13, 21, 22, 23), {}).value('magazines_left')).toBe(15);
  });

  it('stage 3: the enemy level is −1 in the operation\'s first battle only', () => {
    const s = spec({ tiles: d33Traces({ 11: oneEnemy('first'), 12: oneEnemy('second') }) }, undefined, { reorg_stage: 3, max_flees: 0 });
    // Each fight: enemy first (hostile? fight to the end, squad preempts) — leader passes, enemy attacks once, defence 6.
    const r = playOp(s, [...code(11), 6], { opening: D.A_PREEMPT, leader: D.act(D.K_PASS) });
    expect(r.lines.some((l) => /leader defends vs guard: d6=6 \+\d+ → \d+ vs 3/.test(l))).toBe(true);
    expect(r.rate('stalled')).toBe(1);
  });

  it('stage 3: an encounter that ends without combat (a friendly reaction) does not use up 「最初の戦闘」 (UA-R59)', () => {
    const friends = { name: 'friends', location: 'indoor', encounter: { enemies: [{ name: 'patrol', count: 1, level: 4 }], reaction: 'friendly' } };
    const s = spec({ tiles: d33Traces({ 11: friends, 12: oneEnemy('second') }) }, undefined, { reorg_stage: 3, max_flees: 0 });
    let openings = 0; // read the reaction at the friendly patrol; pre-empt the guard
    const r = playOp(s, [...code(11), 1, ...code(12), 6], { opening: () => (openings++ === 0 ? D.A_READ : D.A_PREEMPT), leader: D.act(D.K_PASS) });
    expect(r.lines).toContain('  reaction: d6=1 → friendly');
    expect(r.lines.some((l) => /leader defends vs guard: d6=6 \+\d+ → \d+ vs 3/.test(l))).toBe(true);
    expect(r.rate('stalled')).toBe(1);
    expect(r.dice.remaining).toBe(0);
  });

  it('stage 3: the replay\'s engagement line shows the enemy level with its −1', () => {
    const s = spec({ tiles: d33Traces({ 11: oneEnemy('first') }) }, undefined, { reorg_stage: 3, max_flees: 0 });
    const r = playOp(s, [...code(11), 6, 6, 6, ...codes(12, 13, 21, 22, 23)], { opening: D.A_PREEMPT, leader: (l: readonly number[]) => l.find((a) => D.kindOf(a) === D.K_SHOOT) ?? l[0] });
    expect(r.lines.find((l) => l.startsWith('engagement ') && l.includes('first'))).toMatch(/guard ×1 L3 \(部隊再編 -1\)$/);
  });

  it('stage 2: the hit table roll may be modified by −1 once per operation', () => {
    const hurt = { name: 'collapse', location: 'indoor', supply: { effects: [{ hit_table: 2 }] } };
    const s = spec({ tiles: d33Traces({ 11: hurt }) }, { leader: { sub_ability: 'shooting' }, members: { gunner: 1, assault: 2 } }, { reorg_stage: 2 });
    // Hit table 6 → −1 → 5: an assault member drops instead of the gunner; the second roll (6) cannot be modified any more.
    const r = playOp(s, [...code(11), 6, 6, ...codes(12, 13, 21, 22, 23)], { 'hit-adjust': D.A_YES });
    expect(r.policy.askedFor('hit-adjust').length).toBe(1);
    expect(r.game.s.members[R_ASSAULT]).toBe(1);
    expect(r.game.s.members[5]).toBe(0);
    expect(r.dice.remaining).toBe(0);
  });
});

describe('final event by chance (d66 missions: 最終イベント出現判定)', () => {
  it('after the mid event a map roll at or below the tile\'s threshold brings the final event', () => {
    const tiles: Record<number, Record<string, unknown>> = {};
    for (let t = 1; t <= 6; t++) for (let u = 1; u <= 6; u++) tiles[t * 10 + u] = trace(`tile ${t}${u}`, t * 10 + u);
    const s = spec({ map: 'd66', tiles, progression: { tiles_before_mid: 1, final_at_most: [0, 16, 66] } });
    // 1 tile (45), mid, tile 5 (threshold 0): 33, tile 6 (threshold 16): roll 15 → final.
    const r = playOp(s, [4, 5, 3, 3, 1, 5], {});
    expect(r.value('scrip')).toBe(45 + 90 + 33 + 99);
    expect(r.value('tiles')).toBe(4);
    expect(r.rate('win')).toBe(1);
    expect(r.dice.remaining).toBe(0);
  });
});

describe('scenario member types (operations)', () => {
  it('a scenario member may be fielded only from its lap on: Black Sun\'s Dボーイズ in lap 1 is refused, in lap 2 accepted', async () => {
    const { Source } = await import('../src/sim/input/schema.js');
    const { compileExperiment } = await import('../src/sim/experiment/load.js');
    const exp = (lap: number) => `name: x\ngame: urban-assault\nseed: 1\nstop: { games: 1 }\noperation: { scenario: ../scenarios/urban-assault/blacksun-01.yaml, difficulty: NORMAL, lap: ${lap} }\nsquad: { leader: { sub_ability: shooting }, members: { assault: 5, delta: 1 } }\nvariants: [{ name: a, baseline: true }]\n`;
    expect(() => compileExperiment(Source.parse('experiments/x.yaml', exp(1)))).toThrow(/x\.yaml:6: squad\.members\.delta: Dボーイズ may be recruited from lap 2 on \(this operation plays lap 1\)/);
    const ok = compileExperiment(Source.parse('experiments/x.yaml', exp(2)));
    const members = (ok.compiled.variants[0].params as { squad: { members: number[] } }).squad.members;
    expect(members[members.length - 1]).toBe(1);
  });
});
