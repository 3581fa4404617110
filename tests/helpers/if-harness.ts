// Test helper for the if-battle rules tests: build a game from a tiny spec
// (characters with their values), start it with scripted dice and scripted
// per-side policies, then let a test play single master times and inspect the
// state and the narration.
import { stringify } from 'yaml';
import { Source } from '../../src/sim/input/schema.js';
import { compileExperiment } from '../../src/sim/experiment/load.js';
import { GameRecord } from '../../src/sim/core/types.js';
import { IfGame } from '../../src/rules/if-battle/game.js';
import { ifMetrics } from '../../src/rules/if-battle/engine.js';
import { SIDE } from '../../src/rules/if-battle/area-map.js';
import type { IfGameDef, IfVariant } from '../../src/rules/if-battle/config.js';
import type { IfObservation, IfState } from '../../src/rules/if-battle/state.js';
import type { IfPolicy } from '../../src/rules/if-battle/decisions.js';
import * as D from '../../src/rules/if-battle/decisions.js';
import { ScriptedDice } from './scripted-dice.js';

export type DecisionName = 'recover' | 'main' | 'memory-move' | 'counter' | 'flag' | 'spoil';
export type Answer = number | ((legal: readonly number[], obs: IfObservation) => number);
/** A single answer is used every time; a list is a queue (then the default). */
export type Answers = Partial<Record<DecisionName, Answer | readonly Answer[]>>;

export interface Asked {
  readonly name: DecisionName;
  readonly legal: readonly number[];
  readonly answer: number;
  readonly actor: number;
}

/** Defaults when a decision has no scripted answer: nothing optional happens. */
const DEFAULTS: Record<DecisionName, Answer> = {
  recover: D.A_NONE,
  main: D.A_WAIT,
  'memory-move': D.A_WAIT,
  counter: D.A_YES,
  flag: D.FL_CONTINUE,
  spoil: (legal) => legal[0],
};

export interface ScriptedIfPolicy extends IfPolicy {
  readonly asked: Asked[];
  askedFor(name: DecisionName): Asked[];
}

export function scriptedPolicy(answers: Answers): ScriptedIfPolicy {
  const asked: Asked[] = [];
  const queues = new Map<string, { list: readonly Answer[]; next: number }>();
  for (const [k, v] of Object.entries(answers)) if (Array.isArray(v)) queues.set(k, { list: v as readonly Answer[], next: 0 });
  return {
    asked,
    askedFor: (name) => asked.filter((a) => a.name === name),
    decide(decision, obs, legalArr, n) {
      const name = D.DECISION_NAMES[decision] as DecisionName;
      const legal = Array.from(legalArr.subarray(0, n));
      const q = queues.get(name);
      let ans: Answer;
      if (q) ans = q.next < q.list.length ? q.list[q.next++] : DEFAULTS[name];
      else ans = (answers[name] as Answer | undefined) ?? DEFAULTS[name];
      const a = typeof ans === 'function' ? ans(legal, obs) : ans;
      asked.push({ name, legal, answer: a, actor: obs.actor });
      return a;
    },
  };
}

/** A character as written in the experiment file. */
export type CharSpec = Record<string, unknown>;

export interface IfSpec {
  readonly subject: Record<string, CharSpec>;
  readonly reference: Record<string, CharSpec>;
  readonly field?: string;
  readonly process?: string;
  readonly recovery?: boolean;
  readonly rulings?: Record<string, string>;
  readonly memories?: Record<string, unknown>;
  readonly check?: Record<string, unknown>;
  readonly turnLimit?: number;
  readonly extra?: Record<string, unknown>;
}

/** A plain character: life 20, cost 4, speed 5, strike and flame_shot, impact/flame Lv2. */
export function char(extra: CharSpec = {}): CharSpec {
  return { life: 20, cost: 4, speed: 5, skills: { impact: 2, flame: 2 }, memories: ['strike', 'flame_shot'], ...extra };
}

export function ifYaml(spec: IfSpec): string {
  const doc: Record<string, unknown> = {
    name: 'if-rules',
    game: 'if-battle',
    seed: 1,
    stop: { games: 1 },
    process: spec.process ?? 'raid',
    field: spec.field ?? 'plain',
    turn_limit: spec.turnLimit ?? 10,
    rulings: { speed_ties: 'listed-order', ...spec.rulings },
  };
  if (spec.recovery !== undefined) doc.recovery_check = spec.recovery;
  if (spec.memories) doc.memories = spec.memories;
  if (spec.check) doc.check = spec.check;
  doc.characters = { ...spec.subject, ...spec.reference };
  doc.reference = { characters: Object.keys(spec.reference), policy: 'striker' };
  doc.variants = [{ name: 'v', baseline: true, characters: Object.keys(spec.subject), policy: 'striker' }];
  Object.assign(doc, spec.extra ?? {});
  return stringify(doc);
}

export function compileIf(spec: IfSpec | string): { game: IfGameDef; variant: IfVariant } {
  const text = typeof spec === 'string' ? spec : ifYaml(spec);
  const exp = compileExperiment(Source.parse('if-rules.yaml', text));
  return { game: exp.compiled.game as IfGameDef, variant: exp.compiled.variants[0].params as IfVariant };
}

/** The two dice of a D66 that IF-R01 `unordered-pairs` maps to index i (0..20): smaller die first. */
export function d66For(i: number): [number, number] {
  let k = 0;
  for (let a = 1; a <= 6; a++) for (let b = a; b <= 6; b++) if (k++ === i) return [a, b];
  throw new Error(`no D66 for index ${i}`);
}

/** The four dice (two D66) that place a character at row r, column c (0-based). */
export function placeAt(r: number, c: number): number[] {
  return [...d66For(r), ...d66For(c)];
}

/** Area index of (row, column), 0-based. */
export const areaAt = (r: number, c: number): number => r * SIDE + c;

export interface IfRun {
  readonly game: IfGame;
  readonly s: IfState;
  readonly lines: string[];
  readonly dice: ScriptedDice;
  readonly p0: ScriptedIfPolicy;
  readonly p1: ScriptedIfPolicy;
  readonly record: GameRecord;
  /** Character index by display name (S-… subject, R-… reference). */
  c(name: string): number;
  /** Lines logged since the last call. */
  fresh(): string[];
}

/**
 * Compile and begin a game: `faces` are every rules die the test allows,
 * starting with the placement D66s (see placeAt) and whatever engage and the
 * field need; the policies' own stream is empty.
 */
export function setupIf(spec: IfSpec | string, faces: readonly number[], a0: Answers = {}, a1: Answers = {}): IfRun {
  const { game: g, variant } = compileIf(spec);
  const p0 = scriptedPolicy(a0), p1 = scriptedPolicy(a1);
  const game = new IfGame(g, variant, [p0, p1]);
  const record = new GameRecord(ifMetrics(g));
  record.clear();
  const lines: string[] = [];
  let seen = 0;
  const dice = new ScriptedDice(faces, 'rules');
  game.begin(dice, new ScriptedDice([], 'policy'), record, { line: (t) => void lines.push(t) });
  const s = game.s;
  return {
    game, s, lines, dice, p0, p1, record,
    c: (name) => {
      const i = s.names.indexOf(name);
      if (i < 0) throw new Error(`no character ${name} (have ${s.names.join(', ')})`);
      return i;
    },
    fresh: () => {
      const out = lines.slice(seen);
      seen = lines.length;
      return out;
    },
  };
}

/** Give the rules dice more faces (the game keeps its ScriptedDice; this swaps the script). */
export function moreDice(run: IfRun, faces: readonly number[]): ScriptedDice {
  const d = new ScriptedDice(faces, 'rules (more)');
  (run.game as unknown as { dice: ScriptedDice }).dice = d;
  return d;
}

/** Move character c to area a, keeping the occupancy consistent. */
export function teleport(s: IfState, c: number, a: number): void {
  if (s.area[c] >= 0) s.occupancy[s.area[c]]--;
  s.area[c] = a;
  s.occupancy[a]++;
}

/** Lines matching a pattern. */
export function grep(lines: readonly string[], re: RegExp): string[] {
  return lines.filter((l) => re.test(l));
}
