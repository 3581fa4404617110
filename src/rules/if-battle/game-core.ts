/**
 * The if-battle engine's state and the helpers every rule area uses: the per-game tallies, asking a side's
 * policy (a single legal action is taken without asking), and the replay's roster and positions.
 *
 * Seed 001 戦闘シーン: the participants (キャラクター, 陣営) and what the replay shows of them.
 * One layer of the engine's class chain (game-core → game-checks → game-main → game-turn → game.ts): each
 * file adds one rule area.
 */
import type { Dice } from '../../sim/core/dice.js';
import type { GameLog, GameRecord } from '../../sim/core/types.js';
import type { IfPolicy } from './decisions.js';
import { areaLabel } from './area-map.js';
import * as Cat from './catalogue.js';
import { BUGS, BUG_JA, FIELDS, FIELD_JA, SKILLS, SKILL_JA, type MemoryDef } from './catalogue.js';
import type { IfGameDef, IfVariant } from './config.js';
import * as D from './decisions.js';
import * as St from './state.js';
import { IfState } from './state.js';
import { narrate, narrateText } from '../../sim/core/narrate.js';
import type { MessageId } from '../../i18n/messages-en.js';
import type { MsgParams } from '../../i18n/t.js';
import { OUT_MSG } from './narration-ids.js';

// Module-local copies of the numeric codes the game reads: V8 (Node 20) reloads and hole-checks an imported binding at
// every use, while a module-local const folds to a constant.
const { M_AUTO, N_BUGS, N_SKILLS } = Cat;
const { MAX_CHARS, MAX_SLOTS } = St;
const { D_COUNTER } = D;

const LEGAL_MAX = 512;

// ── metrics (indices into the GameRecord; see engine.ts for the specs) ──
export const RATE_WIN = 0, RATE_DRAW = 1, RATE_LOSS = 2, RATE_END_ONE_SIDE = 3, RATE_END_CEASE = 4, RATE_END_TIME = 5, RATE_SUBJECT_FIRST = 6,
  RATE_DROP_LIFE0 = 7, RATE_DROP_TENTH = 8, RATE_DROP_VOLUNTARY = 9, RATE_DROP_BATTERY = 10;
export const VAL_ROUNDS = 0, VAL_LIFE_LEFT = 1, VAL_ENEMY_LIFE_LEFT = 2, VAL_DAMAGE_DEALT = 3, VAL_DAMAGE_TAKEN = 4, VAL_FIELD = 5, VAL_CHECKS = 6,
  VAL_BUG_POINTS = 7, VAL_BUGGED_TURNS = 8, VAL_RECOVERY_CHECKS = 9, VAL_RECOVERIES = 10, VAL_BURN_DAMAGE = 11, VAL_AIR_DAMAGE = 12, VAL_MIASMA_LOSS = 13,
  VAL_BATTERY_LEFT = 14, VAL_SPOILS = 15, VAL_JOINED = 16, VAL_ATTACKS = 17, VAL_HITS_LANDED = 18, VAL_ENEMY_RECOVERY_CHECKS = 19, VAL_ENEMY_RECOVERIES = 20, VAL_ENEMY_BUGGED_TURNS = 21;
export const V_LIFE = 0, V_ENEMY_LIFE = 1, V_IN = 2, V_ENEMY_IN = 3;

/** Life-loss causes (for the per-cause values). */
export const L_ATTACK = 0, L_BURN = 1, L_AIR = 2, L_MIASMA = 3;

export abstract class IfCore {
  readonly s: IfState;
  protected dice!: Dice;
  protected pdice!: Dice;
  protected rec: GameRecord | null = null;
  protected log: GameLog | null = null;
  readonly legal = new Int32Array(LEGAL_MAX);
  nLegal = 0;
  protected lastStep = -1;
  protected readonly tieKey = new Int32Array(8);
  /** Each character's opponents (the other side), in index order: char × MAX_CHARS, and their count. */
  protected readonly opponents = new Int8Array(MAX_CHARS * MAX_CHARS);
  protected readonly nOpponents = new Int8Array(MAX_CHARS);
  // per-game tallies (subject side)
  protected checks = 0;
  protected dealt = 0;
  protected taken = 0;
  protected bugPoints = 0;
  protected buggedTurns = 0;
  protected recChecks = 0;
  protected recoveries = 0;
  protected enemyRecChecks = 0;
  protected enemyRecoveries = 0;
  protected enemyBuggedTurns = 0;
  protected burnDmg = 0;
  protected airDmg = 0;
  protected miasmaLoss = 0;
  protected spoils = 0;
  protected joinedCount = 0;
  protected attacks = 0;
  protected landed = 0;
  protected readonly dropKinds = new Uint8Array(5);

  protected readonly bugTickStandby: boolean;
  protected readonly burnOwnTurn: boolean;
  protected readonly tenthCumulative: boolean;
  protected readonly tiesRoll: boolean;
  protected readonly startChecks: boolean;
  protected readonly oncePerTurn: boolean;
  protected readonly unordered: boolean;

  constructor(readonly def: IfGameDef, readonly variant: IfVariant, protected readonly policies: readonly [IfPolicy, IfPolicy]) {
    const r = variant.rulings;
    const s = (this.s = new IfState(def, r));
    this.bugTickStandby = r.bug_tick === 'standby';
    this.burnOwnTurn = r.burning_turns === 'own-turn';
    this.tenthCumulative = r.tenth_rule === 'cumulative';
    this.tiesRoll = r.speed_ties === 'roll-off';
    this.startChecks = r.start_field_checks === 'checks';
    this.oncePerTurn = r.memory_repeat === 'once-per-turn';
    this.unordered = r.placement === 'unordered-pairs';
    const a = variant.subject.characters, b = variant.reference.characters;
    s.chars = [...a, ...b];
    s.names = [...a.map((c) => `S-${c.name}`), ...b.map((c) => `R-${c.name}`)];
    s.n = s.chars.length;
    for (let c = 0; c < s.n; c++) {
      const d = s.chars[c];
      s.side[c] = c < a.length ? 0 : 1;
      s.lifeMax[c] = d.life;
      s.costMax[c] = d.cost;
      s.speed[c] = d.speed;
      s.power[c] = d.power;
      s.guard[c] = d.guard;
      s.force[c] = d.force;
      s.resist[c] = d.resist;
      for (let k = 0; k < N_SKILLS; k++) s.skill[c * N_SKILLS + k] = d.skills[k];
      s.nMemories[c] = d.memories.length;
      let reduce = 0;
      for (let k = 0; k < MAX_SLOTS; k++) {
        const m = k < d.memories.length ? d.memories[k] : -1;
        s.setMemory(c, k, m);
        if (m >= 0 && def.memories[m].type === M_AUTO) reduce += def.memories[m].reduce;
      }
      s.autoReduce[c] = reduce;
    }
    for (let c = 0; c < s.n; c++) for (let t = 0; t < s.n; t++) if (s.side[t] !== s.side[c]) this.opponents[c * MAX_CHARS + this.nOpponents[c]++] = t;
  }

  /** Narrate message `id` in the replay's language (call only under `if (this.log)`). */
  protected say(id: MessageId, params?: MsgParams): void {
    narrate(this.log!, id, params);
  }

  /** A narration fragment in the replay's language (only while a log is open). */
  protected tx(id: MessageId, params?: MsgParams): string {
    return narrateText(this.log!, id, params);
  }

  /** Whether the open log narrates in Japanese (names of skills, bugs, fields and memories in their Japanese form). */
  protected get narratesJa(): boolean {
    return this.log!.lang === 'ja';
  }

  /** A skill's name in the replay: the id in English, 走法… in Japanese. */
  protected skillLabel(sk: number): string {
    return this.narratesJa ? SKILL_JA[sk] : SKILLS[sk];
  }

  /** A bug's name in the replay: `burn (火傷)` (or `burn` when `short`) in English, 火傷 in Japanese. */
  protected bugLabel(b: number, short = false): string {
    return this.narratesJa ? BUG_JA[b] : short ? BUGS[b] : `${BUGS[b]} (${BUG_JA[b]})`;
  }

  /** A field's name in the replay: `water (水中)` (or `water` when `short`) in English, 水中 in Japanese. */
  protected fieldLabel(f: number, short = false): string {
    return this.narratesJa ? FIELD_JA[f] : short ? FIELDS[f] : `${FIELDS[f]} (${FIELD_JA[f]})`;
  }

  /** A memory's name in the replay: its id (with the Japanese beside it unless `short`) in English, the Japanese name in Japanese. */
  protected memoryLabel(m: MemoryDef, short = false): string {
    return this.narratesJa ? m.ja : short ? m.id : `${m.id} (${m.ja})`;
  }

  /** Ask character c's side; a single legal action is taken without asking. */
  protected ask(c: number, decision: number, n: number): number {
    this.nLegal = n;
    if (n === 1) return this.legal[0];
    if (n < 1) throw new Error(`no legal action at decision ${D.DECISION_NAMES[decision]}`);
    const s = this.s;
    const prev = s.actor;
    if (decision !== D_COUNTER) s.actor = c;
    s.me = s.side[c];
    const a = this.policies[s.side[c]].decide(decision, s, this.legal, n, this.pdice);
    s.actor = prev;
    for (let i = 0; i < n; i++) if (this.legal[i] === a) return a;
    throw new Error(`policy returned illegal action ${a} at decision ${D.DECISION_NAMES[decision]}`);
  }

  /** Every participant's area, life, cost and bugs (for the replay; only while a log is open). */
  positions(): string {
    const s = this.s;
    const parts: string[] = [];
    for (let c = 0; c < s.n; c++) {
      if (!s.joined[c]) continue;
      if (!s.isIn(c)) {
        parts.push(this.tx('ifReplay.posOut', { char: s.name(c), why: this.tx(OUT_MSG[s.out[c]]) }));
        continue;
      }
      let bugs = '';
      for (let b = 0; b < N_BUGS; b++) if (s.bug(c, b) > 0) bugs += ` ${this.bugLabel(b, true)}:${s.bug(c, b)}`;
      parts.push(this.tx('ifReplay.posIn', { char: s.name(c), area: areaLabel(s.area[c]), life: s.life[c], max: s.lifeMax[c], bugs }));
    }
    return this.tx('ifReplay.positionsList', { list: parts.join('; '), field: this.fieldLabel(s.field, true) });
  }

  protected roster(): string {
    const s = this.s;
    const parts: string[] = [];
    for (let c = 0; c < s.n; c++) if (s.joined[c]) parts.push(s.isIn(c) ? this.tx('ifReplay.winner', { char: s.name(c) }) : this.tx('ifReplay.loser', { char: s.name(c), why: this.tx(OUT_MSG[s.out[c]]) }));
    return parts.join(this.tx('ifReplay.listSep'));
  }
}
