/**
 * Scenario format (docs/scenarios/urban-assault.md), shared pieces: the allowed keys of each mapping (top level,
 * tiles, events, options, checks, combat modifiers, encounters, units, reactions), item and member ids, and the
 * context an effect list is read in. Used by the scenario-compile*.ts readers.
 */
import { Cursor } from '../../../sim/input/schema.js';
import type { Msg } from '../../../i18n/t.js';
import type { CompileNotice } from '../../../sim/core/types.js';
import { EQUIPMENT, EXPENDABLES, EXPENDABLE_ALIASES, ROLES } from '../catalogue/catalogue.js';
import { readCount } from '../combat/engagement-compile.js';
import type { CountExpr, EngagementDef } from '../config.js';
import type { CombatModifiers, EncounterExtra } from './scenario.js';

export const TOP_KEYS = ['scenario', 'title', 'source', 'core_version', 'recommended_level', 'map', 'progression', 'rules', 'operations', 'counters', 'triggers', 'items', 'members', 'laps', 'briefing', 'mid', 'final', 'tiles'];
export const TILE_KEYS = ['name', 'location', 'dark', 'tags', 'encounter', 'check', 'choice', 'trap', 'supply', 'nothing', 'after', 'event_id', 'logic_authority'];
/** The designer's v1.01 template names an event (`event_id`), a scenario rule (`rule_id`) and which text is authoritative for it. */
export const LOGIC_AUTHORITIES = ['ledger', 'prose', 'mixed'];

/**
 * Read the v1.01 template's anchors where the mapping has them (record-only: they tie the data to his prose and play
 * nothing): `event_id` / `rule_id` a name, `logic_authority` one of ledger, prose, mixed.
 */
export function readAnchors(c: Cursor): void {
  for (const k of ['event_id', 'rule_id']) if (!c.key(k).missing) c.key(k).str();
  if (!c.key('logic_authority').missing) c.key('logic_authority').str({ oneOf: LOGIC_AUTHORITIES });
}
export const EVENT_KEYS = ['encounter', 'check', 'choice', 'trap', 'supply', 'nothing'];
export const OPTION_KEYS = ['label', 'pay', 'requires_member', 'if', 'target', 'check', 'effects', 'success', 'failure', 'critical', 'fumble', 'roll', 'disarm'];
export const CHECK_KEYS = ['roll', 'target', 'mods', 'auto_success_with', 'auto_success_with_skill', 'skill_cost', 'everyone'];
export const COMBAT_KEYS = ['enemy_first_strike', 'squad_first_strike', 'first_round_defence_mod', 'first_round_attackers_cap',
  'first_round_enemy_attacks', 'defence_mod', 'enemy_attacks', 'first_round_attack_mod', 'first_defence_roll_mod', 'extra_enemies',
  'members_attacking_mod', 'target_no_attack_first_round', 'target_absent_first_round', 'attack_mod', 'first_attack_roll_mod', 'cancel_unit_mod',
  'leader_first_round_defence_mod', 'leader_first_defence_roll_mod', 'members_attacking_base'];
/** Keys of a tile's `encounter` read by engagement-compile.ts readEngagement (shared with experiment files). */
export const CORE_ENCOUNTER_KEYS = ['enemies', 'reaction', 'parity_targeting', 'first_round_defence_mod', 'enemy_first_strike',
  'attackers_per_round', 'extortion', 'negotiable', 'retreat_allowed', 'loot'];
/** Scenario-only encounter keys (EncounterExtra). */
export const EXTRA_ENCOUNTER_KEYS = ['squad_first_strike', 'attack_mod', 'first_round_attack_mod', 'defence_mod', 'first_round_enemy_attacks',
  'if_squad_first_strike', 'while_alive', 'reinforcements', 'market', 'if_wiped_out', 'round_zero_blast', 'round_zero_use',
  'advantage_attack_mod', 'members_defence_mod', 'members_defence_count', 'ends_after_round', 'ends_when_down', 'withdraw_on', 'on_capture',
  'variations', 'withdraw', 'retreat_check', 'first_attack_roll_mod', 'first_defence_roll_mod', 'sniper_outside_cap'];
export const VARIATION_KEYS = ['if', 'enemies', 'add', 'remove', 'enemy_first_strike', 'squad_first_strike', 'screen_off', 'untargetable', 'no_unit_mod'];
export const CORE_UNIT_KEYS = ['name', 'kind', 'count', 'level', 'life', 'attacks', 'attack_mod', 'attack_mod_kind', 'armoured', 'gun_armed', 'screened_by', 'screen_exempt', 'immune', 'unmanned'];
export const EXTRA_UNIT_KEYS = ['round_attacks', 'wounded', 'led_by', 'leaderless_level', 'location', 'hit_by_parity', 'fumble_damage', 'splash', 'absent', 'hit_target'];
export const REACTION_ENTRY_KEYS = ['reaction', 'next_combat', 'effects', 'pass', 'market'];
export const ROUND_MOD_KEYS = ['attack_mod', 'first_round_attack_mod', 'defence_mod', 'first_round_defence_mod', 'first_round_enemy_attacks'];
export const MARKET_IDS = [...EXPENDABLES, ...Object.keys(EXPENDABLE_ALIASES), ...Object.keys(EQUIPMENT)];
export const ITEM_IDS = [...EXPENDABLES, ...Object.keys(EXPENDABLE_ALIASES)];
/** A fixed count (no dice). */
export const FIXED = (n: number): CountExpr => ({ n: 0, sides: 6, bonus: n });

/** A catalogue expendable id (or alias) → its index. */
export function itemIndex(c: Cursor): number {
  const id = c.str({ oneOf: ITEM_IDS });
  return EXPENDABLES.indexOf((EXPENDABLE_ALIASES[id] ?? id) as (typeof EXPENDABLES)[number]);
}

/** A member role id → its index. */
export function roleIndex(c: Cursor): number {
  return ROLES.indexOf(c.str({ oneOf: ROLES }) as (typeof ROLES)[number]);
}

/** What an effect list may refer to: the tile, the scenario's own items, the option's target member. */
export interface Ctx {
  readonly name: string;
  readonly indoor: boolean;
  /** The tile is `location: both` (UA-R144). */
  readonly alsoOutdoor?: boolean;
  readonly dark: boolean;
  /** Scenario item ids (`items:`), for `scenario_item`. */
  readonly items: readonly string[];
  /** The option has `target: hit_table` (member_damage, target_* allowed). */
  readonly targeted: boolean;
  /** The scenario's counters (`counters:`; `info` always), for `counter` effects and `if` conditions. */
  readonly counters: readonly string[];
  /** Set when an effect or condition refers to a counter (index), so the counter is reported (UA-R95). */
  readonly used: boolean[];
  /** Set when an effect is goto_final (UA-R101); every enemy unit name and every reference to one, checked at the end. */
  readonly flags: Book;
  /**
   * The `encounter:` reader (scenario/compile-encounter.ts), for `encounter` effects. Passed in rather than imported:
   * effects and encounters nest both ways, and the source files keep no runtime import circle.
   */
  readonly readEncounter: EncounterReader;
}

/** Reads a tile's or an effect's `encounter:` mapping. */
export type EncounterReader = (c: Cursor, ctx: Ctx, retreatAllowed: boolean) => { engagement: EngagementDef; extra: EncounterExtra | null };

/** A counter condition as read, checked against the counter's reachable values once the whole scenario is read. */
export interface CounterCond {
  readonly at: Cursor;
  readonly counter: number;
  readonly lo: number;
  readonly hi: number;
}

/** A warning found while compiling (the scenario is valid; the text likely says what the designer did not mean). */
export interface CompileWarning {
  readonly at: Cursor;
  readonly msg: Msg;
}

/** A warning as a file/line notice (what an experiment's compiled game carries, and what validate prints). */
export function noticeOf(w: CompileWarning): CompileNotice {
  const line = w.at.source.lineOf(w.at.parts);
  return { file: w.at.source.file, ...(line !== undefined ? { line } : {}), path: w.at.path, msg: w.msg };
}

/**
 * What the whole scenario collects while it is read: a goto_final seen, unit names, references to unit names,
 * counter conditions and the counters some effect moves (issue 28 item 8), and warnings.
 */
export interface Book {
  goto: boolean;
  readonly units: Set<string>;
  /** The most negative `attack_mod` of the units of each name (cover/armour), for a cancel's worth. */
  readonly unitAttackMods: Map<string, number>;
  /** The `next_combat` modifiers that cancel a unit's attack_mod: their worth is filled in once every encounter is read. */
  readonly cancels: CombatModifiers[];
  readonly refs: Cursor[];
  readonly conds: CounterCond[];
  /** Counter indices an effect adds to or sets. */
  readonly moved: Set<number>;
  readonly warnings: CompileWarning[];
}

/** An empty Book. */
export function newBook(): Book {
  return { goto: false, units: new Set(), unitAttackMods: new Map(), cancels: [], refs: [], conds: [], moved: new Set(), warnings: [] };
}

/** The names a tile may refer to: the scenario's own items and its counters. */
export interface Names {
  readonly items: readonly string[];
  readonly counters: readonly string[];
  readonly used: boolean[];
  readonly flags: Book;
}

/** An enemy-count change: an integer (may be negative), or dice (added). */
export function readSignedCount(c: Cursor): CountExpr {
  return typeof c.value === 'number' ? FIXED(c.num({ min: -20, max: 20, int: true })) : readCount(c);
}

export const NEEDS_TARGET = 'add `target: hit_table` to the option (a member picked by the hit table)';

/** A copy of a mapping without some keys (so readEngagement sees only its own keys; paths and lines stay). */
export function without(v: unknown, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v as Record<string, unknown>)) if (!keys.includes(k)) out[k] = x;
  return out;
}
