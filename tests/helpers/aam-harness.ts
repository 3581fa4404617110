// Test helper for the Axis & Allies Miniatures rules tests: build a game from a
// tiny YAML experiment, play it with scripted dice (tests/helpers/scripted-dice)
// and a scripted policy, and return the final state, the record and the
// narration.
import { stringify } from 'yaml';
import { Source } from '../../src/sim/input/schema.js';
import { GameRecord } from '../../src/sim/core/types.js';
import { compileAam } from '../../src/rules/axis-allies-miniatures/compile.js';
import { aamMetrics } from '../../src/rules/axis-allies-miniatures/engine.js';
import { AamGame } from '../../src/rules/axis-allies-miniatures/game.js';
import type { AamGameDef, AamVariant } from '../../src/rules/axis-allies-miniatures/config.js';
import type { AamObservation } from '../../src/rules/axis-allies-miniatures/state.js';
import type { AamPolicy } from '../../src/rules/axis-allies-miniatures/decisions.js';
import { AAM_POLICIES } from '../../src/policies/axis-allies-miniatures/index.js';
import * as D from '../../src/rules/axis-allies-miniatures/decisions.js';
import { ScriptedDice } from './scripted-dice.js';

export type DecisionName = 'initiative' | 'move' | 'face' | 'flight' | 'airstrike' | 'assault' | 'activate';
/** An answer: a function of the legal actions and the observation. */
export type Answer = (legal: readonly number[], o: AamObservation) => number;

/** One question the engine put to a policy. */
export interface Asked {
  readonly name: DecisionName;
  readonly side: number;
  readonly actor: number;
  readonly turn: number;
  readonly legal: readonly number[];
  readonly answer: number;
}

/** Default answers: go first, stay, keep facing, no flight, no airstrike, no attack. */
const DEFAULTS: Record<DecisionName, Answer> = {
  initiative: () => D.A_FIRST,
  move: () => D.A_STAY,
  face: (legal) => legal[0],
  flight: () => D.A_STAY,
  airstrike: () => D.A_STAY,
  assault: () => D.A_STAY,
  activate: (legal) => legal[0],
};

export function scriptedAamPolicy(answers: Partial<Record<DecisionName, Answer>>, asked: Asked[]): AamPolicy {
  return {
    decide(d, o, legalArr, n) {
      const name = D.DECISION_NAMES[d] as DecisionName;
      const legal = Array.from(legalArr.subarray(0, n));
      const a = (answers[name] ?? DEFAULTS[name])(legal, o);
      asked.push({ name, side: o.actingSide, actor: o.actor, turn: o.turn, legal, answer: a });
      return a;
    },
  };
}

/** Answer helpers: attack unit `t` if legal (else stay); move to offset hex (col,row); face direction d. */
export const attack = (t: number): Answer => (legal) => legal.find((a) => a === D.act(D.K_ATTACK, t)) ?? D.A_STAY;
export const moveTo = (col: number, row: number): Answer => (legal, o) => {
  const a = D.act(D.K_MOVE, o.map.at(col, row));
  if (!legal.includes(a)) throw new Error(`move to ${col},${row} is not legal`);
  return a;
};
export const faceTo = (d: number): Answer => (legal) => legal.find((a) => a === D.act(D.K_FACE, d)) ?? legal[0];
export const placeAt = (col: number, row: number): Answer => (legal, o) => legal.find((a) => a === D.act(D.K_PLACE, o.map.at(col, row))) ?? D.A_STAY;
/** Answer per acting unit: `byUnit[actor]`, else the default for that decision. */
export const perUnit = (name: DecisionName, byUnit: Record<number, Answer>): Answer => (legal, o) => (byUnit[o.actor] ?? DEFAULTS[name])(legal, o);

type Obj = Record<string, unknown>;

/** A one-variant experiment; the battlefield is all clear with 1-turn games unless given. */
export interface AamSpec {
  readonly blue: readonly Obj[];
  readonly red: readonly Obj[];
  readonly battlefield?: Obj;
  readonly rulings?: Record<string, string>;
  readonly units?: Obj;
}

export function aamYaml(spec: AamSpec): string {
  const doc: Obj = { name: 'aam-rules', game: 'axis-allies-miniatures', seed: 1, stop: { games: 1 } };
  if (spec.rulings) doc.rulings = spec.rulings;
  if (spec.units) doc.units = spec.units;
  doc.battlefield = { terrain: ['.'], mirror: false, objective_turn: 1, points_turn: 1, max_turns: 1, ...spec.battlefield };
  doc.blue = { force: spec.blue };
  doc.red = { force: spec.red };
  doc.variants = [{ name: 'v', baseline: true }];
  return stringify(doc);
}

export function compileSpec(spec: AamSpec | string): { game: AamGameDef; variant: AamVariant } {
  const text = typeof spec === 'string' ? spec : aamYaml(spec);
  const c = compileAam(Source.parse('aam-rules.yaml', text).root(), AAM_POLICIES);
  return { game: c.game, variant: c.variants[0].params };
}

export interface AamRun {
  readonly game: AamGame;
  readonly record: GameRecord;
  readonly lines: string[];
  readonly dice: ScriptedDice;
  readonly asked: Asked[];
}

/** Play one game with scripted dice faces and answers (both sides use the same answer table; answers see `o.actingSide`). */
export function playAam(spec: AamSpec | string, faces: readonly number[], answers: Partial<Record<DecisionName, Answer>> = {}): AamRun {
  const { game: g, variant } = compileSpec(spec);
  const asked: Asked[] = [];
  const policy = scriptedAamPolicy(answers, asked);
  const game = new AamGame(g, variant, [policy, policy]);
  const record = new GameRecord(aamMetrics(g));
  record.clear();
  const lines: string[] = [];
  const dice = new ScriptedDice(faces, 'rules');
  game.play(dice, new ScriptedDice([], 'policy'), record, { line: (t) => void lines.push(t) });
  return { game, record, lines, dice, asked };
}

/** Lines of the narration that match `re`. */
export function grep(lines: readonly string[], re: RegExp): string[] {
  return lines.filter((l) => re.test(l));
}
