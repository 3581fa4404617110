// Rules tests for URBAN ASSAULT special equipment (特殊装備 §39–§40): loot-roll
// modifiers and the special-equipment table, each of the six pieces in play,
// the exchange between operations and what a successor keeps. Rulings
// UA-R77 … UA-R87. Dice are scripted; every test checks that all were used.
import { describe, expect, it } from 'vitest';
import * as D from '../src/rules/urban-assault/decisions.js';
import { R_GUNNER } from '../src/rules/urban-assault/catalogue/catalogue.js';
import { SP_ACOUSTIC, SP_AP, SP_BARRICADE, SP_DRONE, SP_SCANNER, SP_SHIELD, exchangeValue } from '../src/rules/urban-assault/catalogue/special.js';
import { actionName, compileUa, leaderAct, lineIndex, PASS, playUa, type UaSpec } from './helpers/ua-harness.js';
import { code, d33Traces, playOp, trace, type OpSpec } from './helpers/ua-op-harness.js';

type Obj = Record<string, unknown>;
const command = { sub_ability: 'command' };

/** One engagement fighting to the end; `enemies` default to a silent (attacks 0) group of 3 at level 4. */
function fight(squad: Obj, opts: { enemies?: Obj[]; location?: string; rounds?: number; rulings?: Record<string, string>; enemyFirst?: boolean } = {}): UaSpec {
  return {
    engagements: [{
      name: 'e', location: opts.location ?? 'indoor', enemies: opts.enemies ?? [{ name: 'foes', count: 3, level: 4, attacks: 0 }], reaction: 'fight_to_the_end',
      ...(opts.enemyFirst ? { enemy_first_strike: true } : {}),
    }],
    gauntlet: { max_rounds: opts.rounds ?? 1 },
    squad,
    rulings: opts.rulings,
  };
}
const shoot = (u = 0) => leaderAct(D.K_SHOOT, u);
const shots = (lines: string[]) => lines.filter((l) => /^ {2}(leader|combat drone|assault) (shoots|melee)/.test(l));

// ───────────────────────── loot-roll modifiers and the table (UA-R77, R78) ─────────────────────────

/** An operation with no random tiles: the mid event and the final event only. */
function op(mid: Obj, squad: Obj = { leader: { sub_ability: 'shooting' } }, operation: Obj = {}, final: Obj = trace('final', 0)): OpSpec {
  return {
    scenario: {
      scenario: 'sp', map: 'd33',
      progression: { tiles_before_mid: 0, tiles_after_mid: 0 },
      rules: { starting_magazines: { NORMAL: 10 } },
      tiles: d33Traces(), mid, final,
    },
    squad, operation,
  };
}
const supply = (effects: Obj[]): Obj => ({ name: 'cache', location: 'indoor', supply: { effects } });

describe('§40 loot-roll modifiers: 1 or less → 1 magazine, 7 or more → the special-equipment table (UA-R77)', () => {
  it('loot_table with mod +2: d6=5 → 7 → special table d6=6: a combat drone', () => {
    const r = playOp(op(supply([{ loot_table: { n: 1, mod: 2 } }])), [5, 6], {});
    const s = r.game.s;
    expect(s.nSpecial).toBe(1);
    expect(s.spKind[0]).toBe(SP_DRONE);
    expect(s.spUses[0]).toBe(1);
    expect(r.lines).toContain('  loot table d6=5 +2 → 7: special equipment');
    expect(r.lines).toContain('  special-equipment table d6=6: 戦闘用自律ドローン');
    expect(s.magazines).toBe(10);
    expect(r.dice.remaining).toBe(0);
  });

  it('a roll of 6 after the modifier is still the high-scrip row (2d6×5, at least 30), not special equipment', () => {
    const r = playOp(op(supply([{ loot_table: { n: 1, mod: 2 } }])), [4, 3, 4], {});
    expect(r.game.s.nSpecial).toBe(0);
    expect(r.value('scrip')).toBe(35);
    expect(r.dice.remaining).toBe(0);
  });

  it('mod −1: d6=2 → 1 → one magazine, no further die', () => {
    const r = playOp(op(supply([{ loot_table: { n: 1, mod: -1 } }])), [2], {});
    expect(r.game.s.magazines).toBe(11);
    expect(r.dice.remaining).toBe(0);
  });

  it('the tactical scanner (face 4) gets 1d6 uses rolled when found', () => {
    const r = playOp(op(supply([{ loot_table: { n: 1, mod: 1 } }])), [6, 4, 3], {});
    expect(r.game.s.spKind[0]).toBe(SP_SCANNER);
    expect(r.game.s.spUses[0]).toBe(3);
    expect(r.game.s.spTotal[0]).toBe(3);
    expect(r.dice.remaining).toBe(0);
  });

  it('an encounter\'s loot { table: 1, table_mod: 1 } adds to its loot-table roll', () => {
    const mid = { name: 'post', location: 'indoor', encounter: { enemies: [{ name: 'guard', count: 1, level: 4 }], reaction: 'fight_to_the_end', loot: { table: 1, table_mod: 1 } } };
    // Pre-empt; round 1: the leader shoots (AR + laser, 技量 0 + 1 indoors): 3 → 4 hit, the guard is down. Loot 6 + 1 = 7 → face 2.
    const r = playOp(op(mid), [3, 6, 2], { opening: D.A_PREEMPT, leader: shoot(), between: D.A_CONTINUE });
    expect(r.game.s.spKind[0]).toBe(SP_ACOUSTIC);
    expect(r.game.s.spUses[0]).toBe(3);
    expect(r.dice.remaining).toBe(0);
  });

  it('the experiment\'s operation.loot_mod is added to every loot-table roll of the operation', () => {
    const r = playOp(op(supply([{ loot_table: 2 }]), undefined, { loot_mod: 1 }), [6, 5, 1, 5], {});
    // Roll 1: 6 + 1 → 7 → face 5 (prototype shield). Roll 2: 1 + 1 → 2 → 1d6 = 5 magazines.
    expect(r.game.s.spKind[0]).toBe(SP_SHIELD);
    expect(r.game.s.magazines).toBe(15);
    expect(r.dice.remaining).toBe(0);
  });

  it('effect special: a named piece with given uses, or a roll on the table', () => {
    const r = playOp(op(supply([{ special: { id: 'tactical_scanner', uses: 2 } }, { special: 'table' }])), [1], {});
    const s = r.game.s;
    expect([s.spKind[0], s.spUses[0], s.spKind[1], s.spUses[1]]).toEqual([SP_SCANNER, 2, SP_AP, 5]);
    expect(r.dice.remaining).toBe(0);
  });

  it('a piece that does not fit the carry limit is left behind, and no uses are rolled for it (UA-R78)', () => {
    // Carry limit = max life 5 (4 + soft armour 1), the AR takes 1: four pieces fit, the fifth and the scanner are left.
    const r = playOp(op(supply([{ special: { id: 'barricade', n: 5 } }, { special: 'tactical_scanner' }])), [], {});
    expect(r.game.s.nSpecial).toBe(4);
    expect(r.lines.filter((l) => /展開式バリケードユニット left behind/.test(l)).length).toBe(1);
    expect(r.lines.some((l) => /戦術スキャナー left behind \(carry limit 5\)/.test(l))).toBe(true);
    expect(r.dice.remaining).toBe(0);
  });
});

// ───────────────────────── AP rounds (UA-R79) ─────────────────────────

describe('§40 AP強化弾: +2 on the leader\'s gun attack rolls, armour ignored (UA-R79)', () => {
  const armoured = [{ name: 'apc', kind: 'high_threat', level: 5, life: 3, attacks: 0, attack_mod: -1, attack_mod_kind: 'armour', armoured: true }];
  it('loaded: 3 + 2 = 5 hits a level-5 vehicle whose armour −1 is ignored; one round used', () => {
    const r = playUa(fight({ leader: command, special_equipment: ['ap_rounds'] }, { enemies: armoured }), [3], { opening: D.A_PREEMPT, leader: shoot(), special: D.A_YES });
    expect(shots(r.lines)).toEqual(['  leader shoots (AP round) at apc: d6=3 +2 → 5 vs level 5 hit']);
    expect(r.game.s.spUses[0]).toBe(4);
    expect(r.game.s.magazinesSpent).toBe(1);
    expect(r.policy.askedFor('special').length).toBe(1);
    expect(r.dice.remaining).toBe(0);
  });

  it('not loaded: the same 3 with the armour −1 misses, no round used', () => {
    const r = playUa(fight({ leader: command, special_equipment: ['ap_rounds'] }, { enemies: armoured }), [3], { opening: D.A_PREEMPT, leader: shoot(), special: D.A_NO });
    expect(shots(r.lines)).toEqual(['  leader shoots at apc: d6=3 −1 → 2 vs level 5 miss']);
    expect(r.game.s.spUses[0]).toBe(5);
  });

  it('cover is not armour: the −1 of cover still counts with AP rounds', () => {
    const cover = [{ ...armoured[0], attack_mod_kind: 'cover' }];
    const r = playUa(fight({ leader: command, special_equipment: ['ap_rounds'] }, { enemies: cover }), [3], { opening: D.A_PREEMPT, leader: shoot(), special: D.A_YES });
    expect(shots(r.lines)).toEqual(['  leader shoots (AP round) at apc: d6=3 +1 → 4 vs level 5 miss']);
  });

  it('one round per attack roll, a critical\'s extra roll included; with none left the roll is normal and the piece is gone', () => {
    const r = playUa(fight({ leader: command, special_equipment: [{ id: 'ap_rounds', uses: 1 }] }, { enemies: armoured }), [6, 4], { opening: D.A_PREEMPT, leader: shoot(), special: D.A_YES });
    expect(shots(r.lines)).toEqual([
      '  leader shoots (AP round) at apc: d6=6 +2 → 8 vs level 5 hit (critical)',
      '  leader shoots at apc: d6=4 −1 → 3 vs level 5 miss',
    ]);
    expect(r.game.s.nSpecial).toBe(0);
    expect(r.dice.remaining).toBe(0);
  });

  it('asked only for a gun action: a melee attack does not offer AP rounds', () => {
    const r = playUa(fight({ leader: command, special_equipment: ['ap_rounds'] }), [4], { opening: D.A_PREEMPT, leader: leaderAct(D.K_MELEE) });
    expect(r.policy.askedFor('special').length).toBe(0);
    expect(r.game.s.spUses[0]).toBe(5);
  });
});

// ───────────────────────── acoustic device (UA-R80) ─────────────────────────

describe('§40 音響制圧デバイス: the stun effect with no roll (UA-R80)', () => {
  const loud = [{ name: 'foes', count: 3, level: 4, attacks: 1 }];
  it('a group\'s attacks are nullified this round: no enemy attack, no die rolled; one use spent', () => {
    const r = playUa(fight({ leader: command, special_equipment: ['acoustic_device'] }, { enemies: loud }), [], { opening: D.A_PREEMPT, leader: leaderAct(D.K_ACOUSTIC, 0), round0: PASS });
    expect(r.lines.some((l) => /acoustic device on foes: its attacks are nullified/.test(l))).toBe(true);
    expect(r.game.s.spUses[0]).toBe(2);
    expect(r.game.s.life).toBe(r.game.s.lifeMax);
    expect(r.dice.remaining).toBe(0);
  });

  it('a high-threat target makes one attack fewer (2 → 1: one defence roll)', () => {
    const htt = [{ name: 'gunner', kind: 'high_threat', level: 4, life: 3, attacks: 2 }];
    const r = playUa(fight({ leader: command, special_equipment: ['acoustic_device'] }, { enemies: htt }), [6], { opening: D.A_PREEMPT, leader: leaderAct(D.K_ACOUSTIC, 0), round0: PASS });
    expect(r.lines.filter((l) => /leader defends vs gunner/.test(l)).length).toBe(1);
    expect(r.dice.remaining).toBe(0);
  });

  it('offered in round 0 (not a damage action); its third use discards it', () => {
    const r = playUa(fight({ leader: command, special_equipment: [{ id: 'acoustic_device', uses: 1 }] }, { enemies: loud }), [], { opening: D.A_PREEMPT, round0: leaderAct(D.K_ACOUSTIC, 0), leader: PASS });
    expect(r.policy.askedFor('round0')[0].legal.map(actionName)).toContain('acoustic-device@0');
    expect(r.game.s.nSpecial).toBe(0);
    expect(r.dice.remaining).toBe(0);
  });

  it('a unit immune to flashbangs is not affected', () => {
    const r = playUa(fight({ leader: command, special_equipment: ['acoustic_device'] }, { enemies: [{ ...loud[0], count: 1, immune: ['flashbang'] }] }), [6], { opening: D.A_PREEMPT, leader: leaderAct(D.K_ACOUSTIC, 0), round0: PASS });
    expect(r.lines.filter((l) => /leader defends vs foes/.test(l)).length).toBe(1);
    expect(r.dice.remaining).toBe(0);
  });
});

// ───────────────────────── barricade (UA-R81) ─────────────────────────

describe('§40 展開式バリケードユニット: an outdoor combat counts as indoor (UA-R81)', () => {
  const melee = { sub_ability: 'melee' };
  it('deployed in round 0 outdoors: the SMG\'s outdoor −1 is gone (4 hits level 4); one use spent', () => {
    const r = playUa(fight({ leader: melee, special_equipment: ['barricade'] }, { location: 'outdoor' }), [4], { opening: D.A_PREEMPT, round0: leaderAct(D.K_BARRICADE), leader: shoot() });
    expect(shots(r.lines)).toEqual(['  leader shoots at foes: d6=4 +0 → 4 vs level 4 hit']);
    expect(r.game.s.spUses[0]).toBe(2);
    expect(r.dice.remaining).toBe(0);
  });

  it('without it the same shot outdoors misses (−1)', () => {
    const r = playUa(fight({ leader: melee }, { location: 'outdoor' }), [4], { opening: D.A_PREEMPT, round0: PASS, leader: shoot() });
    expect(shots(r.lines)).toEqual(['  leader shoots at foes: d6=4 −1 → 3 vs level 4 miss']);
  });

  it('not offered indoors, nor a second time once deployed', () => {
    const indoor = playUa(fight({ leader: melee, special_equipment: ['barricade'] }), [4], { opening: D.A_PREEMPT, round0: PASS, leader: shoot() });
    expect(indoor.policy.askedFor('round0')[0].legal.map(actionName)).not.toContain('barricade@0');
    const r = playUa(fight({ leader: melee, special_equipment: ['barricade'] }, { location: 'outdoor' }), [4], { opening: D.A_PREEMPT, round0: leaderAct(D.K_BARRICADE), leader: shoot() });
    expect(r.policy.askedFor('leader')[0].legal.map(actionName)).not.toContain('barricade@0');
  });

  it('the sniper, who fires only outdoors, stops firing once it is deployed', () => {
    // Round 0: the sniper fires (d6 4 hits), then the barricade. Round 1: only the leader's shot (no sniper).
    const r = playUa(fight({ leader: melee, members: { sniper: 1 }, special_equipment: ['barricade'] }, { location: 'outdoor' }), [4, 4], { opening: D.A_PREEMPT, round0: leaderAct(D.K_BARRICADE), leader: shoot() });
    expect(r.lines.filter((l) => /sniper shoots/.test(l)).length).toBe(1);
    expect(r.dice.remaining).toBe(0);
  });
});

// ───────────────────────── prototype shield (UA-R83) ─────────────────────────

describe('§40 試作防弾シールド: +1 to defence rolls against shooting (UA-R83)', () => {
  const shooter = [{ name: 'foes', count: 1, level: 4, attacks: 1 }];
  it('raised: the leader\'s defence gets +1 (3 + 0 + 1 = 4 vs 4: safe); one use per roll', () => {
    const r = playUa(fight({ leader: command, special_equipment: ['prototype_shield'] }, { enemies: shooter }), [3], { opening: D.A_PREEMPT, round0: PASS, leader: PASS, special: D.A_YES });
    const i = lineIndex(r.lines, /leader defends vs foes/);
    expect(r.lines[i]).toBe('  leader defends vs foes: d6=3 +1 → 4 vs 4 safe');
    expect(r.game.s.spUses[0]).toBe(2);
    expect(r.dice.remaining).toBe(0);
  });

  it('not raised: the same 3 fails and the leader is hit; no use spent', () => {
    const r = playUa(fight({ leader: command, special_equipment: ['prototype_shield'] }, { enemies: shooter }), [3], { opening: D.A_PREEMPT, round0: PASS, leader: PASS, special: D.A_NO });
    expect(r.lines[lineIndex(r.lines, /leader defends vs foes/)]).toBe('  leader defends vs foes: d6=3 +0 → 3 vs 4 fails');
    expect(r.game.s.spUses[0]).toBe(3);
  });

  it('not offered against an enemy without guns (melee)', () => {
    const r = playUa(fight({ leader: command, special_equipment: ['prototype_shield'] }, { enemies: [{ ...shooter[0], gun_armed: false }] }), [6], { opening: D.A_PREEMPT, round0: PASS, leader: PASS });
    expect(r.policy.askedFor('special').length).toBe(0);
  });

  it('ruling members: the members\' defence roll gets it, the leader\'s does not', () => {
    const two = [{ name: 'foes', count: 2, level: 4, attacks: 1 }];
    // The enemy strikes first: one attack at the leader (6: safe), one at the members (3 + 1 = 4: safe); then the assault's melee (1: miss).
    const r = playUa(fight({ leader: command, members: { assault: 1 }, special_equipment: ['prototype_shield'] }, { enemies: two, enemyFirst: true, rulings: { prototype_shield_bearer: 'members' } }),
      [6, 3, 1], { opening: D.A_PREEMPT, round0: PASS, leader: PASS, 'member-fire': 0, special: D.A_YES });
    expect(r.lines).toContain('  leader defends vs foes: d6=6 +0 → 6 vs 4 safe');
    expect(r.lines).toContain('  members defend vs foes: d6=3 +1 → 4 vs 4 safe');
    expect(r.policy.askedFor('special').length).toBe(1);
    expect(r.dice.remaining).toBe(0);
  });
});

// ───────────────────────── combat drone (UA-R84) ─────────────────────────

describe('§40 戦闘用自律ドローン: a member with 技量点 1, hit-table 6 before the gunner (UA-R84)', () => {
  it('activated at round 0 for a magazine, it shoots once a round at 技量点 1 for a magazine', () => {
    const r = playUa(fight({ leader: command, members: { assault: 1 }, special_equipment: ['combat_drone'] }), [1, 3, 3], {
      opening: D.A_PREEMPT, round0: PASS, leader: shoot(), 'member-fire': (legal) => legal[legal.length - 1], special: D.A_YES,
    });
    const s = r.game.s;
    expect(s.drones).toBe(1);
    expect(s.nSpecial).toBe(0);
    expect(shots(r.lines)).toEqual([
      '  leader shoots at foes: d6=1 +0 → 1 vs level 4 miss',
      '  assault shoots at foes: d6=3 +1 → 4 vs level 4 hit',
      '  combat drone shoots at foes: d6=3 +1 → 4 vs level 4 hit',
    ]);
    expect(s.magazines).toBe(10 - 1 - 3);
    expect(r.dice.remaining).toBe(0);
  });

  it('not offered when the squad size is full (7 members of 7)', () => {
    // The leader shoots and the seven assault members melee (all natural 1s: misses).
    const r = playUa(fight({ leader: command, members: { assault: 7 }, special_equipment: ['combat_drone'] }), new Array(8).fill(1), { opening: D.A_PREEMPT, round0: PASS, leader: shoot(), 'member-fire': 0 });
    expect(r.policy.askedFor('special').length).toBe(0);
    expect(r.game.s.drones).toBe(0);
  });

  it('hit-table 6 takes the drone before the gunner; its first damage is negated, the second destroys it', () => {
    const enemy = [{ name: 'foes', count: 2, level: 4, attacks: 1 }];
    // Each round the enemy strikes first with 2 attacks: the leader defends 6 (safe), the members 1 (fail) → hit table 6;
    // then the leader passes and the gunner melees twice (1, 1: misses); the drone, told to hold fire, does not attack.
    const r = playUa(fight({ leader: command, members: { gunner: 1 }, special_equipment: ['combat_drone'] }, { enemies: enemy, rounds: 2, enemyFirst: true }), [6, 1, 6, 1, 1, 6, 1, 6, 1, 1], {
      opening: D.A_PREEMPT, round0: PASS, leader: PASS, 'member-fire': 0, special: D.A_YES,
    });
    const s = r.game.s;
    expect(r.lines).toContain('    the combat drone negates the damage (once per operation)');
    expect(r.lines).toContain('    hit table d6=6: the combat drone is hit but stays');
    expect(r.lines).toContain('    hit table d6=6: a combat drone drops (1 members left)');
    expect(s.drones).toBe(0);
    expect(s.droneGuards).toBe(0);
    expect(s.members[R_GUNNER]).toBe(1);
    expect(r.dice.remaining).toBe(0);
  });
});

// ───────────────────────── tactical scanner (UA-R82) ─────────────────────────

describe('§40 戦術スキャナー: +1 to a map\'s 察知 (UA-R82)', () => {
  const dexSpec = (special: unknown[], rulings?: Record<string, string>): OpSpec => ({
    scenario: {
      scenario: 'scan', map: 'd33',
      progression: { tiles_before_mid: 2, tiles_after_mid: 0, repeated_tile: 'next-unused' },
      rules: { starting_magazines: { NORMAL: 10 } },
      tiles: d33Traces(), mid: trace('mid', 90), final: trace('final', 99),
    },
    squad: { leader: { sub_ability: 'dexterity', xp: { sub: 2 } }, special_equipment: special },
    rulings,
  });
  it('used with 察知: +1 on top of 器用点 and soft armour (2 + 5 + 1 = 8); the last use turns it into standing equipment, +1 free', () => {
    // Tile 11: 察知 with the scanner (its only use) → avoided; 12: 察知 again, no ask, +1 standing → avoided; 13, 21 resolved.
    const r = playOp(dexSpec([{ id: 'tactical_scanner', uses: 1 }]), [...code(11), 2, ...code(12), 2, ...code(13), ...code(21)], {
      detect: (_l, o) => (o.tile!.code <= 12 ? D.A_YES : D.A_NO), special: D.A_YES,
    });
    expect(r.lines).toContain('  察知: d6=2 +6 → 8 — the squad avoids it');
    expect(r.lines).toContain('  察知: d6=2 +5 → 7 — the squad avoids it');
    expect(r.policy.askedFor('special').length).toBe(1);
    expect(r.game.s.scannerStanding).toBe(1);
    expect(r.game.s.nSpecial).toBe(0);
    expect(r.dice.remaining).toBe(0);
  });
});

describe('§40 戦術スキャナー when its uses are spent (UA-R82 inert)', () => {
  it('inert: the spent scanner gives nothing and is discarded (the second 察知 is +4, 3 器用点 + soft armour)', () => {
      const s: OpSpec = {
      scenario: {
        scenario: 'scan', map: 'd33', progression: { tiles_before_mid: 2, tiles_after_mid: 0, repeated_tile: 'next-unused' },
        rules: { starting_magazines: { NORMAL: 10 } }, tiles: d33Traces(), mid: trace('mid', 90), final: trace('final', 99),
      },
      squad: { leader: { sub_ability: 'dexterity', xp: { sub: 2 } }, special_equipment: [{ id: 'tactical_scanner', uses: 1 }] },
      rulings: { scanner_spent: 'inert' },
    };
    const r = playOp(s, [...code(11), 2, ...code(12), 2, ...code(13), ...code(21)], { detect: (_l, o) => (o.tile!.code <= 12 ? D.A_YES : D.A_NO), special: D.A_YES });
    expect(r.lines).toContain('  察知: d6=2 +6 → 8 — the squad avoids it');
    expect(r.lines).toContain('  察知: d6=2 +4 → 6 — the squad avoids it');
    expect(r.game.s.scannerStanding).toBe(0);
    expect(r.dice.remaining).toBe(0);
  });
});

describe('§40 戦闘用自律ドローン in an operation: it stops when the operation ends (UA-R84)', () => {
  it('activated in the mid-event fight, it is a member through the final event and gone afterwards', () => {
    const mid = { name: 'post', location: 'indoor', encounter: { enemies: [{ name: 'guard', count: 1, level: 4, attacks: 0 }], reaction: 'fight_to_the_end' } };
    // Round 0: the drone is activated (1 magazine). Round 1: the leader's shot (AR + laser: 3 + 1 = 4) downs the guard.
    const r = playOp(op(mid, { leader: { sub_ability: 'shooting' }, special_equipment: ['combat_drone'] }), [3], { opening: D.A_PREEMPT, round0: PASS, leader: shoot(), special: D.A_YES, between: D.A_CONTINUE });
    expect(r.lines.some((l) => /a combat drone is activated \(1 magazine\): 1 members with the squad/.test(l))).toBe(true);
    expect(r.game.s.magazines).toBe(10 - 1 - 1);
    expect(r.game.s.drones).toBe(0);
    expect(r.game.s.nSpecial).toBe(0);
    expect(r.dice.remaining).toBe(0);
  });
});

describe('§39 exchange between operations, §41 what a successor keeps (UA-R85, R86)', () => {
  it('exchange values: 6 unused, falling with the uses spent (3 uses 6/4/2/0; 5 uses 6/4/3/2/1/0)', () => {
    expect([3, 2, 1, 0].map((l) => exchangeValue(l, 3))).toEqual([6, 4, 2, 0]);
    expect([5, 4, 3, 2, 1, 0].map((l) => exchangeValue(l, 5))).toEqual([6, 4, 3, 2, 1, 0]);
    expect(exchangeValue(1, 1)).toBe(6);
  });

  const pass = { name: 'final test', location: 'outdoor', check: { check: { roll: 'skill', target: 4 }, failure: [{ leader_damage: 20 }] } };
  const camp = (squad: Obj, laps: number, rulings?: Record<string, string>, extra: Obj = {}): OpSpec => ({
    scenario: {
      scenario: 'camp', map: 'd33', progression: { tiles_before_mid: 0, tiles_after_mid: 0 },
      rules: { starting_magazines: { NORMAL: 10 } }, tiles: d33Traces(),
      ...(laps > 1 ? { laps: Array.from({ length: laps }, () => ({ final: pass })) } : { final: pass }),
      ...extra,
    },
    squad, operation: { campaign: { max_attempts: 5 } }, rulings,
  });
  const kit = { leader: { sub_ability: 'shooting' }, special_equipment: ['combat_drone', { id: 'acoustic_device', uses: 2 }, { id: 'ap_rounds', uses: 3 }] };

  it('all: each piece is offered; drone 6 + acoustic device (2 of 3 left) 4 + AP rounds (3 of 5) 3 = 13 magazines, over the cap → 軍票', () => {
    const r = playOp(camp(kit, 2), [6, 6], { growth: D.A_GROW_SAVE, exchange: D.A_YES });
    expect(r.policy.askedFor('exchange').length).toBe(3);
    expect(r.value('scrip_end')).toBe(13);
    expect(r.game.s.nSpecial).toBe(0);
    expect(r.dice.remaining).toBe(0);
  });

  it('kept when the policy says no: the pieces go into the next operation', () => {
    const r = playOp(camp(kit, 2), [6, 6], { growth: D.A_GROW_SAVE, exchange: D.A_NO });
    expect(r.value('scrip_end')).toBe(0);
    expect(r.game.s.nSpecial).toBe(3);
  });

  it('noted-only: only the drone (the piece whose text says so) is offered', () => {
    const r = playOp(camp(kit, 2, { special_exchange: 'noted-only' }), [6, 6], { growth: D.A_GROW_SAVE, exchange: D.A_YES });
    expect(r.policy.askedFor('exchange').length).toBe(1);
    expect(r.value('scrip_end')).toBe(6);
    expect(r.game.s.nSpecial).toBe(2);
  });

  it('a leader\'s death loses the special equipment (not an inherited asset); the what-if pieces are not given again', () => {
    const r = playOp(camp(kit, 1), [1, 6], {});
    expect(r.value('attempts')).toBe(2);
    expect(r.game.s.nSpecial).toBe(0);
  });

  it('a spent scanner kept as standing equipment is inherited by the successor (+1 to his 察知, not asked)', () => {
      const s = camp({ leader: { sub_ability: 'dexterity', xp: { sub: 2 } }, special_equipment: [{ id: 'tactical_scanner', uses: 1 }] }, 1, undefined,
      { progression: { tiles_before_mid: 1, tiles_after_mid: 0 }, mid: trace('mid', 90) });
    // Attempt 1: 11 → 察知 with the scanner's last use (+6) avoids it; 12 resolved; mid; final check 1 → death.
    // Attempt 2 (the successor): 11 → 察知, +6 again from the inherited standing scanner, avoided; 12; mid; final check 6.
    const r = playOp(s, [...code(11), 2, ...code(12), 1, ...code(11), 2, ...code(12), 6], {
      detect: (_l, o) => (o.tile!.code === 11 ? D.A_YES : D.A_NO), special: D.A_YES,
    });
    expect(r.lines.filter((l) => l === '  察知: d6=2 +6 → 8 — the squad avoids it').length).toBe(2);
    expect(r.policy.askedFor('special').length).toBe(1);
    expect(r.game.s.scannerStanding).toBe(1);
    expect(r.rate('win')).toBe(1);
    expect(r.dice.remaining).toBe(0);
  });
});

describe('bad input: special equipment in an experiment (one error naming file, line, path and what is allowed)', () => {
  const base = (squad: Obj): UaSpec => fight({ leader: command, ...squad });
  it('the tactical scanner in a loadout must say its uses', () => {
    expect(() => compileUa(base({ special_equipment: ['tactical_scanner'] }))).toThrow(/ua-rules\.yaml:\d+: variants\[0\]\.special_equipment\[0\]: the tactical scanner's uses are a 1d6 .*\(allowed: \{ id: tactical_scanner, uses: 1…6 \}\)/);
  });
  it('the drone has no uses; other pieces at most their table uses', () => {
    expect(() => compileUa(base({ special_equipment: [{ id: 'combat_drone', uses: 1 }] }))).toThrow(/special_equipment\[0\]\.uses: the combat drone has no uses/);
    expect(() => compileUa(base({ special_equipment: [{ id: 'ap_rounds', uses: 6 }] }))).toThrow(/special_equipment\[0\]\.uses: .*above the maximum.*≤ 5/);
  });
  it('an unknown piece lists the six', () => {
    expect(() => compileUa(base({ special_equipment: ['railgun'] }))).toThrow(/unknown value "railgun".*ap_rounds, acoustic_device, barricade, tactical_scanner, prototype_shield, combat_drone/);
  });
  it('pieces beyond the carry limit (a 指揮 leader carries his AR and medkit: 2 + 5 pieces > 5)', () => {
    expect(() => compileUa(base({ special_equipment: ['barricade', 'barricade', 'barricade', 'barricade', 'barricade'] }))).toThrow(/variants\[0\]\.special_equipment: carries 7 items but the carry limit is 5 \(max life, §27\) \(allowed: at most 5 items\)/);
  });
  it('operation.loot_mod out of range', () => {
    const s: OpSpec = { ...op(supply([])), operation: { loot_mod: 7 } };
    expect(() => playOp(s, [], {})).toThrow(/operation\.loot_mod: .*above the maximum.*≤ 6/);
  });
});
