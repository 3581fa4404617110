// Test helper for the robot-skirmish rules tests: build a game from a tiny
// spec (units with absolute positions), start it with scripted dice and
// scripted per-side policies, then let a test play single turns and inspect
// the state and the narration.
import { stringify } from 'yaml';
import { Source } from '../../src/sim/input/schema.js';
import { compileExperiment } from '../../src/sim/experiment/load.js';
import { GameRecord } from '../../src/sim/core/types.js';
import { RsGame } from '../../src/rules/robot-skirmish/game.js';
import { rsMetrics } from '../../src/rules/robot-skirmish/engine.js';
import type { RsGameDef, RsVariant } from '../../src/rules/robot-skirmish/config.js';
import type { RsObservation, RsState } from '../../src/rules/robot-skirmish/state.js';
import type { RsPolicy } from '../../src/rules/robot-skirmish/decisions.js';
import * as D from '../../src/rules/robot-skirmish/decisions.js';
import { ScriptedDice } from './scripted-dice.js';

export type DecisionName = 'repair' | 'mover' | 'move' | 'stealth' | 'attack' | 'concentrate' | 'split' | 'multi-target' | 'critical' | 'intercept' | 'free-attack' | 'free-attacker';

export type Answer = number | ((legal: readonly number[], obs: RsObservation) => number);
/** A single answer is used every time; a list is a queue (asking past its end throws). */
export type Answers = Partial<Record<DecisionName, Answer | readonly Answer[]>>;

export interface Asked {
  readonly name: DecisionName;
  readonly legal: readonly number[];
  readonly answer: number;
  readonly actor: number;
}

/** Defaults when a decision has no scripted answer: nothing optional happens. */
const DEFAULTS: Record<DecisionName, Answer> = {
  repair: D.A_NO,
  mover: (legal) => legal[0],
  move: D.mv(D.MK_STAY),
  stealth: D.A_NO,
  attack: D.at(D.AK_END, 0),
  concentrate: D.A_NO,
  split: (legal) => legal[0],
  'multi-target': (legal) => legal[0],
  critical: (legal) => legal[0],
  intercept: D.WR_NONE,
  'free-attack': (legal) => legal[0],
  'free-attacker': (legal) => legal[0],
};

export interface ScriptedRsPolicy extends RsPolicy {
  readonly asked: Asked[];
  askedFor(name: DecisionName): Asked[];
}

export function scriptedPolicy(answers: Answers): ScriptedRsPolicy {
  const asked: Asked[] = [];
  const queues = new Map<string, { list: readonly Answer[]; next: number }>();
  for (const [k, v] of Object.entries(answers)) if (Array.isArray(v)) queues.set(k, { list: v as readonly Answer[], next: 0 });
  return {
    asked,
    askedFor: (name) => asked.filter((a) => a.name === name),
    decide(decision, obs, legalArr, n) {
      const name = D.DECISION_NAMES[decision] as DecisionName;
      const legal = Array.from(legalArr.subarray(0, n));
      let ans: Answer;
      const q = queues.get(name);
      if (q) {
        if (q.next >= q.list.length) ans = DEFAULTS[name];
        else ans = q.list[q.next++];
      } else ans = (answers[name] as Answer | undefined) ?? DEFAULTS[name];
      const a = typeof ans === 'function' ? ans(legal, obs) : ans;
      asked.push({ name, legal, answer: a, actor: obs.actor });
      return a;
    },
  };
}

export interface UnitSpec {
  readonly name: string;
  readonly size?: string;
  readonly bonus?: Record<string, number>;
  readonly weapons?: readonly string[];
  readonly equipment?: readonly string[];
  readonly legs?: boolean;
  readonly hands?: number;
  readonly transform?: Record<string, unknown>;
  /** Absolute table position. */
  readonly at: readonly [number, number];
}

export interface RobotSpec {
  readonly subject: readonly UnitSpec[];
  readonly reference: readonly UnitSpec[];
  readonly terrain?: readonly Record<string, unknown>[];
  readonly rulings?: Record<string, string>;
  readonly turnLimit?: number;
  readonly headquarters?: Record<string, unknown>;
  readonly catalogue?: Record<string, unknown>;
  readonly armyPoints?: number;
  readonly contactGap?: number;
}

export const W = 90, H = 60;

/** A far-away unarmed unit to make up the two-unit minimum of an army. */
export function filler(name: string, at: readonly [number, number]): UnitSpec {
  return { name, at, weapons: [] };
}

function unitYaml(u: UnitSpec, mirror: boolean): Record<string, unknown> {
  const { at, ...rest } = u;
  return { ...rest, at: mirror ? [W - at[0], H - at[1]] : [at[0], at[1]] };
}

export function robotYaml(spec: RobotSpec): string {
  const doc: Record<string, unknown> = {
    name: 'robot-rules',
    game: 'robot-skirmish',
    seed: 1,
    stop: { games: 1 },
    turn_limit: spec.turnLimit ?? 8,
    army_points: spec.armyPoints ?? 30,
    rulings: { initiative: 'subject-first', ...spec.rulings },
    table: { width: W, height: H, contact_gap: spec.contactGap ?? 1, terrain: spec.terrain ?? [] },
  };
  if (spec.headquarters) doc.headquarters = spec.headquarters;
  if (spec.catalogue) doc.catalogue = spec.catalogue;
  doc.reference = { army: spec.reference.map((u) => unitYaml(u, true)), policy: 'focus-fire' };
  doc.variants = [{ name: 'v', baseline: true, army: spec.subject.map((u) => unitYaml(u, false)), policy: 'focus-fire' }];
  return stringify(doc);
}

export function compileRobot(spec: RobotSpec | string): { game: RsGameDef; variant: RsVariant } {
  const text = typeof spec === 'string' ? spec : robotYaml(spec);
  const exp = compileExperiment(Source.parse('robot-rules.yaml', text));
  return { game: exp.compiled.game as RsGameDef, variant: exp.compiled.variants[0].params as RsVariant };
}

export interface RobotRun {
  readonly game: RsGame;
  readonly s: RsState;
  readonly lines: string[];
  readonly dice: ScriptedDice;
  readonly p0: ScriptedRsPolicy;
  readonly p1: ScriptedRsPolicy;
  readonly record: GameRecord;
  /** Unit index by display name (S-… subject, R-… reference). */
  u(name: string): number;
  /** Weapon reference of a unit's carry slot. */
  w(name: string, slot?: number): number;
  /** Lines logged since the last call. */
  fresh(): string[];
}

/**
 * Compile and begin a game (no dice for the initiative: subject first unless
 * the spec's rulings say otherwise). `faces` are every rules die the test
 * allows; the policies' own stream is empty.
 */
export function setupRobot(spec: RobotSpec | string, faces: readonly number[], a0: Answers = {}, a1: Answers = {}): RobotRun {
  const { game: g, variant } = compileRobot(spec);
  const p0 = scriptedPolicy(a0), p1 = scriptedPolicy(a1);
  const game = new RsGame(g, variant, [p0, p1]);
  const record = new GameRecord(rsMetrics(g));
  record.clear();
  const lines: string[] = [];
  let seen = 0;
  const dice = new ScriptedDice(faces, 'rules');
  game.begin(dice, new ScriptedDice([], 'policy'), record, { line: (t) => void lines.push(t) });
  const s = game.s;
  const u = (name: string): number => {
    const i = s.names.indexOf(name);
    if (i < 0) throw new Error(`no unit ${name} (have ${s.names.join(', ')})`);
    return i;
  };
  return {
    game, s, lines, dice, p0, p1, record, u,
    w: (name, slot = 0) => u(name) * 8 + slot,
    fresh: () => {
      const out = lines.slice(seen);
      seen = lines.length;
      return out;
    },
  };
}

/** Lines matching a pattern. */
export function grep(lines: readonly string[], re: RegExp): string[] {
  return lines.filter((l) => re.test(l));
}
