/**
 * URBAN ASSAULT's specialised fast path (issue 44): the runner of one compiled variant, its methods partially
 * evaluated against that variant (src/sim/core/partial-eval.ts). The rule areas' own methods — combat/, operation/ —
 * are rewritten, never copied: this file only names what may be assumed (the log is absent in a simulated game; the
 * game, rule version and squad are read-only while playing) and the module constants the methods use.
 * A logged game (replay) is played by the general runner.
 */
import type { Dice } from '../../sim/core/dice.js';
import type { GameLog, GameRecord, GameRunner } from '../../sim/core/types.js';
import { isSafeName, specialiseClass, type PeResult } from '../../sim/core/partial-eval.js';
import { buildFingerprint, shipClass, unshipClass, type PeShipment } from '../../sim/core/pe-shipment.js';
import * as catalogue from './catalogue/catalogue.js';
import * as special from './catalogue/special.js';
import * as config from './config.js';
import * as decisions from './decisions.js';
import * as state from './combat/state.js';
import * as core from './combat/core.js';
import * as narrate from '../../sim/core/narrate.js';
import * as limits from '../../sim/input/limits.js';
import * as scenario from './scenario/scenario.js';
import * as targets from './combat/targets.js';
import * as attacks from './combat/attacks.js';
import * as defence from './combat/defence.js';
import * as combat from './combat/combat.js';
import * as encounter from './combat/encounter.js';
import * as condition from './operation/condition.js';
import * as base from './operation/base.js';
import * as effects from './operation/effects.js';
import * as tiles from './operation/tiles.js';
import * as operation from './operation/operation.js';
import * as campaign from './operation/campaign.js';
import * as audit from './operation/audit-measures.js';
import * as framework from './operation/framework-metrics.js';

/**
 * The names the rule areas' methods read at module level, with their values: every export of the modules they import
 * from, and `D` (decisions.js, imported as a namespace). A name two modules export with different values is left out
 * (a method using it stays general). tests/specialise-scope.test.ts checks no rule module has a private name that one
 * of these shadows.
 */
export const UA_SCOPE: ReadonlyMap<string, unknown> = ((): Map<string, unknown> => {
  const m = new Map<string, unknown>();
  const clash = new Set<string>();
  for (const ns of [catalogue, special, config, decisions, state, core, narrate, limits, scenario, targets, attacks, defence, combat, encounter, condition, base,
    effects, tiles, operation, campaign, audit, framework] as Record<string, unknown>[]) {
    for (const k of Object.keys(ns)) {
      if (!isSafeName(k)) continue;
      if (m.has(k) && m.get(k) !== ns[k]) clash.add(k);
      m.set(k, ns[k]);
    }
  }
  for (const k of clash) m.delete(k);
  m.set('D', decisions);
  return m;
})();

/**
 * Whether the rule modules run with their names intact (Node's ES modules, dist/): only then are a method's free
 * names the imports UA_SCOPE lists. A minified bundle (the web app's) or a test runner that rewrites imports breaks
 * that link, and then no runner is specialised: the general engine plays (same results). Checked on one method.
 */
export const NAMES_INTACT = /\bEND_NONE\b/.test(Function.prototype.toString.call((core.UaCore.prototype as unknown as { over: () => boolean }).over))
  && !/__vi_import|__vite_ssr/.test(Function.prototype.toString.call((core.UaCore.prototype as unknown as { over: () => boolean }).over));

/** What partial evaluation may assume of an URBAN ASSAULT runner. */
const UA_FACTS = {
  nullFields: ['log'],
  configFields: ['g', 'rules', 'squad', 'kitWeapon', 'kitAttDef', 'kitArmour', 'kitShield', 'op'],
  scope: UA_SCOPE,
} as const;

/** Plays unlogged games on the specialised runner and logged ones (replay) on the general one. */
class SpecialisedUaRunner implements GameRunner {
  constructor(private readonly fast: GameRunner, private readonly general: GameRunner) {}
  play(dice: Dice, policyDice: Dice, rec: GameRecord, log: GameLog | null): void {
    (log === null ? this.fast : this.general).play(dice, policyDice, rec, log);
  }
}

/** The specialised runners of an experiment's variants, and each one's specialisation (shared by the variants of one class). */
export interface UaSpecialised {
  readonly runners: readonly GameRunner[];
  readonly pes: readonly PeResult<GameRunner>[];
  /** The generated classes as plain data, for the run's worker threads (src/sim/core/pe-shipment.ts). */
  readonly shipment: PeShipment;
  /** How many of the classes were evaluated from `shipped` rather than generated here. */
  readonly evaluated: number;
}

/**
 * The specialised runners of an experiment's variants: `generals[i]` is variant i's general runner (the facts are read
 * from it, and it plays variant i's logged games); `construct(i, cls)` builds variant i's runner of class `cls` with
 * the same arguments. The variants whose runners share a class are specialised together, into one class: what folds is
 * what they share (see specialiseClass). A class the run's main thread already generated (`shipped`, from the same
 * build: pe-shipment.ts) is evaluated, not generated again.
 */
export function specialiseUa(generals: readonly (GameRunner & object)[], construct: (i: number, cls: new (...a: never[]) => GameRunner) => GameRunner,
  shipped?: PeShipment | null): UaSpecialised {
  const byClass = new Map<unknown, number[]>();
  generals.forEach((g, i) => { const l = byClass.get(g.constructor); if (l) l.push(i); else byClass.set(g.constructor, [i]); });
  const runners: GameRunner[] = [];
  const pes: PeResult<GameRunner>[] = [];
  const classes: ReturnType<typeof shipClass>[] = [];
  let evaluated = 0;
  for (const idx of byClass.values()) {
    const base = generals[idx[0]].constructor as new (...a: never[]) => GameRunner;
    const fingerprint = buildFingerprint(base, UA_SCOPE);
    const got = unshipClass(Array.isArray(shipped?.classes) ? shipped.classes[classes.length] : null, base, fingerprint, UA_SCOPE);
    if (got) evaluated++;
    const pe = got ?? specialiseClass(idx.map((i) => generals[i]), UA_FACTS);
    classes.push(shipClass(pe, fingerprint));
    for (const i of idx) {
      runners[i] = new SpecialisedUaRunner(construct(i, pe.cls), generals[i]);
      pes[i] = pe;
    }
  }
  return { runners, pes, shipment: { classes }, evaluated };
}
