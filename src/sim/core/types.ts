/**
 * The contracts between the simulation core, the engines, the policies and the
 * reports. An engine is data plus plain functions (boardgame.io style): it
 * compiles its part of an experiment file into plain JSON, says which metrics a
 * game produces, and builds a runner that plays one game from two dice streams
 * (the driver owns the RNG; the engine never creates randomness).
 */
import type { Dice } from './dice.js';
import type { Lang } from '../../i18n/lang.js';
import type { Cursor } from '../input/schema.js';
import type { RawTarget } from './raw-target.js';
import type { Msg } from '../../i18n/t.js';
import type { RulingChoice } from './ruling-def.js';
import type { SwitchDef } from './switch-def.js';
import type { LocalText } from '../input/local-text.js';
import type { PeShipment } from './pe-shipment.js';

/** A binary per-game outcome (win, leader survived…), reported as a rate with a Wilson CI. */
export interface RateSpec {
  readonly id: string;
  readonly label: string;
  /**
   * A conditional rate: the share of the games where rate `given` happened
   * (its Wilson interval uses that count as n), e.g. "first attempt at stage 2
   * cleared" given "reached stage 2". Its difference vs the baseline is then
   * unpaired (the conditioning sets differ).
   */
  readonly given?: string;
}

/** A numeric per-game value (magazines spent…), reported as a mean with CI and percentiles. */
export interface ValueSpec {
  readonly id: string;
  readonly label: string;
  /** Values are integers clamped to [0, max] for the percentile histogram (the mean uses the exact value). */
  readonly max: number;
}

/** One time step of an attrition series, e.g. engagement 2, round 3. */
export interface StepSpec {
  readonly id: string;
  /** Grouping label, e.g. the engagement name. */
  readonly group: string;
  /** Position inside the group, e.g. the round number (0 = start). */
  readonly x: number;
}

/** An attrition series: integer state variables observed at fixed steps. */
export interface SeriesSpec {
  readonly id: string;
  readonly label: string;
  readonly steps: readonly StepSpec[];
  readonly vars: readonly ValueSpec[];
}

/**
 * A control variate: a per-game number whose expectation is exactly 0 under the rules, whatever the policies
 * choose — a sum over the game's chance events of (what the dice gave − its exact expectation given the state
 * just before the roll), each term weighted by something fixed before that roll. Such a sum is a martingale, so its
 * mean is 0 for every policy and every stopping turn; an estimator may subtract a fitted multiple of it from a rate
 * to narrow the rate's CI without moving its expectation ("luck" in the sense of AIVAT/DIVAT for poker agents).
 */
export interface ControlSpec {
  readonly id: string;
  /** What the terms are and why each has expectation 0 (docs and reports). */
  readonly doc: string;
}

/** Everything one game reports. The first rate is the primary rate (win / clear). */
export interface MetricSpec {
  readonly rates: readonly RateSpec[];
  readonly values: readonly ValueSpec[];
  readonly series: SeriesSpec | null;
  /** Zero-mean control variates the engine writes into {@link GameRecord.controls} (absent: none). */
  readonly controls?: readonly ControlSpec[];
}

/**
 * The per-game result buffer, allocated once per runner and cleared before each
 * game, so the hot loop allocates nothing. `series` is steps × vars, row-major
 * by step; −1 marks a step the game never reached. The steps a game wrote are
 * listed (`touched`), so clearing and accumulating cost the steps reached, not
 * every step of the spec.
 */
export class GameRecord {
  readonly rates: Uint8Array;
  readonly values: Float64Array;
  readonly series: Int16Array;
  /** One slot per {@link MetricSpec.controls} entry, 0 after clear(); the engine adds its zero-mean terms. */
  readonly controls: Float64Array;
  readonly nVars: number;
  /** Steps written since the last clear, in first-write order (`nTouched` of them). */
  readonly touched: Int32Array;
  nTouched = 0;
  /** 1 for a step listed in `touched`. */
  private readonly mark: Uint8Array;
  constructor(spec: MetricSpec) {
    this.rates = new Uint8Array(spec.rates.length);
    this.values = new Float64Array(spec.values.length);
    this.controls = new Float64Array(spec.controls ? spec.controls.length : 0);
    this.nVars = spec.series ? spec.series.vars.length : 0;
    const steps = spec.series ? spec.series.steps.length : 0;
    this.series = new Int16Array(steps * this.nVars).fill(-1);
    this.touched = new Int32Array(steps);
    this.mark = new Uint8Array(steps);
  }
  clear(): void {
    // Plain loops: these arrays are short, and a builtin fill's call costs more than the stores.
    const rates = this.rates, values = this.values, series = this.series, nv = this.nVars;
    for (let i = 0; i < rates.length; i++) rates[i] = 0;
    for (let i = 0; i < values.length; i++) values[i] = 0;
    const controls = this.controls;
    for (let i = 0; i < controls.length; i++) controls[i] = 0;
    for (let t = 0; t < this.nTouched; t++) {
      const s = this.touched[t];
      this.mark[s] = 0;
      for (let i = s * nv; i < s * nv + nv; i++) series[i] = -1;
    }
    this.nTouched = 0;
  }
  /** Record state variable `v` at step `s`. */
  set(s: number, v: number, value: number): void {
    if (this.mark[s] === 0) {
      this.mark[s] = 1;
      this.touched[this.nTouched++] = s;
    }
    this.series[s * this.nVars + v] = value;
  }
}

/**
 * Turn-by-turn narration for `replay`. Engines call it only when it is
 * non-null (a simulated game gets `null` and builds no text). The language
 * travels with the log, not in a global, so two games narrated at once never
 * share one: engines render through {@link narrate} (src/sim/core/narrate.ts),
 * which reads `lang` here (absent: English). See docs/i18n.md.
 */
export interface GameLog {
  /** The language the narration is written in; absent means English. */
  readonly lang?: Lang;
  line(text: string): void;
  /**
   * Called by {@link narrate} with the message id and parameters just before the line it renders (flip attribution
   * records which events a game narrated, issue 43); absent on an ordinary replay.
   */
  event?(id: string, params: Readonly<Record<string, string | number>> | undefined): void;
}

/** One game, ready to be played many times. Holds its own reusable state. */
export interface GameRunner {
  /**
   * Play one game. `dice` is the rules' stream, `policyDice` the policies' own
   * stream (so a policy's coin flips never shift the rules' dice). Writes the
   * outcome into `rec` (already cleared by the caller).
   */
  play(dice: Dice, policyDice: Dice, rec: GameRecord, log: GameLog | null): void;
}

/** A ruling in effect for a run (declared in ruling-def.ts, which must import nothing: the catalogue's ruling areas read it). */
export type { RulingChoice } from './ruling-def.js';

/** One variant after compilation: plain JSON, sent to workers as is. */
export interface CompiledVariant<V = unknown> {
  readonly name: string;
  /** The label as CSVs, run.json and baselines record it: English, else the only language the file gave. */
  readonly label: string;
  /** The label in each language the file gave (`label: { ja, en }`); displays pick the reader's (local-text.ts). */
  readonly labelText?: LocalText;
  readonly baseline: boolean;
  /**
   * The variant this one's paired difference is taken against (`paired_with:`, src/sim/experiment/paired-ref.ts): absent =
   * the baseline; null = none (no paired difference). Set by the generic loader, never by an engine.
   */
  readonly pairedWith?: string | null;
  /** Cost in the game's currency (magazines for URBAN ASSAULT), for cost-effectiveness. */
  readonly cost: number;
  readonly params: V;
}

/** What an engine's `compile` returns (plain JSON). */
export interface CompiledGame<G = unknown, V = unknown> {
  readonly game: G;
  readonly variants: readonly CompiledVariant<V>[];
  readonly rulings: readonly RulingChoice[];
  /** Currency name for costs, e.g. "magazines". */
  readonly costUnit: string;
  /** Balance targets the game's own input declares (an URBAN ASSAULT scenario's `targets:`), as written. */
  readonly targets?: readonly RawTarget[];
  /** Warnings about the input (valid, but likely not what its author meant); absent when there are none. */
  readonly warnings?: readonly CompileNotice[];
}

/** A compile warning at a place in an input file (`validate` and `run` print it; the run goes on). */
export interface CompileNotice {
  readonly file: string;
  /** 1-based; absent when the key has no line (a value a scenario_patch added). */
  readonly line?: number;
  /** The YAML path of the key, e.g. `tiles[12].encounter.variations[0].squad_first_strike`. */
  readonly path: string;
  readonly msg: Msg;
}

/** A policy as listed by `balance-lab list`. */
export interface PolicyInfo {
  readonly id: string;
  readonly summary: string;
  readonly params: Readonly<Record<string, string>>;
}

/**
 * Hooks for the generic engine tests (tests/engines-invariants.test.ts); runs
 * never use them.
 */
export interface EngineTesting<G = unknown, V = unknown> {
  /** The same variant played by a policy that picks uniformly among the legal actions, drawing from the policy stream. */
  randomVariant(game: G, variant: V): V;
  /**
   * A runner like `createRunner`'s that checks itself: at every decision the
   * policy must be offered at least one legal action and answer with one of
   * them, and the engine's state invariants (resources never negative, life
   * within bounds, rounds within the limit…) must hold, at each decision and
   * once more at the end of each game. Each violation is passed to `report`;
   * a decision with no legal action also throws (it cannot be answered).
   */
  checkedRunner(game: G, variant: V, report: (problem: string) => void): GameRunner;
}

/** An engine plugged into the registry (src/registry.ts). */
export interface EngineModule<G = unknown, V = unknown> {
  readonly id: string;
  readonly title: string;
  /** The rule text the engine implements (file name under ../shared/seeds). */
  readonly seedFile: string;
  /** Where its rulings are written down. */
  readonly rulesDoc: string;
  readonly policies: readonly PolicyInfo[];
  /**
   * Validate and compile the engine-specific part of an experiment. `root` is
   * the whole document (already checked for the generic keys); throw through
   * `Cursor.fail` on bad input.
   */
  compile(root: Cursor): CompiledGame<G, V>;
  /** The metrics a game of this compiled experiment produces. */
  metrics(game: G): MetricSpec;
  /** Build a reusable runner for one variant. */
  createRunner(game: G, variant: V): GameRunner;
  /**
   * The specialised fast path (issue 44): the runners of an experiment's variants (in their order), giving
   * byte-identical records, derived from the same rules (partial evaluation, src/sim/core/partial-eval.ts) and
   * specialised together (one generated class for the variants of one runner class). Absent: the engine has none; runs
   * use {@link createRunner}. `shipped`: the classes the run's main thread generated ({@link specialisedShipment}),
   * evaluated instead of specialising again where they came from the same build (src/sim/core/pe-shipment.ts).
   */
  createSpecialisedRunners?(game: G, variants: readonly V[], shipped?: PeShipment | null): readonly GameRunner[];
  /**
   * The generated classes of {@link createSpecialisedRunners} as plain data, made once by a run's main thread for its
   * worker threads; null where this thread cannot specialise (its rule modules' names are not intact).
   */
  specialisedShipment?(game: G, variants: readonly V[]): PeShipment | null;
  /** Catalogue lines for `balance-lab list` (units, items…), in `lang` where the engine has them in the catalogue. */
  catalogue(lang?: Lang): readonly string[];
  /** The standard benchmark case: a compiled game and variant. */
  benchCase(): { game: G; variant: V; label: string };
  /** Self-checking runners for the generic invariant tests (every registered engine should provide them). */
  readonly testing?: EngineTesting<G, V>;
  /**
   * The switchable readings a compiled variant can take, with the option it plays (ruling impact, issue 43): the
   * engine's experiment rulings ({@link rulingSwitches} of its RulingDef list), and whatever else the engine can
   * switch for that variant. Absent: the engine has none.
   */
  switches?(game: G, variant: V): readonly SwitchDef[];
}
