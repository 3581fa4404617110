/**
 * Reading URBAN ASSAULT rulesets (ruleset.ts) from YAML: the shipped files (`rulesets/urban-assault/<version>.yaml`,
 * complete), a designer's file (`base: <version>` plus the entries that differ) and an experiment's or a variant's
 * `catalogue:` overrides. New weapons, armour, shields, equipment, expendables and member roles may be added
 * (every field required): an added expendable names the fixed one whose procedure plays it (`use_as`), an added
 * member role its 被弾テーブル number (`hit_table`) and is played as a member without special abilities. Every
 * error names file, line and path (Cursor.fail) with the allowed values.
 */
import { Cursor, Source } from '../../../sim/input/schema.js';
import { packageRoot } from '../../../sim/input/package-root.js';
import { platform } from '../../../sim/core/platform.js';
import { MAX_AMOUNT, MAX_DICE, MAX_INPUT_FILE_BYTES } from '../../../sim/input/limits.js';
import { getOwn } from '../../../sim/input/yaml-data.js';
import { readBoundedFile, resolveScenarioPath } from '../../../sim/input/scenario-path.js';
import { EXPENDABLES, EXPENDABLE_ALIASES, MAX_ADDED_EXPENDABLES, MAX_MEMBER_TYPES, ROLES, type ArmourDef, type Catalogue, type EquipmentDef, type MemberTypeDef, type RoleDef, type ShieldDef, type WeaponDef, ROLE_DEFS } from './catalogue.js';
import type { CountExpr } from '../combat/engagement.js';
import { UA_RULINGS } from './rulings.js';
import { DEFAULT_VERSION, PROCEDURES, RULE_VERSIONS, type Economy, type LootFace, type ProcedureKey, type RuleVersion, type UaRules } from './ruleset.js';

type FieldKind = 'int' | 'bool' | 'str';
/** YAML field → [property, kind] of one catalogue section. */
type Fields = Readonly<Record<string, readonly [string, FieldKind]>>;

const WEAPON_FIELDS: Fields = {
  ja: ['ja', 'str'], cost: ['cost', 'int'], shots: ['shots', 'int'], attack_mod: ['attackMod', 'int'], extra_ammo: ['extraAmmo', 'int'],
  one_handed_mod: ['oneHandedMod', 'int'], one_handed_mod_wounded: ['oneHandedModWounded', 'int'], outdoor_mod: ['outdoorMod', 'int'],
  odd_chooses_target: ['oddChoosesTarget', 'bool'], two_handed: ['twoHanded', 'bool'], magazines_per_shot: ['magsPerShot', 'int'],
  damage: ['damage', 'int'], armoured_damage: ['armouredDamage', 'int'], reload_rounds: ['reloadRounds', 'int'], carry_slots: ['slots', 'int'],
};
const ARMOUR_FIELDS: Fields = {
  ja: ['ja', 'str'], cost: ['cost', 'int'], life: ['life', 'int'], defence: ['defence', 'int'], attack: ['attack', 'int'], detect: ['detect', 'int'],
  blast_reduction: ['blastReduction', 'int'], initiative: ['initiative', 'int'], reaction: ['reaction', 'int'],
};
const SHIELD_FIELDS: Fields = { ja: ['ja', 'str'], cost: ['cost', 'int'], life: ['life', 'int'], defence_vs_shooting: ['defenceVsShooting', 'int'] };
const EXPENDABLE_FIELDS: Fields = { ja: ['ja', 'str'], cost: ['cost', 'int'], max_carried: ['maxCarried', 'int'] };
/** Fields of an added expendable only: the fixed expendable whose procedure plays it. */
const ADDED_EXPENDABLE_FIELDS: Fields = { use_as: ['useAs', 'str'] };
const EQUIPMENT_FIELDS: Fields = {
  ja: ['ja', 'str'], cost: ['cost', 'int'], attachment: ['attachment', 'bool'], attack: ['attack', 'int'], indoor_attack: ['indoorAttack', 'int'],
  first_strike_attack: ['firstStrikeAttack', 'int'],
};
const MEMBER_FIELDS: Fields = { ja: ['ja', 'str'], cost: ['cost', 'int'], skill: ['skill', 'int'], shots: ['shots', 'int'], life: ['life', 'int'], carry: ['carry', 'int'] };
/** Fields of an added member role only (its fixed traits; the fixed roles' are their procedures): 被弾テーブル number, reaction modifier. */
const ADDED_MEMBER_FIELDS: Fields = { hit_table: ['hitTable', 'int'], reaction_mod: ['reactionMod', 'int'] };
/** Fields an added entry may leave out (ja defaults to the id). */
const OPTIONAL_NEW = new Set(['ja', 'reaction_mod', 'carry']);

const ECONOMY_FIELDS = ['currency', 'starting_gunpyo', 'magazine_to_gunpyo', 'sell_currency', 'special_exchange', 'special_exchange_currency'];
const CURRENCIES = ['magazines', 'gunpyo'];
const C4_FIELDS = ['combat_soldiers', 'combat_high_threat'];
/** The sections of a ruleset (and of a `catalogue:` override). */
export const RULESET_SECTIONS = ['economy', 'loot_table', 'c4', 'procedures', 'weapons', 'armour', 'shields', 'expendables', 'equipment', 'members'];
/**
 * Sections a ruleset file may give and an older one leaves out (issue 40): the version's ruling defaults
 * (`rulings:`, the designer's recorded decisions) and the special equipment's numbers (`special_equipment:`).
 */
export const OPTIONAL_SECTIONS = ['rulings', 'special_equipment'];

/** A mutable working copy while reading. */
interface Draft {
  weapons: Record<string, WeaponDef>;
  armours: Record<string, ArmourDef>;
  shields: Record<string, ShieldDef>;
  expendables: Record<string, { ja: string; cost: number; maxCarried: number; useAs?: string }>;
  equipment: Record<string, EquipmentDef>;
  /** The fixed roles (RoleDef) and added ones (id, ja, cost, skill, shots, life, hitTable, reactionMod). */
  members: Record<string, RoleDef | AddedRole>;
  economy: Economy;
  loot: LootFace[];
  c4: { combatSoldiers: number; combatHighThreat: number };
  procedures: Record<string, string>;
  rulingDefaults: Record<string, string>;
  /** The tactical scanner's uses (0: 1d6 when found). */
  scannerUses: number;
}

/** An added member role while reading. */
interface AddedRole { id: string; ja: string; cost: number; skill: number; shots: number; life: number; hitTable: number; reactionMod: number }

/** The ranges of the added entries' own fields (read as plain integers / strings first). */
function checkAdded(section: string, e: Cursor): void {
  if (section === 'members') {
    if (!e.key('skill').missing) e.key('skill').num({ min: 0, max: 6, int: true });
    if (!e.key('shots').missing) e.key('shots').num({ min: 0, max: 5, int: true });
    if (!e.key('hit_table').missing) e.key('hit_table').num({ min: 1, max: 6, int: true });
    if (!e.key('reaction_mod').missing) e.key('reaction_mod').num({ min: -3, max: 3, int: true });
    if (!e.key('life').missing && !(Number.isInteger(e.key('life').value) && (e.key('life').value as number) >= 1 && (e.key('life').value as number) <= 9)) e.key('life').fail({ id: 'uaadd.memberLife' }, '1…9');
    // 持ち物上限 + n (§28 ポーター, K9) is the fixed roles' ability; an added role is a member without abilities (UA-V24).
    if (!e.key('carry').missing) e.key('carry').fail({ id: 'uaver.carryFixedOnly' }, 'k9, porter');
  } else if (section === 'expendables' && !e.key('use_as').missing) e.key('use_as').str({ oneOf: EXPENDABLES });
}

/**
 * The range of each integer field, on the rules' scale (issue 39 item 5): costs ≥ 0, modifiers of a d6 roll within
 * ±6, counts within what a squad carries or rolls, skills within the rules' limits. A value outside is refused with
 * file:line; a designer who means it writes `{ value: N, beyond_limit: true }`, which admits any integer within
 * {@link BEYOND_LIMIT} (docs/rules/urban-assault.md, "Catalogue ranges").
 */
export const FIELD_RANGES: Readonly<Record<string, readonly [number, number]>> = {
  cost: [0, 999], shots: [0, 6], attack_mod: [-6, 6], extra_ammo: [0, 99], one_handed_mod: [-6, 6], one_handed_mod_wounded: [-6, 6],
  outdoor_mod: [-6, 6], magazines_per_shot: [0, 10], damage: [0, 10], armoured_damage: [0, 10], reload_rounds: [0, 10], carry_slots: [0, 10],
  life: [0, 9], defence: [-6, 6], attack: [-6, 6], detect: [-6, 6], blast_reduction: [0, 6], initiative: [-6, 6], reaction: [-6, 6],
  defence_vs_shooting: [-6, 6], max_carried: [0, 99], indoor_attack: [-6, 6], first_strike_attack: [-6, 6], skill: [0, 6], carry: [0, 10],
  hit_table: [1, 6], reaction_mod: [-3, 3],
};

/** What `beyond_limit: true` admits: still integers a game can play in bounded time. */
export const BEYOND_LIMIT: readonly [number, number] = [-99, 999];

function fieldValue(c: Cursor, kind: FieldKind, field: string): string | number | boolean {
  if (kind === 'bool') return c.bool();
  if (kind === 'str') return c.str();
  const [min, max] = FIELD_RANGES[field] ?? [-20, 999];
  const allowed = { id: 'hostile.rangeAllowed', params: { min, max, lo: BEYOND_LIMIT[0], hi: BEYOND_LIMIT[1] } } as const;
  if (c.value !== null && typeof c.value === 'object' && !Array.isArray(c.value)) {
    // `{ value: N, beyond_limit: true }`: the designer raises the range of this one value on purpose.
    c.object(['value', 'beyond_limit'], ['value', 'beyond_limit']);
    if (c.key('beyond_limit').bool() !== true) c.key('beyond_limit').fail({ id: 'hostile.beyondLimitTrue' }, 'true');
    return c.key('value').num({ min: BEYOND_LIMIT[0], max: BEYOND_LIMIT[1], int: true });
  }
  const v = c.num({ int: true });
  if (v < min || v > max) c.fail({ id: 'hostile.outOfRange', params: { field, value: v, min, max } }, allowed);
  return v;
}

/**
 * Override the fields of the entries listed under section `c` (`{ id: { field: value } }`). An id not in `table`
 * is a new entry when `open` (every field but `ja` required, `ja` defaults to the id), else an error. `added` are
 * fields of added entries only (required on a new one unless optional); on a fixed entry (`fixed`) they are refused.
 */
function readEntries<T extends object>(
  c: Cursor, section: string, table: Record<string, T>, fields: Fields, open: boolean, changes: string[], make: (id: string) => T,
  added: Fields = {}, fixed: readonly string[] = [],
): void {
  const all: Fields = { ...fields, ...added };
  for (const [id, e] of c.entries()) {
    e.object(Object.keys(all));
    const isFixed = fixed.includes(id);
    if (isFixed) for (const k of Object.keys(added)) if (!e.key(k).missing) e.key(k).fail({ id: 'uaadd.fixedOnlyField', params: { field: k, section, id } }, Object.keys(fields).join(', '));
    let entry = getOwn(table, id) as Record<string, unknown> | undefined; // never an inherited `toString` (issue 29)
    if (!entry) {
      if (!open) e.fail({ id: 'uaver.unknownEntry', params: { section, id } }, Object.keys(table).join(', '));
      for (const k of Object.keys(all)) if (!OPTIONAL_NEW.has(k) && e.key(k).missing) e.fail({ id: 'uaver.newEntryMissing', params: { section, id, field: k } }, Object.keys(all).join(', '));
      entry = { ...make(id) } as Record<string, unknown>;
      table[id] = entry as T;
      changes.push(`${section}.${id} added`);
    } else {
      entry = { ...entry };
      table[id] = entry as T;
    }
    if (!isFixed) checkAdded(section, e);
    for (const [k, [prop, kind]] of Object.entries(all)) {
      if (e.key(k).missing) continue;
      const v = fieldValue(e.key(k), kind, k);
      entry[prop] = v;
      if (k !== 'ja') changes.push(`${section}.${id}.${k}=${v}`);
    }
  }
}

/** A loot amount: `3`, `1d6`, `1d3+1`, `1d6*1d6`, `2d6*5`. */
function readAmount(c: Cursor): { expr: CountExpr; times: CountExpr | null } {
  const raw = typeof c.value === 'number' ? String(c.num({ min: 0, max: 999, int: true })) : c.str();
  const parts = raw.replace(/\s+/g, '').split('*');
  // Bounded when read (issue 39 item 1): at most MAX_DICE dice, each number at most MAX_AMOUNT.
  const allowed = { id: 'hostile.amountAllowed', params: { dice: MAX_DICE, max: MAX_AMOUNT } } as const;
  const one = (s: string): CountExpr => {
    const m = /^(?:(\d{1,12})|(\d{0,12})d(3|6)(?:\+(\d{1,12}))?)$/.exec(s);
    if (!m) return c.fail({ id: 'uaver.badExpr', params: { value: raw } }, allowed);
    const fixed = m[1] !== undefined ? Number(m[1]) : null;
    const n = fixed !== null ? 0 : m[2] ? Number(m[2]) : 1;
    const bonus = fixed ?? (m[4] ? Number(m[4]) : 0);
    if (fixed === null && (n < 1 || n > MAX_DICE)) c.fail({ id: 'hostile.tooManyDice', params: { value: raw, n, max: MAX_DICE } }, allowed);
    if (bonus > MAX_AMOUNT) c.fail({ id: 'hostile.amountTooLarge', params: { value: raw, n: bonus, max: MAX_AMOUNT } }, allowed);
    return { n, sides: fixed !== null ? 6 : Number(m[3]), bonus };
  };
  if (parts.length > 2) c.fail({ id: 'uaver.badExpr', params: { value: raw } }, { id: 'hostile.amountAllowed', params: { dice: MAX_DICE, max: MAX_AMOUNT } });
  return { expr: one(parts[0]), times: parts.length === 2 ? one(parts[1]) : null };
}

function readLoot(c: Cursor, loot: LootFace[], changes: string[]): void {
  for (const [k, e] of c.entries()) {
    if (!/^[1-6]$/.test(k)) e.fail({ id: 'input.unknownKey', params: { key: k } }, '1, 2, 3, 4, 5, 6');
    e.object(['magazines', 'gunpyo', 'min']);
    const mag = e.key('magazines'), gun = e.key('gunpyo');
    if (mag.missing === gun.missing) e.fail({ id: 'uaver.lootFace' }, 'magazines, gunpyo');
    const { expr, times } = readAmount(mag.missing ? gun : mag);
    const min = e.key('min').num({ default: 0, min: 0, max: 999, int: true });
    loot[Number(k) - 1] = { gives: mag.missing ? 'gunpyo' : 'magazines', expr, times, min };
    changes.push(`loot_table.${k}=${JSON.stringify(e.value)}`);
  }
}

/** Apply every section of `c` (a ruleset file body or a `catalogue:` override) to the draft. */
function applySections(c: Cursor, d: Draft, changes: string[], extraKeys: readonly string[], file = true): void {
  // A version's ruling defaults belong to its file; an experiment sets rulings under its own `rulings:`.
  c.object([...extraKeys, ...RULESET_SECTIONS, ...OPTIONAL_SECTIONS.filter((k) => file || k !== 'rulings')]);
  readEntries(c.key('weapons'), 'weapons', d.weapons, WEAPON_FIELDS, true, changes, (id) => ({ id, ja: id } as unknown as WeaponDef));
  readEntries(c.key('armour'), 'armour', d.armours, ARMOUR_FIELDS, true, changes, (id) => ({ id, ja: id } as unknown as ArmourDef));
  readEntries(c.key('shields'), 'shields', d.shields, SHIELD_FIELDS, true, changes, (id) => ({ id, ja: id } as unknown as ShieldDef));
  readEntries(c.key('expendables'), 'expendables', d.expendables, EXPENDABLE_FIELDS, true, changes, (id) => ({ ja: id, cost: 0, maxCarried: 0 }), ADDED_EXPENDABLE_FIELDS, EXPENDABLES);
  readEntries(c.key('equipment'), 'equipment', d.equipment, EQUIPMENT_FIELDS, true, changes, (id) => ({ ja: id } as unknown as EquipmentDef));
  readEntries(c.key('members'), 'members', d.members, MEMBER_FIELDS, true, changes, (id) => ({ id, ja: id, reactionMod: 0 }) as AddedRole, ADDED_MEMBER_FIELDS, ROLES);
  checkAddedIds(c, d);
  const eco = c.key('economy');
  if (!eco.missing) {
    eco.object(ECONOMY_FIELDS);
    const e = { ...d.economy } as Record<string, unknown>;
    const props: Record<string, string> = { currency: 'currency', starting_gunpyo: 'startingGunpyo', magazine_to_gunpyo: 'magazineToGunpyo', sell_currency: 'sellCurrency', special_exchange: 'specialExchange', special_exchange_currency: 'specialExchangeCurrency' };
    for (const k of ECONOMY_FIELDS) {
      const f = eco.key(k);
      if (f.missing) continue;
      const v = k.endsWith('currency') ? f.str({ oneOf: CURRENCIES }) : f.num({ min: 0, max: 999, int: true });
      e[props[k]] = v;
      changes.push(`economy.${k}=${v}`);
    }
    d.economy = e as unknown as Economy;
  }
  readLoot(c.key('loot_table'), d.loot, changes);
  const c4 = c.key('c4');
  if (!c4.missing) {
    c4.object(C4_FIELDS);
    if (!c4.key('combat_soldiers').missing) d.c4 = { ...d.c4, combatSoldiers: c4.key('combat_soldiers').num({ min: 0, max: 20, int: true }) };
    if (!c4.key('combat_high_threat').missing) d.c4 = { ...d.c4, combatHighThreat: c4.key('combat_high_threat').num({ min: 0, max: 20, int: true }) };
    changes.push(`c4=${JSON.stringify(c4.value)}`);
  }
  const pr = c.key('procedures');
  if (!pr.missing) {
    pr.object(Object.keys(PROCEDURES));
    for (const k of Object.keys(PROCEDURES) as ProcedureKey[]) {
      if (pr.key(k).missing) continue;
      d.procedures[k] = pr.key(k).str({ oneOf: PROCEDURES[k] });
      changes.push(`procedures.${k}=${d.procedures[k]}`);
    }
  }
  const ru = c.key('rulings');
  if (!ru.missing) {
    ru.object(UA_RULINGS.map((r) => r.key));
    for (const r of UA_RULINGS) {
      if (ru.key(r.key).missing) continue;
      d.rulingDefaults[r.key] = ru.key(r.key).str({ oneOf: r.options });
      changes.push(`rulings.${r.key}=${d.rulingDefaults[r.key]}`);
    }
  }
  const sp = c.key('special_equipment');
  if (!sp.missing) {
    sp.object(['tactical_scanner']);
    const sc = sp.key('tactical_scanner');
    sc.object(['uses'], ['uses']);
    d.scannerUses = sc.key('uses').num({ min: 0, max: 6, int: true });
    changes.push(`special_equipment.tactical_scanner.uses=${d.scannerUses}`);
  }
}

function toDraft(r: UaRules): Draft {
  const cat = r.catalogue;
  return {
    weapons: { ...cat.weapons },
    armours: { ...cat.armours },
    shields: { ...cat.shields },
    expendables: Object.fromEntries(cat.expendableList.map((e) => [e.id, { ja: e.ja, cost: cat.expendableCosts[e.id], maxCarried: cat.expendableMax[e.id], ...(e.useAs === EXPENDABLES.indexOf(e.id as (typeof EXPENDABLES)[number]) ? {} : { useAs: EXPENDABLES[e.useAs] }) }])),
    equipment: { ...cat.equipment },
    members: Object.fromEntries([
      ...cat.roles.map((m) => [m.id, m] as const),
      ...cat.extraRoles.map((m) => [m.id, { id: m.id, ja: m.name, cost: m.cost, skill: m.skill, shots: m.shots, life: m.life, hitTable: m.hitTable, reactionMod: m.reactionMod }] as const),
    ]),
    economy: r.economy,
    loot: [...r.loot],
    c4: r.c4,
    procedures: { ...r.procedures },
    rulingDefaults: { ...(r.rulingDefaults ?? {}) },
    scannerUses: r.scannerUses ?? 0,
  };
}

function fromDraft(d: Draft, version: string, base: RuleVersion, title: string): UaRules {
  const catalogue: Catalogue = {
    weapons: d.weapons,
    armours: d.armours,
    shields: d.shields,
    expendableCosts: Object.fromEntries(Object.entries(d.expendables).map(([e, v]) => [e, v.cost])),
    expendableMax: Object.fromEntries(Object.entries(d.expendables).map(([e, v]) => [e, v.maxCarried])),
    // The fixed five first (state order), then the added ones in file order.
    expendableList: [...EXPENDABLES, ...Object.keys(d.expendables).filter((e) => !isFixedExpendable(e))].map((id, i) => ({
      id, ja: d.expendables[id].ja, useAs: i < EXPENDABLES.length ? i : EXPENDABLES.indexOf(d.expendables[id].useAs as (typeof EXPENDABLES)[number]),
    })),
    equipmentCosts: Object.fromEntries(Object.entries(d.equipment).map(([k, v]) => [k, v.cost])),
    equipment: d.equipment,
    roles: ROLES.map((r) => d.members[r] as RoleDef),
    extraRoles: Object.values(d.members).filter((m) => !(ROLES as readonly string[]).includes(m.id)).map((m): MemberTypeDef => {
      const a = m as AddedRole;
      return { id: a.id, name: a.ja, cost: a.cost, skill: a.skill, life: a.life, shots: a.shots, hitTable: a.hitTable, reactionMod: a.reactionMod, fromLap: 1 };
    }),
  };
  // Present only when set, so the compiled JSON of the older versions stays as it was.
  return {
    version, base, title, catalogue, economy: d.economy, loot: d.loot, c4: d.c4, procedures: d.procedures as unknown as UaRules['procedures'],
    ...(Object.keys(d.rulingDefaults).length > 0 ? { rulingDefaults: d.rulingDefaults } : {}),
    ...(d.scannerUses > 0 ? { scannerUses: d.scannerUses } : {}),
  };
}

function isFixedExpendable(id: string): boolean {
  return (EXPENDABLES as readonly string[]).includes(id);
}

/** Added expendables and member roles: within the state's room, and ids no other section (or alias) uses. */
function checkAddedIds(c: Cursor, d: Draft): void {
  const addedExp = Object.keys(d.expendables).filter((e) => !isFixedExpendable(e));
  const addedRoles = Object.keys(d.members).filter((m) => !(ROLES as readonly string[]).includes(m));
  if (addedExp.length > MAX_ADDED_EXPENDABLES) c.key('expendables').fail({ id: 'uaadd.tooManyExpendables', params: { n: addedExp.length, max: MAX_ADDED_EXPENDABLES } });
  if (addedRoles.length > MAX_MEMBER_TYPES) c.key('members').fail({ id: 'uaadd.tooManyMemberTypes', params: { n: addedRoles.length, names: addedRoles.join(', '), max: MAX_MEMBER_TYPES } });
  const others: [string, readonly string[]][] = [
    ['weapons', Object.keys(d.weapons)], ['armour', Object.keys(d.armours)], ['shields', Object.keys(d.shields)], ['equipment', Object.keys(d.equipment)],
    ['expendables', [...Object.keys(d.expendables), ...Object.keys(EXPENDABLE_ALIASES)]], ['members', Object.keys(d.members)],
  ];
  for (const [section, ids] of [['expendables', addedExp], ['members', addedRoles]] as const) {
    for (const id of ids) {
      const clash = others.find(([o, list]) => o !== section && list.includes(id));
      if (clash && !c.key(section).key(id).missing) c.key(section).key(id).fail({ id: 'uaadd.idTaken', params: { id, other: clash[0] } });
    }
  }
}

/** An empty draft for a complete (shipped) ruleset; member roles keep their fixed traits (combatant, hit table …). */
function emptyDraft(): Draft {
  return {
    weapons: {}, armours: {}, shields: {}, equipment: {},
    expendables: Object.fromEntries(EXPENDABLES.map((e) => [e, { ja: e, cost: -1, maxCarried: -1 }])),
    members: Object.fromEntries(ROLE_DEFS.map((m) => [m.id, { ...m, cost: -1 }])),
    economy: null as unknown as Economy, loot: [], c4: null as unknown as Draft['c4'], procedures: {}, rulingDefaults: {}, scannerUses: 0,
  };
}

/** Read a shipped (complete) ruleset file: every section and every fixed entry present (exported for the fuzz test). */
export function readComplete(src: Source): UaRules {
  const root = src.root();
  const d = emptyDraft();
  const changes: string[] = [];
  root.object(['ruleset', 'title', ...RULESET_SECTIONS, ...OPTIONAL_SECTIONS], ['ruleset', 'title', ...RULESET_SECTIONS]);
  const version = root.key('ruleset').str({ oneOf: RULE_VERSIONS }) as RuleVersion;
  root.key('economy').object(ECONOMY_FIELDS, ECONOMY_FIELDS);
  root.key('c4').object(C4_FIELDS, C4_FIELDS);
  root.key('procedures').object(Object.keys(PROCEDURES), Object.keys(PROCEDURES));
  d.economy = {} as Economy;
  d.c4 = { combatSoldiers: 0, combatHighThreat: 0 };
  applySections(root, d, changes, ['ruleset', 'title']);
  for (let f = 0; f < 6; f++) if (!d.loot[f]) root.key('loot_table').fail({ id: 'uaver.missingEntry', params: { section: 'loot_table', id: String(f + 1) } }, '1, 2, 3, 4, 5, 6');
  for (const e of EXPENDABLES) if (d.expendables[e].cost < 0) root.key('expendables').fail({ id: 'uaver.missingEntry', params: { section: 'expendables', id: e } }, EXPENDABLES.join(', '));
  for (const m of ROLES) if (d.members[m].cost < 0) root.key('members').fail({ id: 'uaver.missingEntry', params: { section: 'members', id: m } }, ROLES.join(', '));
  return fromDraft(d, version, version, root.key('title').str());
}

const shipped = new Map<string, UaRules>();

/** The shipped ruleset of `version` (read once per process). */
export function shippedRules(version: RuleVersion = DEFAULT_VERSION): UaRules {
  let r = shipped.get(version);
  if (!r) {
    r = readComplete(Source.load(platform().path.join(packageRoot(), 'rulesets', 'urban-assault', `${version}.yaml`)));
    shipped.set(version, r);
  }
  return r;
}

/** A designer's ruleset file: `base: <version>`, an optional `title:`, then the sections that differ. */
function readDesignerFile(src: Source, file: string): UaRules {
  const root = src.root();
  root.object(['base', 'title', ...RULESET_SECTIONS, ...OPTIONAL_SECTIONS]);
  if (root.key('base').missing) root.fail({ id: 'uaver.rulesetBase' }, RULE_VERSIONS.join(', '));
  const base = root.key('base').str({ oneOf: RULE_VERSIONS }) as RuleVersion;
  const b = shippedRules(base);
  const d = toDraft(b);
  applySections(root, d, [], ['base', 'title']);
  const name = file.split('/').pop()!;
  return fromDraft(d, `${name} (base ${base})`, base, root.key('title').str({ default: `${b.title}, changed by ${name}` }));
}

/**
 * The ruleset a `rules:` value names: a shipped version, or a designer's ruleset file (path relative to the
 * experiment file). Unknown → file:line error listing the versions.
 */
export function readRulesRef(c: Cursor): UaRules {
  if (c.missing) return shippedRules(DEFAULT_VERSION);
  const v = c.str();
  if ((RULE_VERSIONS as readonly string[]).includes(v)) return shippedRules(v as RuleVersion);
  if (!v.endsWith('.yaml') && !v.endsWith('.yml')) c.fail({ id: 'uaver.unknownVersion', params: { value: v } }, RULE_VERSIONS.join(', ') + ', <file>.yaml');
  // The file is read under the same confinement as a scenario file (the experiment's folder, its scenarios/, the roots).
  const at = { file: c.source.file, line: c.source.lineOf(c.parts), path: c.path };
  const file = resolveScenarioPath(v, { ...c.source.access, ...at, game: 'urban-assault', kind: 'rules' });
  return readDesignerFile(Source.parse(file, readBoundedFile(file, MAX_INPUT_FILE_BYTES, at), c.source.access), file);
}

/** `rules` with an experiment's or variant's `catalogue:` overrides applied; `changes` lists them (`section.id.field=value`). */
export function overrideRules(rules: UaRules, c: Cursor, changes: string[]): UaRules {
  if (c.missing) return rules;
  const d = toDraft(rules);
  applySections(c, d, changes, [], false);
  return fromDraft(d, rules.version, rules.base, rules.title);
}
