/**
 * The Axis & Allies Miniatures engine module (seed 002): compile, metrics,
 * runners, catalogue, the benchmark case and the self-checking runners of the
 * generic tests. The module is built for a list of policies
 * ({@link axisAlliesMiniaturesEngine}); src/registry.ts passes
 * src/policies/axis-allies-miniatures/ (docs/architecture.md). The rules never import a policy.
 */
import { rulingSwitches } from '../../sim/core/switch-def.js';
import { AAM_RULINGS } from './rulings.js';
import { Source } from '../../sim/input/schema.js';
import type { EngineModule, EngineTesting, GameRunner, MetricSpec, StepSpec } from '../../sim/core/types.js';
import { lethalCounters } from './combat.js';
import { compileAam } from './compile.js';
import { KIND_AIRCRAFT, KIND_NAMES, KIND_VEHICLE, type AamGameDef, type AamVariant, type SideDef } from './config.js';
import * as D from './decisions.js';
import type { AamPolicy, AamPolicyInfo } from './decisions.js';
import { AamGame } from './game.js';
import { AamState, END_NONE, NO_RESULT, P_AIRSTRIKE, P_ASSAULT, P_CASUALTY, P_END, P_FLIGHT } from './state.js';
import { aamCatalogueLines } from './catalogue-lines.js';
import { AAM_CONTROLS } from './luck.js';
import { checkedDecision } from '../../sim/core/checked-decision.js';
import { listPolicies } from '../../sim/core/policy-list.js';

export function aamMetrics(g: AamGameDef): MetricSpec {
  const steps: StepSpec[] = [];
  for (let t = 0; t <= g.maxTurns; t++) steps.push({ id: `t${t}`, group: 'battle', x: t });
  const maxPts = 2000;
  return {
    rates: [
      { id: 'win', label: 'Blue win rate' },
      { id: 'loss', label: 'Red win rate' },
      { id: 'draw', label: 'Draw rate' },
      { id: 'objective_win', label: 'Blue wins by the objective' },
      { id: 'initiative_t1', label: 'Blue won the turn-1 initiative' },
    ],
    values: [
      { id: 'turns', label: 'Turns played', max: g.maxTurns },
      { id: 'blue_points_lost', label: 'Blue points lost', max: maxPts },
      { id: 'red_points_lost', label: 'Red points lost', max: maxPts },
      { id: 'blue_units_left', label: 'Blue units left', max: 40 },
      { id: 'red_units_left', label: 'Red units left', max: 40 },
      { id: 'blue_first_turns', label: 'Turns Blue went first', max: g.maxTurns },
      { id: 'blue_initiatives', label: 'Initiatives Blue won', max: g.maxTurns },
    ],
    series: {
      id: 'attrition',
      label: 'Attrition by turn (end of turn)',
      steps,
      vars: [
        { id: 'blue_units', label: 'Blue units', max: 40 },
        { id: 'red_units', label: 'Red units', max: 40 },
        { id: 'blue_points', label: 'Blue points', max: maxPts },
        { id: 'red_points', label: 'Red points', max: maxPts },
      ],
    },
    controls: AAM_CONTROLS,
  };
}

function policyOf(side: SideDef, policies: readonly AamPolicyInfo[]): AamPolicy {
  const info = policies.find((p) => p.id === side.policy);
  if (!info) throw new Error(`unknown policy ${side.policy}`);
  return info.create(side.policyParams);
}

/** The standard benchmark: two 100-point-class armies on the default battlefield, default policies. */
export const BENCH_YAML = `
game: axis-allies-miniatures
blue:
  force:
    - { unit: M4A1 Sherman, count: 3 }
    - { unit: M1 Garand Rifle, count: 5 }
    - { unit: Bazooka, count: 3 }
    - { unit: Commissar }
red:
  force:
    - { unit: Panzer IV Ausf. F2, count: 3 }
    - { unit: Mauser Kar 98k, count: 10 }
variants:
  - { name: bench, baseline: true }
`;

function benchCase(policies: readonly AamPolicyInfo[]): { game: AamGameDef; variant: AamVariant; label: string } {
  const c = compileAam(Source.parse('<bench>', BENCH_YAML).root(), policies);
  return { game: c.game, variant: c.variants[0].params, label: '3 Sherman + 5 Garand + 3 Bazooka + Commissar (100) vs 3 Panzer IV F2 + 10 Kar 98k (96), default battlefield and policies' };
}

/**
 * State invariants during a game (`atEnd` false: at every decision) and after
 * it: positions on the map, stacking, counters within bounds and only placed
 * in the airstrike/assault phases, damage only on vehicles, the dead off the
 * map, points lost equal to the dead units' cost, turns within the limit, and
 * a result at the end. Returns the violations.
 */
let scratch = new Uint8Array(0);

export function aamInvariants(s: AamState, atEnd: boolean): string[] {
  const out: string[] = [];
  const m = s.map;
  if (scratch.length < m.n * 2) scratch = new Uint8Array(m.n * 2);
  const occ = scratch;
  occ.fill(0, 0, m.n * 2);
  let lostBlue = 0, lostRed = 0;
  const tag = (u: number) => `unit ${u} (${s.unitType(u).name})`;
  for (let u = 0; u < s.n; u++) {
    if (!s.alive[u]) {
      if (s.side[u] === 0) lostBlue += s.unitType(u).cost;
      else lostRed += s.unitType(u).cost;
      if (s.pos[u] !== -1) out.push(`${tag(u)} is dead but at hex ${s.pos[u]}`);
      if (s.counters[u] || s.disrupted[u] || s.damaged[u]) out.push(`${tag(u)} is dead but carries counters`);
      continue;
    }
    if (s.kind[u] !== KIND_AIRCRAFT) {
      if (s.pos[u] < 0 || s.pos[u] >= m.n) out.push(`${tag(u)} is off the map (hex ${s.pos[u]})`);
      else occ[s.pos[u] * 2 + s.side[u]]++;
    } else if (s.pos[u] >= m.n || (s.pos[u] >= 0 && s.phase !== P_AIRSTRIKE && s.phase !== P_ASSAULT && s.phase !== P_CASUALTY && s.phase !== P_FLIGHT && s.phase !== P_END)) {
      out.push(`${tag(u)}: aircraft over hex ${s.pos[u]} in phase ${s.phase}`);
    }
    if (s.damaged[u] && s.kind[u] !== KIND_VEHICLE) out.push(`${tag(u)}: a ${KIND_NAMES[s.kind[u]]} is damaged`);
    if (s.counters[u] > lethalCounters(s.kind[u])) out.push(`${tag(u)}: ${s.counters[u]} counters`);
    if (s.counters[u] && s.phase !== P_AIRSTRIKE && s.phase !== P_ASSAULT && s.phase !== P_CASUALTY) out.push(`${tag(u)}: face-down counters outside the airstrike/assault phases (phase ${s.phase})`);
    if (s.facing[u] > 5) out.push(`${tag(u)}: facing ${s.facing[u]}`);
  }
  for (let i = 0; i < m.n * 2; i++) {
    if (occ[i] !== s.occupancy[i]) out.push(`occupancy of hex ${i >> 1} side ${i & 1}: ${s.occupancy[i]}, counted ${occ[i]}`);
    if (occ[i] > 2) out.push(`${occ[i]} friendly units stacked in hex ${i >> 1}`);
  }
  if (lostBlue !== s.pointsLost[0]) out.push(`Blue points lost ${s.pointsLost[0]}, dead units cost ${lostBlue}`);
  if (lostRed !== s.pointsLost[1]) out.push(`Red points lost ${s.pointsLost[1]}, dead units cost ${lostRed}`);
  if (s.turn > s.bf.maxTurns) out.push(`turn ${s.turn} beyond the limit ${s.bf.maxTurns}`);
  if (atEnd && (s.winner === NO_RESULT || s.endReason === END_NONE)) out.push('the game ended without a result');
  if (!atEnd && s.winner !== NO_RESULT) out.push('a decision after the game was decided');
  return out;
}

/** The engine's hooks for tests/engines-invariants.test.ts. */
const aamTesting = (policies: readonly AamPolicyInfo[]): EngineTesting<AamGameDef, AamVariant> => ({
  randomVariant: (_g, v) => ({
    ...v,
    blue: { ...v.blue, policy: 'random', policyParams: {} },
    red: { ...v.red, policy: 'random', policyParams: {} },
  }),
  checkedRunner(game, variant, report): GameRunner {
    const wrap = (inner: AamPolicy): AamPolicy => ({
      decide(d, o, legal, n, rng) {
        const name = D.DECISION_NAMES[d] ?? `decision ${d}`;
        const problems = aamInvariants(runner.s, false);
        if ((d === D.D_MOVE || d === D.D_ASSAULT) && o.actor >= 0 && o.disrupted[o.actor]) {
          for (let i = 0; i < n; i++) if (D.kindOf(legal[i]) === D.K_MOVE) problems.push(`disrupted unit ${o.actor} offered a move`);
        }
        return checkedDecision(name, legal, n, problems, report, () => inner.decide(d, o, legal, n, rng), { duplicates: false });
      },
    });
    const runner = new AamGame(game, variant, [wrap(policyOf(variant.blue, policies)), wrap(policyOf(variant.red, policies))]);
    return {
      play(dice, policyDice, rec, log) {
        runner.play(dice, policyDice, rec, log);
        for (const p of aamInvariants(runner.s, true)) report(`at the end: ${p}`);
        const sum = rec.rates[0] + rec.rates[1] + rec.rates[2];
        if (sum !== 1) report(`at the end: win + loss + draw = ${sum}`);
        if (rec.rates[3] > rec.rates[0]) report('at the end: an objective win that is not a win');
      },
    };
  },
});

/**
 * The Axis & Allies Miniatures engine module playing with these policies (the compiler accepts their ids and
 * parameters). Wired once, in src/registry.ts.
 */
export const axisAlliesMiniaturesEngine = (policies: readonly AamPolicyInfo[]): EngineModule<AamGameDef, AamVariant> => ({
  id: 'axis-allies-miniatures',
  title: 'Axis & Allies Miniatures — the turn sequence, combat and the standard scenario',
  seedFile: '002_4827ca52f2c10175.txt',
  rulesDoc: 'docs/rules/axis-allies-miniatures.md',
  policies: listPolicies(policies),
  compile: (root) => compileAam(root, policies),
  metrics: aamMetrics,
  createRunner(game, variant) {
    return new AamGame(game, variant, [policyOf(variant.blue, policies), policyOf(variant.red, policies)]);
  },
  catalogue: (lang) => aamCatalogueLines(lang),
  benchCase: () => benchCase(policies),
  testing: aamTesting(policies),
  switches: (_game, v) => rulingSwitches('aamRuling', AAM_RULINGS, v.rulings),
});
