/**
 * An operation's (作戦) state and outputs: the rate/value indices, the places a leader can fall at, counter
 * breakdowns (UA-R95), and the fields carried across the tiles of one operation (§43–§44).
 *
 * One layer of the operation's class chain (game.ts → operation-base → operation-effects → operation-tiles →
 * operation.ts): each file adds one rule area.
 */
import type { UaPolicy } from '../decisions.js';
import { N_ROLES } from '../catalogue/catalogue.js';
import type { GauntletDef, OperationDef, SquadDef } from '../config.js';
import { UaGame } from '../combat/game.js';
import type { RulingSettings } from '../catalogue/rulings.js';
import {
  T_ROUND_START, E_KILL_ENEMIES, type TriggerDef, type EffectDef, type ScenarioDef,
  type TileDef,
} from '../scenario/scenario.js';
import { FrameworkTally } from './framework-metrics.js';
import { AuditTally, PLACE_FINAL, PLACE_MID, PLACE_RANDOM } from './audit-measures.js';

/** Outcome of one tile. */
export const TILE_DONE = 0, TILE_FLED = 1, TILE_DOWN = 2, TILE_STALLED = 3;

/** Operation rates: clear, leader survived, fled at least once, stalled; then one "leader fell at" rate per place. */
export const OP_RATE_WIN = 0, OP_RATE_SURVIVED = 1, OP_RATE_FLED = 2, OP_RATE_STALLED = 3, OP_RATE_FELL = 4;
/** Operation values. */
export const OP_VAL_MAG_SPENT = 0, OP_VAL_MAG_LEFT = 1, OP_VAL_MEMBERS_LOST = 2, OP_VAL_ROUNDS = 3, OP_VAL_TILES = 4, OP_VAL_LIFE_END = 5,
  OP_VAL_FLEES = 6, OP_VAL_FIGHTS = 7, OP_VAL_SCRIP = 8, OP_VAL_DETECTS = 9, OP_VAL_SPECIAL_FOUND = 10;
/** Per-tile attrition variables. */
export const OP_V_LIFE = 0, OP_V_MEMBERS = 1, OP_V_MAGAZINES = 2;

/** Places a leader can fall at: every map code of the table, then the mid event, then the final event. */
export function fallPlaces(sc: ScenarioDef): { code: number; name: string }[] {
  const out: { code: number; name: string }[] = [];
  for (const t of sc.tiles) if (t) out.push({ code: t.code, name: t.name });
  if (sc.laps.some((l) => l.briefing !== null)) out.push({ code: 97, name: 'briefing' });
  out.push({ code: 0, name: 'mid event' });
  out.push({ code: 99, name: 'final event' });
  return out;
}

/**
 * The reported counters whose end value is broken down (UA-R95): range at most 12 wide. Each gets one rate per value
 * (`counter_<id>_end_<k>`) and one joint rate "success and that value" (`win_given_<id>_<k>`, conditional on it).
 */
export function counterBins(sc: ScenarioDef): { index: number; id: string; lo: number; n: number }[] {
  const out: { index: number; id: string; lo: number; n: number }[] = [];
  sc.counters.forEach((c, index) => { if (c.reported && c.max - c.min <= 12) out.push({ index, id: c.id, lo: c.min, n: c.max - c.min + 1 }); });
  return out;
}

/** The outputs' layout of an operation: the experiment's merged layout (report-layout.ts) or its own scenario. */
export function layoutOf(op: OperationDef): ScenarioDef {
  return op.layout ?? op.scenario;
}

/** For each counter of `layout`, its index in `sc`'s counters (−1: the scenario does not have it). */
export function counterMap(layout: ScenarioDef, sc: ScenarioDef): Int32Array {
  const out = new Int32Array(Math.max(1, layout.counters.length)).fill(-1);
  layout.counters.forEach((c, j) => { out[j] = sc.counters.findIndex((x) => x.id === c.id); });
  return out;
}

/** counterBins of the layout, each bin's `index` that of the counter in `sc` (−1: sc lacks it, nothing recorded). */
export function ownBins(layout: ScenarioDef, sc: ScenarioDef): { index: number; id: string; lo: number; n: number }[] {
  if (layout === sc) return counterBins(sc);
  const map = counterMap(layout, sc);
  return counterBins(layout).map((b) => ({ ...b, index: map[b.index] }));
}

/** A die face kept within 1…d (a map-roll modifier never leaves the die). */
export function clampDie(x: number, d: number): number {
  return x < 1 ? 1 : x > d ? d : x;
}

/** An any_time item's effects work out of combat (any effect but kill_enemies), UA-R62. */
export function worksOutOfCombat(effects: readonly EffectDef[]): boolean {
  for (let k = 0; k < effects.length; k++) if (effects[k].kind !== E_KILL_ENEMIES) return true;
  return false;
}

/** The most slots an operation can count (random tiles + mid + final). */
export function maxSlots(sc: ScenarioDef): number {
  const after = sc.finalAtMost ? sc.finalAtMost.length + 1 : sc.tilesAfterMid;
  return sc.tilesBeforeMid + 1 + after + 1;
}

export const SUB_DEX = 1;
/** Layer 1: the fields of one operation and its outputs' layout (see the file header). */
export abstract class UaOpBase extends UaGame {
  readonly op: OperationDef;
  readonly sc: ScenarioDef;
  /** The outputs' layout: the scenario, or the experiment's merged layout of its variants' scenarios (issue 28 item 9). */
  protected readonly layout: ScenarioDef;
  /** For each counter of the layout, its index in this scenario's counters (−1: none). */
  protected readonly layoutCounters: Int32Array;
  /** Map codes resolved in this operation (1 = used). */
  protected readonly used = new Uint8Array(67);
  /** Map codes resolved in earlier operations of a campaign (scenario `tiles_persist`). */
  protected readonly usedBefore = new Uint8Array(67);
  /** Index of a map code in the `fell at` rates. */
  protected readonly fellIndex = new Int32Array(100).fill(-1);
  /** Tiles (by code) as they are after the mid event in a lap that turns dark (night). */
  protected readonly darkTiles: (TileDef | null)[];
  protected readonly codes: number[];
  protected lap = 0;
  protected afterMid = false;
  protected lastFled = 0;
  protected fights = 0;
  protected detects = 0;
  /** v1.01 察知 (UA-V33): scouts whose once-per-scenario success is used; the spotter used on this map roll. */
  protected scoutDetects = 0;
  /** v1.01 戦場治療 used in this operation (once per scenario, UA-V34). */
  protected treated = false;
  protected spotterDetected = false;
  protected firstBattle = true;

  constructor(g: GauntletDef, squad: SquadDef, policy: UaPolicy, rulings: RulingSettings = g.rulings) {
    super(g, squad, policy, rulings);
    this.op = g.operation!;
    this.pendingCarried = rulings.pending_at_refit === 'carried';
    this.usesPerCampaign = rulings.per_scenario_uses === 'per-campaign';
    this.c4TrapOffered = rulings.c4_booby_trap !== 'not-offered';
    this.c4TrapReward = rulings.c4_booby_trap === 'disarm-and-reward';
    this.fixedReenter = rulings.fixed_event_retreat === 're-enter';
    this.auditOn = this.op.audit === true;
    this.sc = this.op.scenario;
    this.roundSeries = false;
    this.layout = layoutOf(this.op);
    this.layoutCounters = counterMap(this.layout, this.sc);
    fallPlaces(this.layout).forEach((p, i) => { this.fellIndex[p.code] = i; });
    this.counterRates = OP_RATE_FELL + fallPlaces(this.layout).length;
    this.codes = this.sc.tiles.filter((t): t is TileDef => t !== null).map((t) => t.code);
    this.s.tileThreat = new Uint8Array(67);
    for (const t of this.sc.tiles) if (t) this.s.tileThreat[t.code] = t.threat;
    this.darkTiles = this.sc.tiles.map((t) => (t && t.engagement ? { ...t, dark: true, engagement: { ...t.engagement, dark: true } } : t));
    this.nightMod = this.sc.nightAttackMod;
    this.nightEvery = this.sc.nightAttackScope === 'every';
    this.carriedLatest = this.sc.carriedLatest === true;
    this.lootMod = this.op.lootMod;
    this.infoCounter = this.s.infoIndex = this.sc.counters.findIndex((c) => c.id === 'info');
    this.triggersAt = [0, 1, 2, 3].map((at) => this.sc.triggers.filter((t) => t.at === at));
    this.roundTriggers = this.triggersAt[T_ROUND_START].length > 0;
    this.hasGoto = this.sc.usesGoto;
    this.bins = ownBins(this.layout, this.sc);
    this.fwRates = this.counterRates + this.bins.reduce((n, b) => n + 2 * b.n, 0);
    this.fwValues = OP_VAL_SPECIAL_FOUND + 1 + 3 * this.layout.counters.filter((c) => c.reported).length;
    this.worth = this.sc.counters.map((c) => (c.id === 'info' && c.value === 0 && !c.reported ? 0.5 : c.value));
    this.worth.forEach((w, i) => { this.s.counterWorth[i] = w; });
    this.scItemDefs = this.sc.items;
    this.betweenItems = this.sc.items.some((it) => it.betweenAttacks);
    this.scMemberDefs = [...this.sc.members, ...this.g.catalogue.extraRoles];
    // Scenario members (squad.members[N_ROLES + i]) may be fielded only from their lap on.
    this.sc.members.forEach((m, i) => {
      if (!this.op.campaign && (squad.members[N_ROLES + i] ?? 0) > 0 && this.op.lap + 1 < m.fromLap) throw new Error(`${m.name} may be recruited from lap ${m.fromLap} on (this is lap ${this.op.lap + 1})`);
    });
  }

  /** UA-R152 `carried`: next-fight and next-map-roll effects pending at an operation's end wait for the next operation. */
  protected readonly pendingCarried: boolean;
  /** UA-R154 `per-campaign`: a 「1シナリオにつき1回」 use is spent for the whole campaign run, not each operation. */
  protected readonly usesPerCampaign: boolean;
  /** UA-R156: C4's 「ブービートラップを自動解除」 is offered on a trap with a `disarm` option (not under `not-offered`). */
  protected readonly c4TrapOffered: boolean;
  /** UA-R156 `disarm-and-reward`: the C4 disarm also pays the disarm's success effects. */
  protected readonly c4TrapReward: boolean;
  /** UA-R120 `re-enter`: a 退却 at a fixed event is followed by entering it again (§42), while 逃走 are left. */
  protected readonly fixedReenter: boolean;

  /** The option being taken's target member slot (target: hit_table), or −1. */
  protected optTarget = -1;

  /** Whether the last {@link randomSlot} came to the final event (a field, so a slot allocates nothing). */
  protected slotFinal = false;

  protected fellAt = -1;
  /** The scenario's triggers by moment (T_COMBAT_START, T_COMBAT_END, T_TILE_ENTER), UA-R96. */
  protected triggersAt: (readonly TriggerDef[])[] = [[], [], [], []];

  /** The framework metrics of this operation (combats, their magazines, wipe, counters at the mid event). */
  protected readonly fw = new FrameworkTally();
  /** The designer's test measures of this operation (`audit: true`, audit-measures.ts); kept only when asked for. */
  protected readonly audit = new AuditTally();
  protected readonly auditOn: boolean;
  /** The final event starts: the counters (UA-R95) and the audit's magazines in hand are taken. */
  protected enterFinal(): void {
    this.s.capturedVehicle = false; // the captured vehicle's map-roll effect ends at the fixed event (UA-V42)
    this.snapCounters(this.atFinal);
    if (this.auditOn) this.audit.final(this.s.magazines);
  }
  /** Where the tile being resolved is, for the audit: a random tile (or a briefing), the mid or the final event. */
  protected auditPlace(): number {
    const code = this.s.tile ? this.s.tile.code : -1;
    return code === 0 ? PLACE_MID : code === 99 ? PLACE_FINAL : PLACE_RANDOM;
  }
  /** Index of the first framework rate (after the counter-distribution rates). */
  protected fwRates = 0;
  /** Index of the first framework value (after the counters' values). */
  protected fwValues = 0;
  /** Counter values as the mid / final event started (−1: not reached yet), for the outputs. */
  protected readonly atMid = new Int32Array(8);
  protected readonly atFinal = new Int32Array(8);
  protected snapCounters(to: Int32Array): void {
    for (let i = 0; i < this.sc.counters.length; i++) to[i] = this.s.counters[i];
  }
  /** Index of the first counter-distribution rate (after the fell-at rates). */
  protected counterRates = 0;
  /** Counters broken down by their end value (counterBins). */
  protected bins: { index: number; id: string; lo: number; n: number }[] = [];
  /** Magazines a point of each counter is worth to the scripted policies (UA-R95). */
  protected worth: number[] = [];
  /** Operations started in this game (a campaign's counters with keep: campaign start once). */
  protected opIndex = 0;
  /** Some effect of the scenario is goto_final (UA-R101). */
  protected readonly hasGoto: boolean = false;
  /** Index of the `info` counter (情報 §43) in the scenario's counters. */
  protected infoCounter = 0;
  /** The kind of event of the tile being resolved (−1: none). */
  protected tileKind = -1;
  /** The 降下ロープ has stopped this operation's fall (UA-R93). */
  protected ropeUsed = false;
  /** A trap event (トラップ) is being resolved: its leader damage is トラップ系 for the 対爆スーツ (UA-R88). */
  protected inTrap = false;
  protected fell(code: number): void {
    this.fellAt = this.fellIndex[code];
  }

  /** Record the per-tile attrition series (single operations; a campaign records per attempt instead). */
  protected tileSeries = true;
}
