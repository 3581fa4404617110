// Test helper for the URBAN ASSAULT rules tests: build a UaGame from a tiny YAML
// experiment, play one game with scripted dice and a scripted policy, and
// return the final state, the record and the narration.
import { stringify } from 'yaml';
import { Source } from '../../src/sim/input/schema.js';
import { compileExperiment, type Experiment } from '../../src/sim/experiment/load.js';
import { GameRecord } from '../../src/sim/core/types.js';
import { UaGame } from '../../src/rules/urban-assault/combat/game.js';
import { uaMetrics } from '../../src/rules/urban-assault/engine.js';
import type { GauntletDef, UaVariant } from '../../src/rules/urban-assault/config.js';
import type { UaObservation } from '../../src/rules/urban-assault/combat/state.js';
import type { UaPolicy } from '../../src/rules/urban-assault/decisions.js';
import * as D from '../../src/rules/urban-assault/decisions.js';
import { ScriptedDice } from './scripted-dice.js';

// ───────────────────────── scripted policy ─────────────────────────

export type DecisionName =
  | 'opening' | 'reaction-adjust' | 'extortion' | 'seize' | 'round0' | 'leader' | 'target'
  | 'odd-attack' | 'cover' | 'dodge' | 'protect' | 'between' | 'member-fire'
  | 'event-option' | 'detect' | 'map-choice' | 'hit-adjust' | 'use-item' | 'kill-group' | 'extra-group' | 'pass' | 'market'
  | 'growth' | 'sell' | 'splash' | 'special' | 'exchange' | 'buy' | 'learn' | 'local-supply' | 'cancel'
  | 'fumble' | 'medic-aid' | 'field-treatment' | 'detect-outcome' | 'ied' | 'negotiate-withdrawing';

/** An answer: a fixed action, or a function of the legal actions and the observation. */
export type Answer = number | ((legal: readonly number[], obs: UaObservation) => number);

/**
 * Answers per decision. A single answer is used every time the decision is
 * asked; a list is a queue consumed one per ask (asking past its end throws).
 * A decision with no answer throws when asked, so an unexpected decision point
 * fails the test.
 */
export type Answers = Partial<Record<DecisionName, Answer | readonly Answer[]>>;

/** One question the engine put to the policy. */
export interface Asked {
  readonly decision: number;
  readonly name: DecisionName;
  /** The legal actions, in the engine's order. */
  readonly legal: readonly number[];
  readonly answer: number;
  /** Combat round when asked (0 = round 0 or outside combat). */
  readonly round: number;
}

export interface ScriptedPolicy extends UaPolicy {
  /** Every decision asked, in order. */
  readonly asked: Asked[];
  /** The asks of one decision kind. */
  askedFor(name: DecisionName): Asked[];
}

export function scriptedPolicy(answers: Answers): ScriptedPolicy {
  const asked: Asked[] = [];
  const queues = new Map<DecisionName, { list: readonly Answer[]; next: number }>();
  for (const [k, v] of Object.entries(answers)) if (Array.isArray(v)) queues.set(k as DecisionName, { list: v as readonly Answer[], next: 0 });
  return {
    asked,
    askedFor: (name) => asked.filter((a) => a.name === name),
    decide(decision: number, obs: UaObservation, legalArr: Int32Array, n: number): number {
      const name = D.DECISION_NAMES[decision] as DecisionName;
      const legal = Array.from(legalArr.subarray(0, n));
      const spec = answers[name];
      let ans: Answer;
      if (spec === undefined) {
        throw new Error(`scriptedPolicy: decision "${name}" asked (round ${obs.round}) but no answer was scripted; legal: ${describeLegal(decision, legal)}`);
      }
      const q = queues.get(name);
      if (q) {
        if (q.next >= q.list.length) throw new Error(`scriptedPolicy: decision "${name}" asked a ${q.next + 1}th time (round ${obs.round}) but only ${q.list.length} answer(s) were scripted; legal: ${describeLegal(decision, legal)}`);
        ans = q.list[q.next++];
      } else ans = spec as Answer;
      const a = typeof ans === 'function' ? ans(legal, obs) : ans;
      asked.push({ decision, name, legal, answer: a, round: obs.round });
      return a;
    },
  };
}

/** Readable name of a leader / round-0 action code, e.g. `shoot@1`. */
export function actionName(a: number): string {
  return `${D.KIND_NAMES[D.kindOf(a)]}@${D.targetOf(a)}`;
}

function describeLegal(decision: number, legal: readonly number[]): string {
  return decision === D.D_LEADER || decision === D.D_ROUND0 ? legal.map(actionName).join(', ') : legal.join(', ');
}

/** Answer helpers. */
export const first: Answer = (legal) => legal[0];
export const last: Answer = (legal) => legal[legal.length - 1];
/** Leader action `kind` at `target`. */
export const leaderAct = (kind: number, target = 0): number => D.act(kind, target);
export const PASS = D.act(D.K_PASS);

// ───────────────────────── experiment building ─────────────────────────

/** A one-variant experiment: the gauntlet's engagements, its options, the squad and rulings. */
export interface UaSpec {
  /** Engagements in order (YAML-shaped objects, as under `gauntlet.engagements`). */
  readonly engagements: readonly Record<string, unknown>[];
  /** Other `gauntlet:` keys. Default `max_rounds: 1` so a test's combat ends by itself after one round. */
  readonly gauntlet?: Record<string, unknown>;
  /** Variant keys: leader, members, buy, weapon, attachment, armour, shield, magazines… Default `magazines: 10`. */
  readonly squad: Record<string, unknown>;
  /** Experiment-level rulings. */
  readonly rulings?: Record<string, string>;
  /** Rule version (`rules:`) and ruleset overrides (`catalogue:`), experiment level. */
  readonly rules?: string;
  readonly catalogue?: Record<string, unknown>;
}

/** The YAML text of the experiment a spec describes. */
export function uaYaml(spec: UaSpec): string {
  const doc: Record<string, unknown> = {
    name: 'ua-rules',
    game: 'urban-assault',
    seed: 1,
    stop: { games: 1 },
  };
  if (spec.rulings) doc.rulings = spec.rulings;
  if (spec.rules) doc.rules = spec.rules;
  if (spec.catalogue) doc.catalogue = spec.catalogue;
  doc.gauntlet = { max_rounds: 1, ...spec.gauntlet, engagements: spec.engagements };
  doc.variants = [{ name: 'v', baseline: true, magazines: 10, ...spec.squad }];
  return stringify(doc);
}

/** Compile a spec (or raw YAML); throws the compiler's InputError on bad input. */
export function compileUa(spec: UaSpec | string): { experiment: Experiment; game: GauntletDef; variant: UaVariant } {
  const text = typeof spec === 'string' ? spec : uaYaml(spec);
  const experiment = compileExperiment(Source.parse('ua-rules.yaml', text));
  const game = experiment.compiled.game as GauntletDef;
  const variant = experiment.compiled.variants[0].params as UaVariant;
  return { experiment, game, variant };
}

export interface UaRun {
  /** The UaGame; `game.s` is the final state. */
  readonly game: UaGame;
  readonly record: GameRecord;
  /** The narration (replay log). */
  readonly lines: string[];
  readonly dice: ScriptedDice;
  readonly policy: ScriptedPolicy;
}

/**
 * Compile the spec and play one game with the scripted dice faces and answers.
 * The policy's own dice stream is empty: a policy that rolls would throw.
 */
export function playUa(spec: UaSpec | string, faces: readonly number[], answers: Answers): UaRun {
  const { game: g, variant } = compileUa(spec);
  const policy = scriptedPolicy(answers);
  const game = new UaGame(g, variant.squad, policy, variant.rulings);
  const record = new GameRecord(uaMetrics(g));
  record.clear();
  const lines: string[] = [];
  const dice = new ScriptedDice(faces, 'rules');
  game.play(dice, new ScriptedDice([], 'policy'), record, { line: (t) => lines.push(t) });
  return { game, record, lines, dice, policy };
}

/** Index of the first narration line matching `re` at or after `from` (−1 if none). */
export function lineIndex(lines: readonly string[], re: RegExp, from = 0): number {
  for (let i = from; i < lines.length; i++) if (re.test(lines[i])) return i;
  return -1;
}
