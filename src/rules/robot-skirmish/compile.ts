/**
 * Validate and compile the robot-skirmish part of an experiment file into plain
 * JSON ({@link RsGameDef} + one {@link RsVariant} per variant). Every check
 * names the file, line and path through {@link Cursor.fail}.
 */
import type { Cursor } from '../../sim/input/schema.js';
import type { CompiledGame, CompiledVariant, RulingChoice } from '../../sim/core/types.js';
import { GENERIC_KEYS, VARIANT_KEYS, readVariantHeader } from '../../sim/input/experiment-keys.js';
import { MELEE, RANGED, baseCatalogue, parseDamage, type Catalogue, type EquipmentDef, type SizeDef, type WeaponDef } from './catalogue.js';
import { DICE_STREAMS, TF_NONE, TF_ONE_WAY, TF_TWO_WAY, T_BLOCK, T_HINDER, type ArmyDef, type DiceStreams, type FormDef, type HqDef, type RsGameDef, type RsVariant, type SideDef, type TableDef, type TerrainDef, type UnitDef } from './config.js';
import { deploymentProblems } from './geometry.js';
import { RS_RULINGS, defaultRsRulings, type RsRulings } from './rulings.js';
import { MAX_CARRY, MAX_SIDE } from './state.js';
import type { RsPolicyInfo } from './decisions.js';
import { t } from '../../i18n/t.js';
import { rulingChoices } from '../../sim/core/ruling-def.js';

const ENGINE_KEYS = ['table', 'turn_limit', 'army_points', 'headquarters', 'catalogue', 'armies', 'subject', 'reference', 'dice_streams'];
const SIDE_KEYS = ['army', 'policy', 'policy_params'];
const UNIT_KEYS = ['name', 'size', 'bonus', 'weapons', 'equipment', 'legs', 'hands', 'at', 'transform'];

// ───────────────────────── catalogue ─────────────────────────

const BASE_FIELDS: Record<string, keyof Catalogue['base']> = {
  move: 'move', move_per_point: 'movePerPoint', attack: 'attack', attack_per_point: 'attackPerPoint', defence: 'defence',
  defence_per_point: 'defencePerPoint', min_move: 'minMove', hands: 'hands', throw_range_per_attack: 'throwRangePerAttack',
  height_mod: 'heightMod', anti_en_reduction: 'antiEnReduction',
};

function readCatalogue(c: Cursor): { cat: Catalogue; changes: string[] } {
  const base = baseCatalogue();
  const changes: string[] = [];
  if (c.missing) return { cat: base, changes };
  c.object(['base', 'sizes', 'weapons', 'equipment']);
  const b: Record<string, number> = { ...base.base };
  const bc = c.key('base');
  if (!bc.missing) {
    bc.object(Object.keys(BASE_FIELDS));
    for (const [k, f] of Object.entries(BASE_FIELDS)) {
      if (bc.key(k).missing) continue;
      b[f] = bc.key(k).num({ min: 0, max: 100, int: k === 'hands' || k === 'height_mod' || k === 'anti_en_reduction' });
      changes.push(`base.${k}=${b[f]}`);
    }
  }
  const sizes: SizeDef[] = base.sizes.map((s) => ({ ...s }));
  for (const [id, e] of c.key('sizes').entries()) {
    const i = sizes.findIndex((s) => s.id === id);
    if (i < 0) e.fail({ id: 'robotCompile.unknownSize', params: { id } }, sizes.map((s) => s.id).join(', '));
    e.object(['radius', 'hp', 'slots']);
    const s = sizes[i] as { -readonly [K in keyof SizeDef]: SizeDef[K] };
    if (!e.key('radius').missing) s.radius = e.key('radius').num({ min: 0.5, max: 50 });
    if (!e.key('hp').missing) s.hp = e.key('hp').num({ min: 1, max: 99, int: true });
    if (!e.key('slots').missing) s.slots = e.key('slots').num({ min: 0, max: 20, int: true });
    changes.push(`sizes.${id}=${JSON.stringify({ radius: s.radius, hp: s.hp, slots: s.slots })}`);
  }
  const weapons: WeaponDef[] = base.weapons.map((w) => ({ ...w }));
  for (const [id, e] of c.key('weapons').entries()) {
    if (!/^[a-z][a-z0-9_]*$/.test(id)) e.fail({ id: 'robotCompile.notValidWeaponId', params: { id } }, { id: 'robotCompile.lowerCaseLettersDigits' });
    e.object(['ja', 'kind', 'range', 'damage', 'hands', 'slots', 'barrels', 'en', 'move_mod']);
    let i = weapons.findIndex((w) => w.id === id);
    if (i < 0) {
      if (e.key('kind').missing || e.key('damage').missing) e.fail({ id: 'robotCompile.newWeaponNeedsLeast', params: { id } }, 'kind, damage, range, hands, slots, barrels, en, move_mod');
      weapons.push({ id, ja: id, kind: MELEE, range: 0, damage: { dice: 0, bonus: 1, min: 0 }, hands: 1, slots: 1, barrels: 1, en: false, moveMod: 0 });
      i = weapons.length - 1;
    }
    const w = weapons[i] as { -readonly [K in keyof WeaponDef]: WeaponDef[K] };
    if (!e.key('ja').missing) w.ja = e.key('ja').str();
    if (!e.key('kind').missing) w.kind = e.key('kind').str({ oneOf: ['melee', 'ranged'] }) === 'melee' ? MELEE : RANGED;
    if (!e.key('range').missing) w.range = e.key('range').num({ min: 0, max: 500 });
    if (!e.key('damage').missing) {
      const dc = e.key('damage');
      const v = typeof dc.value === 'number' ? dc.value : dc.str();
      const d = parseDamage(v);
      if (!d) return dc.fail({ id: 'robotCompile.notDamageValue', params: { v } }, { id: 'robotCompile.integer020Dice' });
      w.damage = d;
    }
    if (!e.key('hands').missing) w.hands = e.key('hands').num({ min: 0, max: 2, int: true });
    if (!e.key('slots').missing) w.slots = e.key('slots').num({ min: 0, max: 10, int: true });
    if (!e.key('barrels').missing) w.barrels = e.key('barrels').num({ min: 1, max: MAX_CARRY, int: true });
    if (!e.key('en').missing) w.en = e.key('en').bool();
    if (!e.key('move_mod').missing) w.moveMod = e.key('move_mod').num({ min: -20, max: 20 });
    if (w.kind === RANGED && w.range <= 0) e.fail({ id: 'robotCompile.rangedWeaponNeedsRange', params: { id } }, { id: 'robotCompile.rangeNumber0' });
    if (w.kind === MELEE) w.range = 0;
    changes.push(`weapons.${id}=${JSON.stringify({ kind: w.kind === MELEE ? 'melee' : 'ranged', range: w.range, damage: w.damage, hands: w.hands, slots: w.slots, barrels: w.barrels, en: w.en, move_mod: w.moveMod })}`);
  }
  const equipment: EquipmentDef[] = base.equipment.map((q) => ({ ...q }));
  for (const [id, e] of c.key('equipment').entries()) {
    const i = equipment.findIndex((q) => q.id === id);
    if (i < 0) e.fail({ id: 'robotCompile.unknownEquipmentEquipmentEffects', params: { id } }, equipment.map((q) => q.id).join(', '));
    e.object(['slots', 'move_mod']);
    const q = equipment[i] as { -readonly [K in keyof EquipmentDef]: EquipmentDef[K] };
    if (!e.key('slots').missing) q.slots = e.key('slots').num({ min: 0, max: 10, int: true });
    if (!e.key('move_mod').missing) q.moveMod = e.key('move_mod').num({ min: -20, max: 20 });
    changes.push(`equipment.${id}=${JSON.stringify({ slots: q.slots, move_mod: q.moveMod })}`);
  }
  return { cat: { base: b as unknown as Catalogue['base'], sizes, weapons, equipment }, changes };
}

// ───────────────────────── table ─────────────────────────

function readTable(c: Cursor): TableDef {
  if (c.missing) return { width: 90, height: 60, unit: 'cm', contactGap: 1, terrain: [], deployDepth: 8, deploySpacing: 12 };
  c.object(['width', 'height', 'unit', 'contact_gap', 'deploy_depth', 'deploy_spacing', 'terrain', 'mirror_terrain']);
  const width = c.key('width').num({ default: 90, min: 10, max: 1000 });
  const height = c.key('height').num({ default: 60, min: 10, max: 1000 });
  const terrain: TerrainDef[] = [];
  const pieces = c.key('terrain').list();
  for (const p of pieces) {
    p.object(['kind', 'x', 'y', 'w', 'h'], ['kind', 'x', 'y', 'w', 'h']);
    const kind = p.key('kind').str({ oneOf: ['block', 'hinder'] }) === 'block' ? T_BLOCK : T_HINDER;
    const x = p.key('x').num({ min: 0, max: width }), y = p.key('y').num({ min: 0, max: height });
    const w = p.key('w').num({ min: 0.1, max: width }), h = p.key('h').num({ min: 0.1, max: height });
    if (x + w > width + 1e-9 || y + h > height + 1e-9) p.fail({ id: 'robotCompile.pieceRunsOffTable', params: { x, y, w, h, width, height } });
    terrain.push({ kind, x, y, w, h });
  }
  if (c.key('mirror_terrain').bool({ default: false })) {
    for (const t of [...terrain]) terrain.push({ kind: t.kind, x: width - t.x - t.w, y: height - t.y - t.h, w: t.w, h: t.h });
  }
  return {
    width,
    height,
    unit: c.key('unit').str({ default: 'cm', oneOf: ['cm', 'in'] }),
    contactGap: c.key('contact_gap').num({ default: 1, min: 0, max: 20 }),
    terrain,
    deployDepth: c.key('deploy_depth').num({ default: 8, min: 0, max: height / 2 }),
    deploySpacing: c.key('deploy_spacing').num({ default: 12, min: 0, max: width }),
  };
}

// ───────────────────────── units and armies ─────────────────────────

interface FormInput {
  size: number;
  bonus: { move: number; attack: number; defence: number };
  weapons: string[];
  equipment: string[];
  legs: boolean;
  hands: number;
}

function readForm(c: Cursor, cat: Catalogue, fallbackSize: number | null): { form: FormDef; bonusTotal: number } {
  const sizeIds = cat.sizes.map((s) => s.id);
  let size: number;
  if (fallbackSize === null) size = sizeIds.indexOf(c.key('size').str({ default: 'small', oneOf: sizeIds }));
  else {
    size = fallbackSize;
    if (!c.key('size').missing && c.key('size').str({ oneOf: sizeIds }) !== sizeIds[size]) c.key('size').fail({ id: 'robotCompile.bothFormsTransformableUnit' }, sizeIds[size]);
  }
  const b = cat.base;
  const bc = c.key('bonus');
  bc.missing || bc.object(['move', 'attack', 'defence']);
  const bonus = {
    move: bc.key('move').num({ default: 0, min: 0, max: b.statMax, int: true }),
    attack: bc.key('attack').num({ default: 0, min: 0, max: b.statMax, int: true }),
    defence: bc.key('defence').num({ default: 0, min: 0, max: b.statMax, int: true }),
  };
  const sd = cat.sizes[size];
  const total = bonus.move + bonus.attack + bonus.defence + sd.points;
  if (total > b.bonusMax) c.fail({ id: 'robotCompile.bonusPointsMoveAttack', params: { total, move: bonus.move, attack: bonus.attack, defence: bonus.defence, points: sd.points, bonusMax: b.bonusMax } }, { id: 'robotCompile.total', params: { bonusMax: b.bonusMax } });
  const input: FormInput = {
    size,
    bonus,
    weapons: c.key('weapons').list().map((w) => w.str({ oneOf: cat.weapons.map((x) => x.id) })),
    equipment: c.key('equipment').list().map((q) => q.str({ oneOf: cat.equipment.map((x) => x.id) })),
    legs: c.key('legs').bool({ default: true }),
    hands: c.key('hands').num({ default: b.hands, min: 0, max: 4, int: true }),
  };
  const seen = new Set<string>();
  c.key('equipment').list().forEach((q, i) => {
    if (seen.has(input.equipment[i])) q.fail({ id: 'robotCompile.equipmentListedTwice', params: { equipment: input.equipment[i] } });
    seen.add(input.equipment[i]);
  });
  let slots = 0, hands = 0, carry = 0, move = b.move + bonus.move * b.movePerPoint;
  const weapons: number[] = [];
  for (const id of input.weapons) {
    const wi = cat.weapons.findIndex((w) => w.id === id);
    const w = cat.weapons[wi];
    slots += w.slots;
    hands += w.hands;
    carry += w.barrels;
    move += w.moveMod;
    for (let k = 0; k < w.barrels; k++) weapons.push(wi);
  }
  let equipment = 0;
  for (const id of input.equipment) {
    const q = cat.equipment.find((x) => x.id === id)!;
    slots += q.slots;
    move += q.moveMod;
    equipment |= q.bit;
  }
  if (slots > sd.slots) c.fail({ id: 'robotCompile.weaponsEquipmentTakeSlots', params: { slots, id: sd.id, slots2: sd.slots } }, { id: 'robotCompile.mostSlots', params: { slots: sd.slots, concat: input.weapons.concat(input.equipment).join(', ') } });
  if (hands > input.hands) c.key('weapons').fail({ id: 'robotCompile.handHeldWeaponsNeed', params: { hands, hands2: input.hands } }, { id: 'robotCompile.mostHands', params: { hands: input.hands } });
  if (carry > MAX_CARRY) c.key('weapons').fail({ id: 'robotCompile.weaponsBarrelsCountedEngine', params: { carry, MAX_CARRY } });
  return {
    form: {
      size, bonusMove: bonus.move, bonusAttack: bonus.attack, bonusDefence: bonus.defence,
      move: Math.max(b.minMove, move),
      attack: b.attack + bonus.attack * b.attackPerPoint,
      defence: b.defence + bonus.defence * b.defencePerPoint,
      hp: sd.hp, radius: sd.radius, weapons, equipment, legs: input.legs, hands: input.hands,
    },
    bonusTotal: total,
  };
}

function readUnit(c: Cursor, cat: Catalogue, index: number, table: TableDef): UnitDef {
  c.object(UNIT_KEYS);
  const name = c.key('name').str({ default: `U${index + 1}` });
  if (!/^[A-Za-z0-9][A-Za-z0-9_.-]*$/.test(name)) c.key('name').fail({ id: 'robotCompile.notValidUnitName', params: { name } }, { id: 'input.nameChars' });
  const first = readForm(c, cat, null);
  const forms: FormDef[] = [first.form];
  let transform = TF_NONE;
  const tc = c.key('transform');
  if (!tc.missing) {
    tc.object(['kind', 'size', 'bonus', 'weapons', 'equipment', 'legs', 'hands'], ['kind']);
    transform = tc.key('kind').str({ oneOf: ['one-way', 'two-way'] }) === 'one-way' ? TF_ONE_WAY : TF_TWO_WAY;
    const second = readForm(tc, cat, first.form.size);
    if (second.bonusTotal !== first.bonusTotal) tc.key('bonus').fail({ id: 'robotCompile.transformedFormBonusPoints', params: { bonusTotal: second.bonusTotal, bonusTotal2: first.bonusTotal } }, { id: 'robotCompile.points', params: { n: first.bonusTotal } });
    forms.push(second.form);
  }
  let at: [number, number] | null = null;
  const ac = c.key('at');
  if (!ac.missing) {
    const xy = ac.list();
    if (xy.length !== 2) ac.fail({ id: 'robotCompile.expectedXY' }, { id: 'robotCompile.xYTableVariant' });
    at = [xy[0].num({ min: 0, max: table.width }), xy[1].num({ min: 0, max: table.height })];
  }
  return { name, cost: cat.base.unitCost + first.bonusTotal, forms, transform, at };
}

function readArmyUnits(c: Cursor, name: string, cat: Catalogue, table: TableDef, points: number): ArmyDef {
  const list = c.list({ min: 1 });
  if (list.length < 2 || list.length > MAX_SIDE) c.fail({ id: 'robotCompile.army2Units', params: { MAX_SIDE, listCount: list.length } }, { id: 'robotCompile.unitsRange', params: { max: MAX_SIDE } });
  const units = list.map((u, i) => readUnit(u, cat, i, table));
  const names = new Set<string>();
  units.forEach((u, i) => {
    if (names.has(u.name)) list[i].key('name').fail({ id: 'robotCompile.unitNameUsedTwice', params: { name: u.name } });
    names.add(u.name);
  });
  const cost = units.reduce((a, u) => a + u.cost, 0);
  if (cost > points) c.fail({ id: 'robotCompile.armyCostsPointsLimit', params: { cost, units: units.map((u) => `${u.name} ${u.cost}`).join(', '), points } }, { id: 'robotCompile.totalUnitCostsBonus', params: { points, unitCost: cat.base.unitCost } });
  const army = { name, units, cost };
  const problems = deploymentProblems(table, army, cat);
  if (problems.length > 0) c.fail(problems[0], { id: 'robotCompile.setTableDeploySpacing' });
  return army;
}

function readArmy(c: Cursor, named: Map<string, ArmyDef>, cat: Catalogue, table: TableDef, points: number, label: string): ArmyDef {
  if (c.missing) c.fail({ id: 'robotCompile.noArmy', params: { label } }, named.size > 0 ? { id: 'robotCompile.oneListUnits', params: { value: [...named.keys()].join(', ') } } : { id: 'robotCompile.listUnits' });
  if (typeof c.value === 'string') {
    const n = c.str({ oneOf: [...named.keys()] });
    return named.get(n)!;
  }
  return readArmyUnits(c, label, cat, table, points);
}

function readPolicy(c: Cursor, params: Cursor, policies: readonly RsPolicyInfo[]): { policy: string; policyParams: Record<string, number> } {
  const policy = c.str({ default: 'focus-fire', oneOf: policies.map((p) => p.id) });
  const info = policies.find((p) => p.id === policy)!;
  const out: Record<string, number> = {};
  params.missing || params.object(Object.keys(info.defaults));
  for (const [k, d] of Object.entries(info.defaults)) out[k] = params.key(k).num({ default: d.default, min: d.min, max: d.max });
  return { policy, policyParams: out };
}

/** The variant's value for `key` if set, else the shared section's. */
function pick(v: Cursor, shared: Cursor, key: string): Cursor {
  return v.key(key).missing ? shared.key(key) : v.key(key);
}

function readSide(v: Cursor, shared: Cursor, named: Map<string, ArmyDef>, cat: Catalogue, table: TableDef, points: number, label: string, policies: readonly RsPolicyInfo[]): SideDef {
  const armyC = pick(v, shared, 'army');
  const army = readArmy(armyC, named, cat, table, points, label);
  // policy_params belong with the policy they were written for.
  const polC = pick(v, shared, 'policy');
  const paramsC = !v.key('policy_params').missing ? v.key('policy_params') : !v.key('policy').missing ? v.key('policy_params') : shared.key('policy_params');
  return { army, ...readPolicy(polC, paramsC, policies) };
}

function readRulings(c: Cursor, base: RsRulings = defaultRsRulings()): RsRulings {
  const r = { ...base } as Record<string, string>;
  if (c.missing) return r as RsRulings;
  c.object(RS_RULINGS.map((d) => d.key));
  for (const d of RS_RULINGS) if (!c.key(d.key).missing) r[d.key] = c.key(d.key).str({ oneOf: d.options });
  return r as RsRulings;
}

function readHq(c: Cursor, table: TableDef): HqDef | null {
  if (c.missing || c.value === false) return null;
  c.object(['hp', 'defence', 'radius', 'at']);
  const radius = c.key('radius').num({ default: 4, min: 0.5, max: 50 });
  let x = table.width / 2, y = radius + 0.5;
  if (!c.key('at').missing) {
    const xy = c.key('at').list();
    if (xy.length !== 2) c.key('at').fail({ id: 'robotCompile.expectedXY' }, { id: 'robotCompile.xYSide0' });
    x = xy[0].num({ min: 0, max: table.width });
    y = xy[1].num({ min: 0, max: table.height });
  }
  return { hp: c.key('hp').num({ default: 10, min: 1, max: 999, int: true }), defence: c.key('defence').num({ default: 8, min: 0, max: 30, int: true }), radius, x, y };
}

function hqProblems(hq: HqDef, table: TableDef, army: ArmyDef, cat: Catalogue): string | null {
  if (hq.x < hq.radius || hq.y < hq.radius || hq.x > table.width - hq.radius || hq.y > table.height - hq.radius) return t('robotCompile.headquartersOffTable', { x: hq.x, y: hq.y });
  for (let side = 0; side < 2; side++) {
    // Units of side `side` against both headquarters.
    for (let i = 0; i < army.units.length; i++) {
      const u = army.units[i];
      let x = u.at ? u.at[0] : table.width / 2 + (i - (army.units.length - 1) / 2) * table.deploySpacing;
      let y = u.at ? u.at[1] : table.deployDepth;
      if (side === 1) {
        x = table.width - x;
        y = table.height - y;
      }
      for (let h = 0; h < 2; h++) {
        const hx = h === 0 ? hq.x : table.width - hq.x, hy = h === 0 ? hq.y : table.height - hq.y;
        if (Math.hypot(x - hx, y - hy) < hq.radius + cat.sizes[u.forms[0].size].radius) return t('robotCompile.unitOverlapsHeadquartersDeployment', { name: u.name });
      }
    }
  }
  return null;
}

/** The engine's `compile`. */
/** The engine's `compile`, for these policies (their ids and parameters are accepted). */
export function compileRobotSkirmish(root: Cursor, policies: readonly RsPolicyInfo[]): CompiledGame<RsGameDef, RsVariant> {
  root.object([...GENERIC_KEYS, ...ENGINE_KEYS]);
  const rulings = readRulings(root.key('rulings'));
  const { cat, changes } = readCatalogue(root.key('catalogue'));
  const table = readTable(root.key('table'));
  const points = root.key('army_points').num({ default: 10, min: 4, max: 100, int: true });
  const named = new Map<string, ArmyDef>();
  for (const [name, a] of root.key('armies').entries()) {
    if (!/^[A-Za-z0-9][A-Za-z0-9_.-]*$/.test(name)) a.fail({ id: 'robotCompile.notValidArmyName', params: { name } }, { id: 'input.nameChars' });
    named.set(name, readArmyUnits(a, name, cat, table, points));
  }
  const hq = readHq(root.key('headquarters'), table);
  const game: RsGameDef = {
    table,
    turnLimit: root.key('turn_limit').num({ default: 8, min: 1, max: 30, int: true }),
    armyPoints: points,
    hq,
    catalogue: cat,
    rulings,
    diceStreams: root.key('dice_streams').str({ default: 'sequential', oneOf: [...DICE_STREAMS] }) as DiceStreams,
  };
  const subject = root.key('subject');
  subject.missing || subject.object(SIDE_KEYS);
  const refC = root.key('reference');
  if (refC.missing) root.fail({ id: 'robotCompile.missingReferenceFixedOpponent' }, 'reference: { army, policy, policy_params }');
  refC.object(SIDE_KEYS, ['army']);
  const reference = readSide(refC, refC, named, cat, table, points, t('robotCompile.referenceSide'), policies);
  if (hq) {
    const p = hqProblems(hq, table, reference.army, cat);
    if (p) root.key('headquarters').fail(p);
  }
  const variants: CompiledVariant<RsVariant>[] = root.key('variants').list({ min: 1 }).map((v, i) => {
    v.object([...VARIANT_KEYS, ...SIDE_KEYS, 'rulings', 'reference']);
    const h = readVariantHeader(v, i);
    const vr = readRulings(v.key('rulings'), rulings);
    const side = readSide(v, subject, named, cat, table, points, t('robotCompile.variantLabel', { name: h.name }), policies);
    if (hq) {
      const p = hqProblems(hq, table, side.army, cat);
      if (p) v.fail(p);
    }
    // A variant's own opponent (e.g. the sides of a head-to-head swapped); the experiment's reference otherwise.
    const vRefC = v.key('reference');
    let ref = reference;
    if (!vRefC.missing) {
      vRefC.object(SIDE_KEYS);
      ref = readSide(vRefC, refC, named, cat, table, points, t('robotCompile.referenceSide'), policies);
      const p = hq ? hqProblems(hq, table, ref.army, cat) : null;
      if (p) vRefC.fail(p);
    }
    return { ...h, cost: side.army.cost, params: { subject: side, reference: ref, rulings: vr } };
  });
  const choices: RulingChoice[] = rulingChoices('rsRuling', RS_RULINGS, rulings);
  if (changes.length > 0) choices.push({ id: 'catalogue', choice: changes.join(', '), summary: t('rsRuling.catalogue', {}, 'en'), msg: { id: 'rsRuling.catalogue' } });
  return { game, variants, rulings: choices, costUnit: 'points' };
}
