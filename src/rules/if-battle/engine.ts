/**
 * The if-battle engine module (seed 001: the battle-scene chapter of a TRPG
 * in which characters fight with IFs): compile, metrics, runners, catalogue
 * and the benchmark case. The module is built for a list of policies
 * ({@link ifBattleEngine}); src/registry.ts passes src/policies/if-battle/
 * (docs/architecture.md). The rules never import a policy.
 */
import { rulingSwitches } from '../../sim/core/switch-def.js';
import { IF_RULINGS } from './rulings.js';
import type { EngineModule, EngineTesting, MetricSpec, StepSpec } from '../../sim/core/types.js';
import { Source } from '../../sim/input/schema.js';
import { AREAS } from './area-map.js';
import { BUGS, N_BUGS } from './catalogue.js';
import { ifCatalogueLines } from './catalogue-lines.js';
import { compileIfBattle } from './compile.js';
import type { IfGameDef, IfVariant, SideDef } from './config.js';
import { DECISION_NAMES, type IfPolicy, type IfPolicyInfo } from './decisions.js';
import { IfGame, RATE_DRAW, RATE_LOSS, RATE_WIN, VAL_ROUNDS } from './game.js';
import { END_NONE, OUT_IN, type IfState } from './state.js';
import { checkedDecision } from '../../sim/core/checked-decision.js';
import { listPolicies } from '../../sim/core/policy-list.js';

/** The metrics of an if-battle experiment (indices match game.ts). */
export function ifMetrics(g: IfGameDef): MetricSpec {
  const steps: StepSpec[] = [];
  for (let r = 0; r <= g.turnLimit; r++) steps.push({ id: `r${r}`, group: 'round', x: r });
  const maxLife = 4 * 200;
  return {
    rates: [
      { id: 'win', label: 'Win rate (the subject side is left standing)' },
      { id: 'draw', label: 'Draw rate (both sides still in at the result)' },
      { id: 'loss', label: 'Loss rate' },
      { id: 'end_one_side', label: 'Ended with one side left (flag check)' },
      { id: 'end_cease', label: 'Ended with no will to fight' },
      { id: 'end_time', label: 'Ended at the turn limit' },
      { id: 'subject_first', label: 'The subject side acted first (turn order)' },
      { id: 'drop_life0', label: 'Someone dropped out at life 0' },
      { id: 'drop_tenth', label: 'Someone dropped out by the 10% rule (main process)' },
      { id: 'drop_voluntary', label: 'Someone dropped out voluntarily at a flag check' },
      { id: 'drop_battery', label: 'Someone was defeated for battery 0' },
    ],
    values: [
      { id: 'rounds', label: 'Rounds played (fight length)', max: g.turnLimit },
      { id: 'life_left', label: 'Subject side life at the end', max: maxLife },
      { id: 'enemy_life_left', label: 'Reference side life at the end', max: maxLife },
      { id: 'damage_dealt', label: 'Memory damage dealt by the subject side', max: maxLife },
      { id: 'damage_taken', label: 'Memory damage taken by the subject side', max: maxLife },
      { id: 'field', label: 'Field (0 plain, 1 water, 2 air, 3 ice, 4 closed, 5 burning)', max: 5 },
      { id: 'checks', label: 'Checks made (both sides)', max: 400 },
      { id: 'bug_points', label: 'Bug points inflicted by the subject side', max: 100 },
      { id: 'bugged_turns', label: 'Subject turns begun with a bug', max: g.turnLimit * 4 },
      { id: 'recovery_checks', label: 'Subject recovery checks', max: g.turnLimit * 4 },
      { id: 'recoveries', label: 'Subject recoveries', max: g.turnLimit * 4 },
      { id: 'burn_damage', label: 'Subject burning-field damage', max: maxLife },
      { id: 'air_damage', label: 'Subject air-field damage', max: maxLife },
      { id: 'miasma_loss', label: 'Subject life lost to 瘴気', max: maxLife },
      { id: 'battery_left', label: 'Subject battery after the battle', max: 40 },
      { id: 'spoils', label: 'Spoils taken by the subject side', max: 8 },
      { id: 'joined', label: 'Characters that joined (乱入)', max: 8 },
      { id: 'attacks', label: 'Subject attacks (hit checks)', max: 200 },
      { id: 'hits_landed', label: 'Subject attacks that took effect', max: 200 },
      { id: 'enemy_recovery_checks', label: 'Reference recovery checks', max: g.turnLimit * 4 },
      { id: 'enemy_recoveries', label: 'Reference recoveries', max: g.turnLimit * 4 },
      { id: 'enemy_bugged_turns', label: 'Reference turns begun with a bug', max: g.turnLimit * 4 },
    ],
    series: {
      id: 'attrition',
      label: 'Life and characters still in, by round',
      steps,
      vars: [
        { id: 'life', label: 'Subject side life', max: maxLife },
        { id: 'enemy_life', label: 'Reference side life', max: maxLife },
        { id: 'in', label: 'Subject characters still in', max: 4 },
        { id: 'enemy_in', label: 'Reference characters still in', max: 4 },
      ],
    },
  };
}

/** The benchmark battle: a fast fragile striker against a slow tough one on a rolled field (raid process). */
export const BENCH_YAML = `
game: if-battle
process: raid
field: roll
characters:
  fast:
    speed: 8
    life: 16
    cost: 5
    power: 1
    skills: { impact: 3, flame: 2, running: 2, swimming: 1, flight: 1, aim: 1 }
    memories: [strike, flame_shot, dash, charge_up, binding_chain]
  tough:
    speed: 3
    life: 26
    cost: 4
    guard: 1
    resist: 1
    skills: { impact: 2, wave: 2, barrier: 1, offset: 1 }
    memories: [strike, miasma_wave, brace, iron_skin]
reference: { characters: [tough], policy: striker }
variants:
  - { name: bench, baseline: true, characters: [fast], policy: kiter }
`;

function benchCase(policies: readonly IfPolicyInfo[]): { game: IfGameDef; variant: IfVariant; label: string } {
  const compiled = compileIfBattle(Source.parse('<if-battle bench>', BENCH_YAML).root(), policies);
  return { game: compiled.game, variant: compiled.variants[0].params, label: 'duel: fast fragile kiter vs slow tough striker, rolled field, raid process' };
}

/**
 * State invariants of a game in progress (`atEnd` false) or just finished:
 * life within [0, max], out ⇔ off the map (for participants), occupancy
 * matching the positions and within the capacity (閉所: 1, except the
 * one-turn grace; the map-wide occupancy total at the end), cost within
 * [0, max], bug points ≥ 0, rounds within the
 * limit, turn counters never beyond the rounds played + 1.
 */
export function ifInvariants(g: IfGameDef, s: IfState, atEnd: boolean): string[] {
  const out: string[] = [];
  const bad = (what: string): void => void out.push(what);
  if (s.round > g.turnLimit) bad(`round ${s.round} beyond the limit ${g.turnLimit}`);
  let onMapCount = 0;
  for (let c = 0; c < s.n; c++) {
    const n = s.name(c);
    if (s.life[c] < 0 || s.life[c] > s.lifeMax[c]) bad(`${n}: life ${s.life[c]} outside [0, ${s.lifeMax[c]}]`);
    if (s.joined[c] && s.out[c] === OUT_IN && s.life[c] === 0) bad(`${n}: in the battle with life 0`);
    if (s.cost[c] < 0 || s.cost[c] > s.costMax[c]) bad(`${n}: cost ${s.cost[c]} outside [0, ${s.costMax[c]}]`);
    if (s.turn[c] > s.round + 1) bad(`${n}: turn ${s.turn[c]} after ${s.round} rounds`);
    for (let b = 0; b < N_BUGS; b++) if (s.bug(c, b) < 0) bad(`${n}: bug ${BUGS[b]} at ${s.bug(c, b)}`);
    const onMap = s.area[c] >= 0;
    if (s.isIn(c) !== onMap) bad(`${n}: ${s.isIn(c) ? 'in the battle but off the map' : 'out of the battle but on the map'}`);
    if (onMap) {
      onMapCount++;
      if (s.area[c] >= AREAS) bad(`${n}: area ${s.area[c]}`);
      else {
        let here = 0, noGrace = 0;
        for (let o = 0; o < s.n; o++) if (s.area[o] === s.area[c]) {
          here++;
          if (s.graceTurn[o] < 0) noGrace++;
        }
        if (here !== s.occupancy[s.area[c]]) bad(`area ${s.area[c]}: occupancy ${s.occupancy[s.area[c]]}, characters there ${here}`);
        if (here > 2) bad(`area ${s.area[c]}: ${here} characters (at most two)`);
        if (here > 1 && s.field === 4 && noGrace > 0) bad(`${n} shares area ${s.area[c]} in the closed field without the one-turn grace for everyone there`);
      }
    }
    if (s.battery[c] < 0) bad(`${n}: battery ${s.battery[c]}`);
  }
  if (atEnd) {
    let total = 0;
    for (let a = 0; a < AREAS; a++) total += s.occupancy[a];
    if (total !== onMapCount) bad(`the occupancy counts ${total} characters on the map, ${onMapCount} stand there`);
  }
  if (atEnd) {
    if (!s.over || s.endReason === END_NONE) bad('the game ended without an end reason');
    if (s.winner < -1 || s.winner > 1) bad(`winner ${s.winner}`);
  }
  return out;
}

function createPolicy(side: SideDef, policies: readonly IfPolicyInfo[]): IfPolicy {
  const info = policies.find((p) => p.id === side.policy);
  if (!info) throw new Error(`unknown if-battle policy "${side.policy}"`);
  return info.create(side.policyParams);
}

const ifTesting = (policies: readonly IfPolicyInfo[]): EngineTesting<IfGameDef, IfVariant> => ({
  randomVariant: (_game, v) => ({
    ...v,
    subject: { ...v.subject, policy: 'random', policyParams: {} },
    reference: { ...v.reference, policy: 'random', policyParams: {} },
  }),
  checkedRunner(game, variant, report) {
    const wrap = (inner: IfPolicy): IfPolicy => ({
      decide(d, o, legal, n, rng) {
        return checkedDecision(DECISION_NAMES[d] ?? `decision ${d}`, legal, n, ifInvariants(game, runner.s, false), report, () => inner.decide(d, o, legal, n, rng));
      },
    });
    const runner = new IfGame(game, variant, [wrap(createPolicy(variant.subject, policies)), wrap(createPolicy(variant.reference, policies))]);
    return {
      play(dice, policyDice, rec, log) {
        runner.play(dice, policyDice, rec, log);
        for (const p of ifInvariants(game, runner.s, true)) report(`at the end: ${p}`);
        if (rec.rates[RATE_WIN] + rec.rates[RATE_DRAW] + rec.rates[RATE_LOSS] !== 1) report('at the end: not exactly one of win, draw, loss');
        if (rec.values[VAL_ROUNDS] !== runner.s.round) report(`at the end: rounds recorded ${rec.values[VAL_ROUNDS]}, played ${runner.s.round}`);
      },
    };
  },
});

/**
 * The if-battle engine module playing with these policies (the compiler accepts their ids and parameters).
 * Wired once, in src/registry.ts.
 */
export const ifBattleEngine = (policies: readonly IfPolicyInfo[]): EngineModule<IfGameDef, IfVariant> => ({
  id: 'if-battle',
  title: 'IF battle scene — 21×21 area map, fields, bugs, ranked checks (seed 001)',
  seedFile: '001_6401c0d801003b7a.txt',
  rulesDoc: 'docs/rules/if-battle.md',
  policies: listPolicies(policies),
  compile: (root) => compileIfBattle(root, policies),
  metrics: ifMetrics,
  createRunner(game, variant) {
    return new IfGame(game, variant, [createPolicy(variant.subject, policies), createPolicy(variant.reference, policies)]);
  },
  catalogue: (lang) => ifCatalogueLines(lang),
  benchCase: () => benchCase(policies),
  testing: ifTesting(policies),
  switches: (_game, v) => rulingSwitches('ifRuling', IF_RULINGS, v.rulings),
});
