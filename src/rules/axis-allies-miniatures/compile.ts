/**
 * Validate and compile the Axis & Allies Miniatures part of an experiment file
 * into plain JSON: the unit types (data file + `units:` overrides) and, per
 * variant, the battlefield, both forces with their policies, and the rulings.
 * Every check names the file, line and path through {@link Cursor.fail}.
 *
 * ```yaml
 * game: axis-allies-miniatures
 * battlefield: { width: 15, depth: 22, terrain: [...], cover: {...} }
 * blue: { force: [{ unit: M4A1 Sherman, count: 2 }], policy: default, policy_params: { go_first: 1 } }
 * red:  { force: [{ unit: Panzer IV Ausf. F2, count: 2 }] }
 * variants:
 *   - { name: base, baseline: true }
 *   - { name: second, blue: { policy_params: { go_first: 0 } } }
 * ```
 */
import { DEFAULT_COMBAT, EXTENDED_RANGE_LIMIT, LONG_MAX_LIMIT, LONG_RANGE, type CombatTable } from './combat.js';
import type { Cursor } from '../../sim/input/schema.js';
import type { CompiledGame, CompiledVariant, RulingChoice } from '../../sim/core/types.js';
import { GENERIC_KEYS, VARIANT_KEYS, readVariantHeader } from '../../sim/input/experiment-keys.js';
import { readLocalText } from '../../sim/input/local-text.js';
import type { AamPolicyInfo } from './decisions.js';
import {
  DICE_STREAMS, KIND_AIRCRAFT, type AamGameDef, type DiceStreams, type AamVariant, type BattlefieldDef, type Comparison, type ForceUnit, type SideDef, type UnitType, type WorthLadder,
} from './config.js';
import { TERRAIN_CHARS, TERRAIN_NAMES, hexOnMap } from './hexmap.js';
import { AAM_RULINGS, defaultAamRulings, type AamRulings } from './rulings.js';
import { UNIT_DATA, type UnitRecord } from './unit-data.js';
import { rulingChoices } from '../../sim/core/ruling-def.js';
import { t } from '../../i18n/t.js';

const ENGINE_KEYS = ['battlefield', 'units', 'blue', 'red', 'worth', 'compare', 'dice_streams'];
const SIDE_KEYS = ['force', 'policy', 'policy_params', 'min_points', 'max_points'];
const BATTLEFIELD_KEYS = ['width', 'depth', 'deploy_depth', 'terrain', 'mirror', 'cover', 'move_cost', 'objective_turn', 'points_turn', 'max_turns', 'combat'];
const COMBAT_KEYS = ['success_on', 'short_max', 'medium_max', 'long_max'];
/** Most units per side (the 100-point army limit of the standard scenario). */
export const MAX_SIDE_UNITS = 15;

/**
 * The default battlefield: 15 × 22 hexes (two map sections of the set joined
 * along their long edges, AAM-R20), Blue's half of the terrain given and
 * mirrored onto Red's. '.' clear, 'F' forest, 'H' hill, 'T' town.
 */
export const DEFAULT_TERRAIN: readonly string[] = [
  '...............',
  '...F.......T...',
  '..FF.......TT..',
  '...............',
  '......H........',
  '.....HH....F...',
  '..T........FF..',
  '..TT...........',
  '........F......',
  '....F...FF.....',
  '....F..........',
];

/** Cover roll target per terrain (clear, forest, hill, town) × (soldier, vehicle); 0 = no cover (AAM-R25). */
export const DEFAULT_COVER = [[0, 0], [4, 4], [5, 5], [4, 5]];
/** Movement cost per terrain × (soldier, vehicle) (AAM-R24). */
export const DEFAULT_MOVE_COST = [[1, 1], [1, 2], [1, 2], [1, 2]];

/** A unit type's short id: lower case, non-alphanumerics as '-'. */
export function unitId(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

function toType(r: UnitRecord): UnitType {
  return {
    id: unitId(r.name),
    name: r.name,
    nation: r.nation,
    kind: ['soldier', 'vehicle', 'aircraft'].indexOf(r.kind),
    cost: r.cost,
    defFront: r.defence[0],
    defRear: r.defence[1],
    speed: r.speed,
    vsSoldier: [...r.vsSoldier],
    vsVehicle: [...r.vsVehicle],
    closeAssault: r.closeAssault ?? 0,
    superiorArmor: r.superiorArmor ?? 0,
    initiative: r.initiative ?? 0,
    longVsVehicle: r.extendedRange ?? 8,
    guardCrew: r.guardCrew ?? false,
    bravery: r.braveryEnforcement ?? false,
    abilities: [...r.abilities],
    assumed: r.assumed ?? false,
  };
}

/** The unit types of the data file, unchanged. */
export function baseUnitTypes(): UnitType[] {
  return UNIT_DATA.map(toType);
}

/** Index of the unit type named `s` (full name, any case, or its id); fails on `at`. */
function typeByName(types: readonly UnitType[], s: string, at: Cursor): number {
  const i = types.findIndex((t) => t.name.toLowerCase() === s.toLowerCase() || t.id === unitId(s));
  if (i < 0) at.fail({ id: 'aamCompile.unknownUnit', params: { s } }, types.map((t) => t.name).join(', '));
  return i;
}

function findType(types: readonly UnitType[], c: Cursor): number {
  return typeByName(types, c.str(), c);
}

function triple(c: Cursor, what: string): number[] {
  const l = c.list();
  if (l.length !== 3) c.fail({ id: 'aamCompile.needs3ValuesShort', params: { what } }, { id: 'aamCompile.smlWithDash' });
  return l.map((x) => x.num({ min: 0, max: 40, int: true }));
}

/** `units:` overrides of the data file's numbers, recorded among the rulings in effect. */
function readUnits(c: Cursor): { types: UnitType[]; changes: string[] } {
  const types = baseUnitTypes();
  const changes: string[] = [];
  for (const [name, e] of c.entries()) {
    const i = typeByName(types, name, e);
    e.object(['cost', 'defence', 'speed', 'vs_soldier', 'vs_vehicle', 'close_assault', 'superior_armor', 'initiative', 'extended_range']);
    const t = { ...types[i] } as { -readonly [K in keyof UnitType]: UnitType[K] };
    const num = (k: string, min: number, max: number) => e.key(k).num({ min, max, int: true });
    if (!e.key('cost').missing) t.cost = num('cost', 0, 999);
    if (!e.key('speed').missing) t.speed = num('speed', 0, 20);
    if (!e.key('defence').missing) {
      const d = e.key('defence').list();
      if (d.length !== 2) e.key('defence').fail({ id: 'aamCompile.defenceNeeds2Values' }, '[front, rear]');
      [t.defFront, t.defRear] = d.map((x) => x.num({ min: 1, max: 20, int: true }));
    }
    if (!e.key('vs_soldier').missing) t.vsSoldier = triple(e.key('vs_soldier'), 'vs_soldier');
    if (!e.key('vs_vehicle').missing) t.vsVehicle = triple(e.key('vs_vehicle'), 'vs_vehicle');
    if (!e.key('close_assault').missing) t.closeAssault = num('close_assault', 0, 40);
    if (!e.key('superior_armor').missing) t.superiorArmor = num('superior_armor', 0, 10);
    if (!e.key('initiative').missing) t.initiative = num('initiative', 0, 10);
    if (!e.key('extended_range').missing) t.longVsVehicle = num('extended_range', LONG_RANGE, EXTENDED_RANGE_LIMIT);
    types[i] = t;
    for (const k of Object.keys(e.value as object)) changes.push(`${t.name}.${k}=${JSON.stringify((e.value as Record<string, unknown>)[k])}`);
  }
  return { types, changes };
}

function readRulings(c: Cursor, base: AamRulings = defaultAamRulings()): AamRulings {
  const r = { ...base } as Record<string, string>;
  if (c.missing) return r as AamRulings;
  c.object(AAM_RULINGS.map((d) => d.key));
  for (const d of AAM_RULINGS) if (!c.key(d.key).missing) r[d.key] = c.key(d.key).str({ oneOf: d.options });
  return r as AamRulings;
}

/** The variant's key if given, else the shared one. */
function pick(v: Cursor, shared: Cursor, key: string): Cursor {
  return v.key(key).missing ? shared.key(key) : v.key(key);
}

/** A terrain × kind table like `{ forest: { soldier: 4, vehicle: 4 } }` on top of `base`. */
function readTerrainTable(c: Cursor, base: number[][], min: number, max: number): number[][] {
  const out = base.map((r) => [...r]);
  if (c.missing) return out;
  for (const [t, e] of c.entries()) {
    const ti = TERRAIN_NAMES.indexOf(t as (typeof TERRAIN_NAMES)[number]);
    if (ti < 0) e.fail({ id: 'aamCompile.unknownTerrain', params: { t } }, TERRAIN_NAMES.join(', '));
    e.object(['soldier', 'vehicle']);
    for (const [ki, k] of ['soldier', 'vehicle'].entries()) {
      if (!e.key(k).missing) out[ti][ki] = e.key(k).num({ min, max, int: true });
    }
  }
  return out;
}

/**
 * `battlefield.combat`: the attack die's success number and the range bands (AAM-R35). Omitted keys keep the
 * published values; the bands must grow (short < medium < long).
 */
function readCombat(c: Cursor): CombatTable {
  if (c.missing) return DEFAULT_COMBAT;
  c.object(COMBAT_KEYS);
  const d = DEFAULT_COMBAT;
  const successOn = c.key('success_on').num({ default: d.successOn, min: 2, max: 6, int: true });
  const shortMax = c.key('short_max').num({ default: d.shortMax, min: 0, max: 20, int: true });
  const mediumMax = c.key('medium_max').num({ default: d.mediumMax, min: shortMax + 1, max: 30, int: true });
  const longMax = c.key('long_max').num({ default: d.longMax, min: mediumMax + 1, max: LONG_MAX_LIMIT, int: true });
  if (successOn === d.successOn && shortMax === d.shortMax && mediumMax === d.mediumMax && longMax === d.longMax) return DEFAULT_COMBAT;
  return { successOn, shortMax, mediumMax, longMax };
}

function readBattlefield(v: Cursor, shared: Cursor): BattlefieldDef {
  const key = (k: string): Cursor => pick(v.key('battlefield'), shared, k);
  const width = key('width').num({ default: 15, min: 5, max: 60, int: true });
  const deployDepth = key('deploy_depth').num({ default: 5, min: 1, max: 20, int: true });
  const depth = key('depth').num({ default: 22, min: 2 * deployDepth + 1, max: 60, int: true });
  const tc = key('terrain');
  let terrain: string[];
  if (tc.missing) terrain = [...DEFAULT_TERRAIN];
  else {
    terrain = tc.list().map((r, i) => {
      const s = r.str();
      if (s.length > width) r.fail({ id: 'aamCompile.terrainRowHexesBut', params: { i, sCount: s.length, width } }, { id: 'aamCompile.mostCharacters', params: { width } });
      for (const ch of s) if (!TERRAIN_CHARS.includes(ch)) r.fail({ id: 'aamCompile.unknownTerrainCharacter', params: { ch } }, { id: 'aamCompile.terrainChars', params: { chars: TERRAIN_CHARS.split('').join(' ') } });
      return s;
    });
    if (terrain.length > depth) tc.fail({ id: 'aamCompile.terrainRowsButBattlefield', params: { terrainCount: terrain.length, depth } }, { id: 'aamCompile.mostRows', params: { depth } });
  }
  const objectiveTurn = key('objective_turn').num({ default: 7, min: 1, max: 60, int: true });
  const pointsTurn = key('points_turn').num({ default: 10, min: objectiveTurn, max: 60, int: true });
  const maxTurns = key('max_turns').num({ default: 15, min: pointsTurn, max: 60, int: true });
  return {
    width, depth, deployDepth, terrain, combat: readCombat(key('combat')),
    mirror: key('mirror').bool({ default: true }),
    cover: readTerrainTable(key('cover'), DEFAULT_COVER, 0, 7),
    moveCost: readTerrainTable(key('move_cost'), DEFAULT_MOVE_COST, 1, 9),
    objectiveTurn, pointsTurn, maxTurns,
  };
}

function readSide(v: Cursor, shared: Cursor, sideName: string, types: readonly UnitType[], bf: BattlefieldDef, policies: readonly AamPolicyInfo[]): SideDef {
  const sv = v.key(sideName), ss = shared;
  sv.missing || sv.object(SIDE_KEYS);
  const fc = pick(sv, ss, 'force');
  if (fc.missing) v.fail({ id: 'aamCompile.noForceGiveHere', params: { sideName, sideName2: sideName } }, 'force: [{ unit, count, at }]');
  const units: ForceUnit[] = [];
  const stack = new Map<string, number>();
  for (const e of fc.list({ min: 1 })) {
    // `name`: a label only (army searches name their templates), no effect on the rules.
    e.object(['unit', 'count', 'at', 'name'], ['unit']);
    e.key('name').missing || e.key('name').str();
    const type = findType(types, e.key('unit'));
    const count = e.key('count').num({ default: 1, min: 1, max: MAX_SIDE_UNITS, int: true });
    const at = e.key('at').list();
    if (at.length > 0 && at.length !== count) e.key('at').fail({ id: 'aamCompile.positionsUnitS', params: { atCount: at.length, count } }, { id: 'aamCompile.oneColRowPer', params: { count } });
    for (let i = 0; i < count; i++) {
      if (at.length === 0) {
        units.push({ type, col: -1, row: -1, placed: false });
        continue;
      }
      const p = at[i].list();
      if (p.length !== 2) at[i].fail({ id: 'aamCompile.positionColRow' }, '[col, row]');
      const col = p[0].num({ min: 0, max: bf.width - 1, int: true }), row = p[1].num({ min: 0, max: bf.depth - 1, int: true });
      if (!hexOnMap(bf.width, bf.depth, col, row)) at[i].fail({ id: 'aamCompile.hexNotBattlefieldMap', params: { col, row } }, { id: 'aamCompile.hexMap' });
      if (types[type].kind === KIND_AIRCRAFT) at[i].fail({ id: 'aamCompile.aircraftNotDeployedThey' }, { id: 'aamCompile.omitAircraft' });
      const k = `${col},${row}`;
      const n = (stack.get(k) ?? 0) + 1;
      if (n > 2) at[i].fail({ id: 'aamCompile.threeFriendlyUnitsHex', params: { k } }, { id: 'aamCompile.most2FriendlyUnits' });
      stack.set(k, n);
      units.push({ type, col, row, placed: true });
    }
  }
  if (units.length > MAX_SIDE_UNITS) fc.fail({ id: 'aamCompile.unitsForce', params: { unitsCount: units.length, sideName } }, { id: 'aamCompile.mostUnitsPerSide', params: { MAX_SIDE_UNITS } });
  // Point limits (an army search's budget): a force outside them is refused, as any invalid force.
  const points = units.reduce((a, u) => a + types[u.type].cost, 0);
  const minC = pick(sv, ss, 'min_points'), maxC = pick(sv, ss, 'max_points');
  const min = minC.num({ default: 0, min: 0, max: 100000, int: true }), max = maxC.num({ default: 100000, min: 0, max: 100000, int: true });
  if (min > max) minC.fail({ id: 'aamforce.minAboveMax', params: { min, max } }, { id: 'aamforce.minAtMost', params: { max } });
  if (points > max) fc.fail({ id: 'aamforce.overPoints', params: { side: sideName, points, max } }, { id: 'aamforce.atMost', params: { max } });
  if (points < min) fc.fail({ id: 'aamforce.underPoints', params: { side: sideName, points, min } }, { id: 'aamforce.atLeast', params: { min } });
  const policy = pick(sv, ss, 'policy').str({ default: 'default', oneOf: policies.map((p) => p.id) });
  const info = policies.find((p) => p.id === policy)!;
  const params: Record<string, number> = {};
  for (const [k, d] of Object.entries(info.defaults)) params[k] = d.default;
  // Shared parameters first, then the variant's (a variant changes only what it names).
  for (const src of [ss.key('policy_params'), sv.key('policy_params')]) {
    for (const [k, c] of src.entries()) {
      // Own keys only: `valueOf`, `__proto__` or `constructor` would otherwise find the object's prototype (issue 39).
      const d = Object.hasOwn(info.defaults, k) ? info.defaults[k] : undefined;
      if (!d) c.fail({ id: 'aamCompile.unknownParameterPolicy', params: { k, policy } }, Object.keys(info.defaults).join(', ') || 'none');
      params[k] = c.num({ min: d!.min, max: d!.max });
    }
  }
  return { units, points, policy, policyParams: params };
}

function describeForce(side: SideDef, types: readonly UnitType[]): string {
  const counts = new Map<string, number>();
  for (const u of side.units) counts.set(types[u.type].name, (counts.get(types[u.type].name) ?? 0) + 1);
  return [...counts].map(([n, k]) => `${k} × ${n}`).join(' + ');
}

/** The engine's `compile`, for these policies (their ids and parameters are accepted). */
export function compileAam(root: Cursor, policies: readonly AamPolicyInfo[]): CompiledGame<AamGameDef, AamVariant> {
  root.object([...GENERIC_KEYS, ...ENGINE_KEYS]);
  const { types, changes } = readUnits(root.key('units'));
  const rulings = readRulings(root.key('rulings'));
  const diceStreams = root.key('dice_streams').str({ default: 'sequential', oneOf: [...DICE_STREAMS] }) as DiceStreams;
  const bfShared = root.key('battlefield');
  bfShared.missing || bfShared.object(BATTLEFIELD_KEYS);
  for (const side of ['blue', 'red']) root.key(side).missing || root.key(side).object(SIDE_KEYS);
  const variants: CompiledVariant<AamVariant>[] = root.key('variants').list({ min: 1 }).map((v, i) => {
    v.object([...VARIANT_KEYS, 'blue', 'red', 'battlefield', 'rulings', 'cost']);
    v.key('battlefield').missing || v.key('battlefield').object(BATTLEFIELD_KEYS);
    const h = readVariantHeader(v, i);
    const vr = readRulings(v.key('rulings'), rulings);
    const battlefield = readBattlefield(v, bfShared);
    const blue = readSide(v, root.key('blue'), 'blue', types, battlefield, policies);
    const red = readSide(v, root.key('red'), 'red', types, battlefield, policies);
    const cost = v.key('cost').num({ default: blue.points, min: 0, max: 100000 });
    return { ...h, cost, params: { blue, red, battlefield, rulings: vr } };
  });
  const byName = new Map(variants.map((v) => [v.name, v]));

  const worth: WorthLadder[] = root.key('worth').list().map((w) => {
    w.object(['unit', 'reference', 'variants'], ['unit', 'variants']);
    const type = findType(types, w.key('unit'));
    const steps = w.key('variants').list({ min: 2 }).map((vc) => {
      const name = vc.str({ oneOf: [...byName.keys()] });
      const v = byName.get(name)!;
      const own = v.params.blue.units;
      if (own.some((u) => u.type !== type)) vc.fail({ id: 'aamCompile.variantFieldsMoreThan', params: { name, name2: types[type].name } }, { id: 'aamCompile.variantsWhoseBlueForce', params: { name: types[type].name } });
      return { variant: name, count: own.length, points: v.params.blue.points, red: v.params.red };
    });
    const refPoints = steps[0].red.points;
    const refDesc = describeForce(steps[0].red, types);
    steps.forEach((s, k) => {
      if (describeForce(s.red, types) !== refDesc) w.key('variants').list()[k].fail({ id: 'aamCompile.variantFacesNotLadder', params: { variant: s.variant, describeForce: describeForce(s.red, types), refDesc } }, { id: 'aamCompile.variantsAllFaceSame' });
    });
    return {
      unit: types[type].name,
      reference: w.key('reference').str({ default: refDesc }),
      referencePoints: refPoints,
      steps: steps.map(({ variant, count, points }) => ({ variant, count, points })),
    };
  });
  const compare: Comparison[] = root.key('compare').list().map((c) => {
    c.object(['label', 'a', 'b'], ['a', 'b']);
    const a = c.key('a').str({ oneOf: [...byName.keys()] }), b = c.key('b').str({ oneOf: [...byName.keys()] });
    // The label may be written in both languages (local-text.ts); worth.csv records its stable (English) text.
    return { label: readLocalText(c.key('label'), `${a} vs ${b}`).text, a, b };
  });

  const choices: RulingChoice[] = rulingChoices('aamRuling', AAM_RULINGS, rulings);
  if (changes.length > 0) choices.push({ id: 'units', choice: changes.join(', '), summary: t('aamRuling.units', {}, 'en'), msg: { id: 'aamRuling.units' } });
  const assumed = new Set<string>();
  for (const v of variants) for (const s of [v.params.blue, v.params.red]) for (const u of s.units) if (types[u.type].assumed) assumed.add(types[u.type].name);
  if (assumed.size > 0) choices.push({ id: 'units-assumed', choice: [...assumed].join(', '), summary: t('aamRuling.unitsAssumed', {}, 'en'), msg: { id: 'aamRuling.unitsAssumed' } });
  const game: AamGameDef = { units: types, worth, compare, maxTurns: Math.max(...variants.map((v) => v.params.battlefield.maxTurns)), diceStreams };
  return { game, variants, rulings: choices, costUnit: 'points' };
}
