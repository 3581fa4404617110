// URBAN ASSAULT scenario files (scenarios/urban-assault/*.yaml): both shipped
// scenarios compile to plain JSON with the mission's facts, and every schema rule
// rejects a broken file with one InputError naming file, line, path and what is allowed.
import { describe, expect, it } from 'vitest';
import { compileScenario, loadScenario } from '../src/rules/urban-assault/scenario/compile.js';
import { Source } from '../src/sim/input/schema.js';
import { InputError } from '../src/sim/input/input-error.js';
import { EXPENDABLES, ROLES } from '../src/rules/urban-assault/catalogue/catalogue.js';
import { REACTIONS } from '../src/rules/urban-assault/config.js';
import {
  CHECK_DEFENCE, EV_CHOICE, EV_ENCOUNTER, E_HIT_TABLE, E_KILL_ENEMIES, E_LOOT_TABLE, E_MAP_ROLL, E_MEMBER_DAMAGE, E_NEXT_COMBAT,
  E_SCENARIO_ITEM, E_SCRIP_AT_END, USE_ANY_TIME, USE_MAP_ROLL,
} from '../src/rules/urban-assault/scenario/scenario.js';

const TUTORIAL = 'scenarios/urban-assault/tutorial-01-port.yaml';
const BLACKSUN = 'scenarios/urban-assault/blacksun-01.yaml';
const rx = (name: string) => REACTIONS.indexOf(name as (typeof REACTIONS)[number]);
const dice = (n: number, sides: number, bonus: number) => ({ n, sides, bonus });

describe('shipped scenarios compile', () => {
  const tut = loadScenario(TUTORIAL);
  const bs = loadScenario(BLACKSUN);

  it('both are plain JSON', () => {
    expect(JSON.parse(JSON.stringify(tut))).toEqual(tut);
    expect(JSON.parse(JSON.stringify(bs))).toEqual(bs);
  });

  it('tutorial facts are unchanged', () => {
    const v = tut.tiles[23]!.engagement!.units[0];
    expect([v.level, v.life, v.attacks, v.armoured, v.htt]).toEqual([5, 2, 2, true, true]);
    expect(tut.tiles[23]!.extra).toBeNull();
    expect(tut.startingMagazines).toEqual({ EASY: 20, NORMAL: 17, HARD: 15 });
    expect([tut.tilesBeforeMid, tut.tilesAfterMid, tut.finalAtMost, tut.laps.length, tut.items, tut.members]).toEqual([3, 3, null, 1, [], []]);
    expect(tut.laps[0].issuedItems).toEqual([]);
  });

  it('Black Sun: progression, rules, operations', () => {
    expect(bs.map).toBe('d66');
    expect(bs.tiles.filter((t) => t !== null).length).toBe(36);
    expect(bs.tilesBeforeMid).toBe(3);
    expect(bs.finalAtMost).toEqual([0, 16, 26, 36, 46, 56, 66]);
    expect(bs.repeated).toBe('next-unused');
    expect(bs.startingMagazines).toEqual({ EASY: 36, NORMAL: 28, HARD: 20 });
    expect([bs.maxOperations, bs.tilesPersist, bs.exhausted, bs.nightAttackMod, bs.successXp]).toEqual([3, true, 'reset-earlier', -1, 1]);
    expect(bs.laps.map((l) => l.darkAfterMid)).toEqual([false, true, false]);
    expect(bs.laps.map((l) => l.issuedItems)).toEqual([[0], [0], [0]]);
    expect(bs.laps.map((l) => l.issued)).toEqual([[], [EXPENDABLES.indexOf('frag_grenade')], []]);
    expect(bs.laps.every((l) => l.mid !== null && !l.mid.fleeAllowed && !l.final.fleeAllowed)).toBe(true);
  });

  it('Black Sun: scenario items and the Dボーイズ', () => {
    const [strobe, map] = bs.items;
    expect([strobe.id, strobe.use, strobe.carried, strobe.returned]).toEqual(['ir_strobe', USE_ANY_TIME, true, true]);
    expect(strobe.effects).toMatchObject([{ kind: E_KILL_ENEMIES, n: dice(1, 3, 1) }]);
    expect([map.use, map.carried, map.effects[0].map?.twice]).toEqual([USE_MAP_ROLL, false, true]);
    expect(bs.tiles[16]!.options[0].effects).toMatchObject([{ kind: E_SCENARIO_ITEM, item: 1 }]);
    expect(bs.members).toEqual([{ id: 'delta', name: 'Dボーイズ', cost: 0, skill: 1, life: 1, shots: 1, hitTable: 5, reactionMod: 1, fromLap: 2 }]);
  });

  it('Black Sun tile 21: 1d3+2 militia, reaction faces, extortion, cover', () => {
    const t = bs.tiles[21]!;
    expect(t.kind).toBe(EV_ENCOUNTER);
    expect(t.engagement!.units[0].count).toEqual(dice(1, 3, 2));
    expect(t.engagement!.reactionTable!.map((e) => REACTIONS[e.reaction])).toEqual(['withdraw', 'extortion', 'extortion', 'hostile', 'hostile', 'fight_to_the_end']);
    expect([t.engagement!.extortionCost, t.engagement!.lootMagazines]).toEqual([1, 1]);
    expect(t.extra!.mods.firstRoundAttackMod).toBe(-1);
  });

  it('Black Sun encounter extensions', () => {
    expect(bs.tiles[22]!.engagement!.units[0].count).toEqual(dice(1, 2, 0));
    expect(bs.tiles[22]!.extra!.mods.attackMod).toBe(-1);
    expect(bs.tiles[22]!.options[0].effects[0].combat!.leaderFirstRoundDefenceMod).toBe(-1); // 通報 (after:), the leader's rolls only (issue 28 item 4)
    expect([bs.tiles[23]!.engagement!.extortionCost, bs.tiles[23]!.extra!.extortionMre]).toEqual([0, 1]);
    expect(bs.tiles[23]!.extra!.ifSquadFirstStrike!.firstRoundEnemyAttacks).toBe(-1);
    const m = bs.tiles[24]!.extra!;
    expect(m.reactions!.map((r) => r.market)).toEqual([false, true, true, true, true, false]);
    expect(m.market.map((o) => [o.id, o.scrip, o.magazines])).toEqual([['flashbang', 2, 1], ['frag_grenade', 3, 2], ['medkit', 2, 2], ['tie_wraps', 1, 1], ['nvg', 3, 4]]);
    expect(m.market[4].expendable).toBe(-1);
    expect(bs.tiles[25]!.extra!.reactions![0].effects[0].map).toMatchObject({ units: 1, either: true });
    const crowd = bs.tiles[52]!.extra!;
    expect([crowd.squadFirstStrike, crowd.reinforcements[0].round, crowd.ifWipedOut[0].kind]).toEqual([true, 2, E_LOOT_TABLE]);
    expect(bs.tiles[53]!.extra!.whileAlive).toEqual([{ units: [0, 1], attackMod: 0, defenceMod: -1 }]);
    expect(bs.tiles[54]!.extra!.roundZeroBlast).toEqual({ faces: 1, target: 4, damage: 1, wound: 1 });
    expect(bs.tiles[56]!.extra!.reinforcements[0]).toEqual({ unit: 0, count: dice(1, 3, 0), round: 2, every: false, ifStandingAtLeast: 3 });
    expect(bs.tiles[61]!.extra!.units[0].roundAttacks).toEqual({ odd: 2, even: 1 });
    expect(bs.tiles[61]!.extra!.reactions![2].pass[0].combat!.extraEnemies).toBe(1);
    expect(bs.tiles[62]!.engagement!.enemyFirstStrike).toBe(true);
    const cmd = bs.tiles[64]!;
    expect([cmd.engagement!.units[0].screenedBy, cmd.extra!.units[1].ledBy, cmd.extra!.units[1].leaderlessLevel, cmd.extra!.withdrawOn]).toEqual([1, 0, 4, 1]);
    expect([cmd.extra!.extortionScrip, cmd.extra!.loot!.scrip, cmd.extra!.onCapture!.withEquipment]).toEqual([5, dice(1, 3, 0), 'tie_wraps']);
    expect(bs.tiles[65]!.extra!.loot!.magazines).toEqual(dice(1, 3, 0));
    expect(bs.tiles[65]!.engagement!.attackersCap).toBe(3);
    expect(bs.tiles[66]!.extra!.units[0].wounded).toEqual({ lifeAtMost: 2, attacks: 2 });
    expect(bs.tiles[66]!.engagement!.lootTable).toBe(true);
  });

  it('Black Sun event extensions', () => {
    const t36 = bs.tiles[36]!.options[0].effects;
    expect(t36.map((e) => e.kind)).toEqual([E_NEXT_COMBAT, E_SCRIP_AT_END]);
    expect(t36[0].combat!.enemyAttacks).toBe(1);
    expect(bs.tiles[41]!.options[1].check!.memberMods).toEqual([{ role: ROLES.indexOf('engineer'), mod: 2 }]);
    expect(bs.tiles[41]!.options[1].failure[1].combat!.leaderFirstDefenceRollMod).toBe(-1); // the leader's first roll only (issue 28 item 4)
    const t42 = bs.tiles[42]!.options[0];
    expect([t42.targetMember, t42.check!.ability, t42.check!.target, t42.fumble![0].kind]).toEqual([true, CHECK_DEFENCE, 3, E_MEMBER_DAMAGE]);
    const t43 = bs.tiles[43]!.options[0];
    expect([t43.check!.everyone, t43.failure.length, t43.fumble!.map((e) => e.kind)]).toEqual([true, 1, [E_HIT_TABLE, E_HIT_TABLE]]);
    expect(bs.tiles[44]!.kind).toBe(EV_CHOICE);
    expect(bs.tiles[45]!.options[0].failure[0]).toMatchObject({ kind: E_MAP_ROLL, map: { setTens: 5 } });
    expect(bs.tiles[46]!.options[0].effects[0].combat).toMatchObject({ targetAbsentFirstRound: true, membersAttackingMod: -2 });
  });

  it('Black Sun laps: mid and final events', () => {
    const [l1, l2, l3] = bs.laps;
    expect(l1.mid!.engagement!.units.map((u) => [u.name, u.htt, u.level, u.screenedBy])).toEqual([['バリケード', true, 3, -1], ['民兵', false, 3, 0]]);
    expect(l1.final.engagement!.units[0].count).toEqual(dice(1, 3, 6));
    expect(l1.final.extra!.advantageAttackMod).toBe(1);
    expect(l2.mid!.extra!.roundZeroUses).toEqual([{ expendable: EXPENDABLES.indexOf('frag_grenade'), unit: 0, kills: dice(1, 3, 0) }]);
    expect(l2.mid!.extra!.units[0].indoor).toBe(true);
    expect(l2.final.dark).toBe(true);
    expect(l2.final.engagement!.reactionTable).toBeNull();
    expect(l2.final.extra!.reinforcements[0]).toMatchObject({ every: true, count: dice(1, 3, 2), round: 2 });
    expect([l2.final.extra!.endsAfterRound, l2.final.extra!.membersDefenceMod]).toEqual([3, [{ atLeast: 3, mod: 1 }, { atLeast: 6, mod: 2 }]]);
    expect(l3.mid!.engagement!.reactionTable![0].reaction).toBe(rx('hostile'));
    expect(l3.final.engagement!.parity).toEqual({ odd: 0, even: 1, bindsPrecise: false });
    expect(l3.final.extra!.units[0]).toMatchObject({ roundAttacks: { odd: 1, even: 0 }, hitByParity: true, fumbleDamage: 2 });
    expect(l3.final.extra!.endsWhenDown).toBe(0);
  });
});

// ---------------------------------------------------------------------------
// Broken scenarios: one InputError per rule, naming file, line, path, what is allowed.

const TILE = (code: number) => `  ${code}: { name: t${code}, location: outdoor, nothing: true }`;
interface Parts { top?: string; progression?: string; rules?: string; tile?: string; laps?: string }
/** A minimal valid d33 scenario; `tile` replaces tile 33 (a YAML block at 2-space indent). */
function scenario(p: Parts = {}): string {
  return [
    'scenario: bad',
    'map: d33',
    `progression: ${p.progression ?? '{ tiles_before_mid: 1, tiles_after_mid: 1 }'}`,
    'rules:',
    '  starting_magazines: { NORMAL: 10 }',
    ...(p.rules ? [p.rules] : []),
    ...(p.top ? [p.top] : []),
    'tiles:',
    ...[11, 12, 13, 21, 22, 23, 31, 32].map(TILE),
    p.tile ?? TILE(33),
    ...(p.laps ? [p.laps] : [
      'mid: { name: m, location: outdoor, encounter: { enemies: [{ name: g, count: 2, level: 4 }] } }',
      'final: { name: f, location: outdoor, encounter: { enemies: [{ name: g, count: 2, level: 4 }] } }',
    ]),
    '',
  ].join('\n');
}
const enc = (body: string) => `  33:\n    name: t33\n    location: outdoor\n    encounter:\n${body}`;
const G = '      enemies:\n        - { name: g, count: 2, level: 4 }\n        - { name: h, kind: high_threat, level: 5, life: 2, attacks: 1 }\n';
const opt = (body: string) => `  33:\n    name: t33\n    location: outdoor\n    trap:\n${body}`;

function failure(text: string): InputError {
  try {
    compileScenario(Source.parse('bad.yaml', text).root());
  } catch (err) {
    expect(err).toBeInstanceOf(InputError);
    return err as InputError;
  }
  throw new Error(`expected an InputError for:\n${text}`);
}

// [rule, yaml, needle on the reported line, path, problem, allowed (substring; '' = none given)]
type Case = [string, string, string, string, RegExp, string];
const CASES: Case[] = [
  ['unknown top-level key', scenario({ top: 'weather: rain' }), 'weather', 'weather', /unknown key "weather"/, 'items, members'],
  ['encounter: unknown key lists the extensions', scenario({ tile: enc(`${G}      ambush: true`) }), 'ambush', 'tiles[33].encounter.ambush', /unknown key/, 'first_round_attack_mod'],
  ['unit: unknown key lists the extensions', scenario({ tile: enc('      enemies:\n        - { name: g, count: 2, level: 4, morale: 3 }') }), 'morale', 'tiles[33].encounter.enemies[0].morale', /unknown key "morale"/, 'round_attacks'],
  ['count: d4 is not a count', scenario({ tile: enc('      enemies:\n        - { name: g, count: 1d4, level: 4 }') }), '1d4', 'tiles[33].encounter.enemies[0].count', /"1d4" is not a count/, '1d2'],
  ['round_attacks on a group', scenario({ tile: enc('      enemies:\n        - { name: g, count: 2, level: 4, round_attacks: { odd: 1, even: 0 } }') }), 'round_attacks', 'tiles[33].encounter.enemies[0].round_attacks', /is for a high-threat target/, 'kind: high_threat'],
  ['round_attacks needs odd and even', scenario({ tile: enc('      enemies:\n        - { name: h, kind: high_threat, level: 5, life: 2, attacks: 1, round_attacks: { odd: 1 } }') }), 'round_attacks', 'tiles[33].encounter.enemies[0].round_attacks', /missing required key "even"/, 'odd, even'],
  ['wounded needs life_at_most', scenario({ tile: enc('      enemies:\n        - { name: h, kind: high_threat, level: 5, life: 2, attacks: 1, wounded: { attacks: 2 } }') }), 'wounded', 'tiles[33].encounter.enemies[0].wounded', /missing required key "life_at_most"/, 'life_at_most, attacks'],
  ['led_by without leaderless_level', scenario({ tile: enc('      enemies:\n        - { name: g, count: 2, level: 4, led_by: h }\n        - { name: h, kind: high_threat, level: 5, life: 2, attacks: 1 }') }), 'led_by', 'tiles[33].encounter.enemies[0].led_by', /give led_by and leaderless_level together/, 'led_by: <unit name>'],
  ['led_by names itself', scenario({ tile: enc('      enemies:\n        - { name: g, count: 2, level: 4, led_by: g, leaderless_level: 3 }') }), 'led_by', 'tiles[33].encounter.enemies[0].led_by', /unknown value "g"/, ''],
  ['unit location', scenario({ tile: enc('      enemies:\n        - { name: g, count: 2, level: 4, location: roof }') }), 'roof', 'tiles[33].encounter.enemies[0].location', /unknown value "roof"/, 'indoor, outdoor'],
  ['reaction entry: unknown key', scenario({ tile: enc(`${G}      reaction: { "1-6": { reaction: neutral, bribe: 2 } }`) }), 'bribe', 'tiles[33].encounter.reaction.1-6.bribe', /unknown key "bribe"/, 'reaction, next_combat, effects, pass, market'],
  ['reaction entry: pass on a hostile face', scenario({ tile: enc(`${G}      reaction: { "1-6": { reaction: hostile, pass: [nothing] } }`) }), 'pass', 'tiles[33].encounter.reaction.1-6.pass', /"pass" needs an enemy that lets the squad pass/, 'supportive, friendly or neutral'],
  ['reaction entry: market without offers', scenario({ tile: enc(`${G}      reaction: { "1-6": { reaction: neutral, market: true } }`) }), 'market', 'tiles[33].encounter.reaction.1-6.market', /no `market:` offers/, 'market: [{ item'],
  ['market offers but no market face', scenario({ tile: enc(`${G}      reaction: neutral\n      market:\n        - { item: medkit, scrip: 2 }`) }), '- { item: medkit, scrip: 2 }', 'tiles[33].encounter.market', /no reaction face opens the market/, 'market: true'],
  ['market: unknown item', scenario({ tile: enc(`${G}      reaction: { "1-6": { reaction: neutral, market: true } }\n      market:\n        - { item: rpg, scrip: 2 }`) }), 'rpg', 'tiles[33].encounter.market[0].item', /unknown value "rpg"/, 'nvg'],
  ['market: offer with no price', scenario({ tile: enc(`${G}      reaction: { "1-6": { reaction: neutral, market: true } }\n      market:\n        - { item: medkit }`) }), 'item: medkit', 'tiles[33].encounter.market[0]', /an offer with no price/, 'scrip, magazines'],
  ['extortion: unknown currency', scenario({ tile: enc(`${G}      extortion: { gold: 3 }`) }), 'gold', 'tiles[33].encounter.extortion.gold', /unknown key "gold"/, 'magazines, mre, scrip'],
  ['extortion: asks for nothing', scenario({ tile: enc(`${G}      extortion: { scrip: 0 }`) }), 'extortion', 'tiles[33].encounter.extortion', /asks for nothing/, 'at least one > 0'],
  ['loot: unknown key', scenario({ tile: enc(`${G}      loot: { gold: 3 }`) }), 'gold', 'tiles[33].encounter.loot.gold', /unknown key "gold"/, 'magazines, scrip, table'],
  ['loot: bad dice', scenario({ tile: enc(`${G}      loot: { scrip: 2d7 }`) }), '2d7', 'tiles[33].encounter.loot.scrip', /is not a count/, 'dice like'],
  ['reinforcements join a high-threat target', scenario({ tile: enc(`${G}      reinforcements:\n        - { unit: h, round: 2, count: 1 }`) }), 'unit: h', 'tiles[33].encounter.reinforcements[0].unit', /is a high-threat target, not a group/, 'g'],
  ['reinforcements: missing count', scenario({ tile: enc(`${G}      reinforcements:\n        - { unit: g, round: 2 }`) }), 'unit: g, round', 'tiles[33].encounter.reinforcements[0]', /missing required key "count"/, 'unit, count, round'],
  ['while_alive: unknown unit', scenario({ tile: enc(`${G}      while_alive:\n        - { units: [g, x], defence_mod: -1 }`) }), 'units: [g, x]', 'tiles[33].encounter.while_alive[0].units[1]', /unknown value "x"/, 'g, h'],
  ['while_alive: modifier out of range', scenario({ tile: enc(`${G}      while_alive:\n        - { units: [g], defence_mod: -5 }`) }), 'defence_mod: -5', 'tiles[33].encounter.while_alive[0].defence_mod', /below the minimum/, 'an integer ≥ -3'],
  ['if_squad_first_strike: unknown key', scenario({ tile: enc(`${G}      if_squad_first_strike: { enemy_first_strike: true }`) }), 'if_squad_first_strike', 'tiles[33].encounter.if_squad_first_strike.enemy_first_strike', /unknown key/, 'first_round_enemy_attacks'],
  ['round_zero_blast: missing damage', scenario({ tile: enc(`${G}      round_zero_blast: { faces: 1, target: 4 }`) }), 'round_zero_blast', 'tiles[33].encounter.round_zero_blast', /missing required key "damage"/, 'faces, target, damage'],
  ['round_zero_use: unknown item', scenario({ tile: enc(`${G}      round_zero_use:\n        - { item: mortar, unit: g, kills: 1d3 }`) }), 'mortar', 'tiles[33].encounter.round_zero_use[0].item', /unknown value "mortar"/, 'frag_grenade'],
  ['members_defence_mod: key not a count', scenario({ tile: enc(`${G}      members_defence_mod: { many: 1 }`) }), 'many', 'tiles[33].encounter.members_defence_mod.many', /"many" is not a member count/, '"3": 1'],
  ['ends_when_down: unknown unit', scenario({ tile: enc(`${G}      ends_when_down: tank`) }), 'tank', 'tiles[33].encounter.ends_when_down', /unknown value "tank"/, 'g, h'],
  ['ends_after_round: 0', scenario({ tile: enc(`${G}      ends_after_round: 0`) }), 'ends_after_round', 'tiles[33].encounter.ends_after_round', /below the minimum/, 'an integer ≥ 1'],
  ['withdraw_on: a high-threat target', scenario({ tile: enc(`${G}      withdraw_on: h`) }), 'withdraw_on', 'tiles[33].encounter.withdraw_on', /is a high-threat target/, 'g'],
  ['on_capture: unknown equipment', scenario({ tile: enc(`${G}      on_capture: { unit: h, effects: [{ scrip: 2 }], with: { equipment: rope2, effects: [{ scrip: 3 }] } }`) }), 'on_capture', 'tiles[33].encounter.on_capture.with.equipment', /unknown value "rope2"/, 'tie_wraps'],
  ['effect: unknown kind', scenario({ tile: opt('      effects: [{ teleport: 1 }]') }), 'teleport', 'tiles[33].trap.effects[0].teleport', /unknown effect "teleport"/, 'kill_enemies'],
  ['scenario_item without items', scenario({ tile: opt('      effects: [{ scenario_item: flare }]') }), 'flare', 'tiles[33].trap.effects[0].scenario_item', /defines no items/, 'top-level `items:`'],
  ['scenario_item: unknown id', scenario({ top: 'items:\n  flare: { use: any_time, effects: [{ kill_enemies: 1 }] }', tile: opt('      effects: [{ scenario_item: smoke }]') }), 'smoke', 'tiles[33].trap.effects[0].scenario_item', /unknown value "smoke"/, 'flare'],
  ['loot: table_mod without a table roll', scenario({ tile: enc(`${G}      loot: { magazines: 2, table_mod: 1 }`) }), 'table_mod', 'tiles[33].encounter.loot.table_mod', /a loot-table modifier without a loot-table roll/, 'table: 1'],
  ['loot_table: modifier out of range', scenario({ tile: opt('      effects: [{ loot_table: { n: 1, mod: 9 } }]') }), 'mod: 9', 'tiles[33].trap.effects[0].loot_table.mod', /above the maximum/, '≤ 6'],
  ['special: unknown piece', scenario({ tile: opt('      effects: [{ special: jetpack }]') }), 'jetpack', 'tiles[33].trap.effects[0].special', /unknown value "jetpack"/, 'ap_rounds, acoustic_device, barricade, tactical_scanner, prototype_shield, combat_drone, table'],
  ['special: uses on a table roll', scenario({ tile: opt('      effects: [{ special: { id: table, uses: 2 } }]') }), 'uses: 2', 'tiles[33].trap.effects[0].special.uses', /come from the table/, 'omit uses with id: table'],
  ['special: uses on the drone', scenario({ tile: opt('      effects: [{ special: { id: combat_drone, uses: 2 } }]') }), 'uses: 2', 'tiles[33].trap.effects[0].special.uses', /has no uses/, 'omit uses'],
  ['member_damage without a target', scenario({ tile: opt('      effects: [{ member_damage: 1 }]') }), 'member_damage', 'tiles[33].trap.effects[0].member_damage', /needs a target member/, 'target: hit_table'],
  ['target_* without a target', scenario({ tile: opt('      effects: [{ next_combat: { target_absent_first_round: true } }]') }), 'target_absent', 'tiles[33].trap.effects[0].next_combat.target_absent_first_round', /needs a target member/, 'target: hit_table'],
  ['target: only hit_table', scenario({ tile: opt('      target: leader\n      effects: [nothing]') }), 'target: leader', 'tiles[33].trap.target', /unknown value "leader"/, 'hit_table'],
  ['fumble needs a check', scenario({ tile: opt('      fumble: [{ leader_damage: 1 }]') }), 'fumble', 'tiles[33].trap.fumble', /"fumble" needs a check/, 'check: { roll, target }'],
  ['check: everyone must be true/false', scenario({ tile: opt('      check: { roll: defence, target: 3, everyone: all }\n      failure: [nothing]') }), 'everyone', 'tiles[33].trap.check.everyone', /expected true or false/, 'true, false'],
  ['check: unknown ability', scenario({ tile: opt('      check: { roll: luck, target: 3 }') }), 'luck', 'tiles[33].trap.check.roll', /unknown value "luck"/, 'defence'],
  ['map_roll: tens_is out of range', scenario({ tile: opt('      effects: [{ map_roll: { tens_is: 7 } }]') }), 'tens_is', 'tiles[33].trap.effects[0].map_roll.tens_is', /above the maximum/, '≤ 6'],
  ['map_roll: either without units', scenario({ tile: opt('      effects: [{ map_roll: { either: true } }]') }), 'either', 'tiles[33].trap.effects[0].map_roll.either', /"either" needs a units modifier/, 'units: 1, either: true'],
  ['next_combat: unknown key', scenario({ tile: opt('      effects: [{ next_combat: { morale: 1 } }]') }), 'morale', 'tiles[33].trap.effects[0].next_combat.morale', /unknown key "morale"/, 'first_defence_roll_mod'],
  ['tile with two events', scenario({ tile: '  33: { name: t, location: outdoor, nothing: true, supply: { effects: [nothing] } }' }), '33:', 'tiles[33]', /the tile has 2 events/, 'exactly one of'],
  ['a missing tile', scenario({ tile: '' }), '  11:', 'tiles', /no tile for 33/, 'every d33 result'],
  ['items: a catalogue id', scenario({ top: 'items:\n  medkit: { use: any_time, effects: [{ heal: 1 }] }' }), 'medkit', 'items.medkit', /already a catalogue item/, 'a new id'],
  ['items: unknown use', scenario({ top: 'items:\n  flare: { use: never, effects: [{ heal: 1 }] }' }), 'never', 'items.flare.use', /unknown value "never"/, 'any_time, combat, map_roll'],
  ['items: no effects', scenario({ top: 'items:\n  flare: { use: any_time, effects: [] }' }), 'flare', 'items.flare.effects', /an item with no effect/, 'kill_enemies'],
  ['members: from_lap beyond the laps', scenario({ top: 'members:\n  delta: { skill: 1, life: 1, shots: 1, hit_table: 5, from_lap: 2 }' }), 'from_lap', 'members.delta.from_lap', /above the maximum/, '≤ 1'],
  ['members: hit_table 7', scenario({ top: 'members:\n  delta: { skill: 1, life: 1, shots: 1, hit_table: 7 }' }), 'hit_table', 'members.delta.hit_table', /above the maximum/, '≤ 6'],
  ['members: a catalogue role', scenario({ top: 'members:\n  medic: { skill: 1, life: 1, shots: 1, hit_table: 1 }' }), 'medic', 'members.medic', /already a catalogue item or member/, 'a new id'],
  ['rules.issued: unknown item', scenario({ rules: '  issued: [flare]' }), 'issued', 'rules.issued[0]', /unknown value "flare"/, 'medkit'],
  ['rules: night_attack_mod must not help', scenario({ rules: '  night_attack_mod: 1' }), 'night_attack_mod', 'rules.night_attack_mod', /above the maximum/, '≤ 0'],
  ['operations: when_exhausted needs tiles_persist', scenario({ top: 'operations: { max: 3, when_exhausted: reset-earlier }' }), 'operations', 'operations.when_exhausted', /needs tiles that persist/, 'tiles_persist: true'],
  ['final_at_most: last entry must be always', scenario({ progression: '{ tiles_before_mid: 1, final_at_most: [0, 13] }' }), 'final_at_most', 'progression.final_at_most[1]', /must always bring the final event/, '33'],
  ['final_at_most: decreasing', scenario({ progression: '{ tiles_before_mid: 1, final_at_most: [0, 23, 13, 33] }' }), 'final_at_most', 'progression.final_at_most[2]', /below the previous 23/, 'non-decreasing'],
  ['final_at_most: not a map result', scenario({ progression: '{ tiles_before_mid: 1, final_at_most: [0, 16, 33] }' }), 'final_at_most', 'progression.final_at_most[1]', /16 is not a d33 result/, '0 (never)'],
  ['laps with a top-level mid', scenario({ top: 'laps:\n  - { final: { name: f, location: outdoor, nothing: true } }' }), 'mid: { name: m', 'mid', /goes inside each lap/, ''],
  ['lap issued: unknown item', scenario({ laps: 'laps:\n  - issued: [flare]\n    mid: { name: m, location: outdoor, nothing: true }\n    final: { name: f, location: outdoor, nothing: true }' }), 'issued', 'laps[0].issued[0]', /unknown value "flare"/, 'frag_grenade'],
];

describe('broken scenarios fail with file, line, path and what is allowed', () => {
  it('the base fixture compiles', () => {
    expect(compileScenario(Source.parse('ok.yaml', scenario()).root()).tiles[33]!.name).toBe('t33');
  });

  it.each(CASES)('%s', (_rule, text, needle, path, problem, allowed) => {
    const e = failure(text);
    const line = text.split('\n').findIndex((l) => l.includes(needle)) + 1;
    expect(line, `needle "${needle}"`).toBeGreaterThan(0);
    expect(e.file).toBe('bad.yaml');
    expect(e.path).toBe(path);
    expect(e.problem).toMatch(problem);
    expect(e.line, e.message).toBe(line);
    if (allowed) expect(e.allowed ?? '', e.message).toContain(allowed);
    expect(e.message.startsWith(`bad.yaml:${line}: ${path}: `)).toBe(true);
  });
});
