/**
 * The robot-skirmish engine module (seed 000: the turn and combat chapter of a
 * miniatures game for robots built from BJPM ball-jointed plastic models):
 * compile, metrics, runners, catalogue and the benchmark case. The module is
 * built for a list of policies ({@link robotSkirmishEngine}); src/registry.ts
 * passes src/policies/robot-skirmish/ (docs/architecture.md). The rules never import a policy.
 */
import { rulingSwitches } from '../../sim/core/switch-def.js';
import { RS_RULINGS } from './rulings.js';
import type { ControlSpec, EngineModule, EngineTesting, MetricSpec, StepSpec, ValueSpec } from '../../sim/core/types.js';
import { Source } from '../../sim/input/schema.js';
import { rsCatalogueLines } from './catalogue-lines.js';
import { compileRobotSkirmish } from './compile.js';
import type { RsGameDef, RsVariant, SideDef } from './config.js';
import { DECISION_NAMES, type RsPolicy, type RsPolicyInfo } from './decisions.js';
import { ATTACK_TYPES, ATTACK_TYPE_LABELS, RATE_DRAW, RATE_LOSS, RATE_WIN, RsGame, VAL_ROUNDS } from './game.js';
import { END_ANNIHILATION, END_NONE, MAX_CARRY, MAX_ITEMS, type RsState } from './state.js';
import { checkedDecision } from '../../sim/core/checked-decision.js';
import { listPolicies } from '../../sim/core/policy-list.js';

/**
 * The luck controls (luck.ts), in the order of its raw slots; every term is in side 0's favour: a value part of the
 * outcome of a roll minus its exact expectation before the roll, times a weight of the time of the roll (h = the
 * turn's number / the game's turns, R = the turns left after it).
 */
export const RS_CONTROLS: readonly ControlSpec[] = [
  { id: 'luck_initiative', doc: 'Initiative roll-off (RS-R01): +½ when side 0 plays first, −½ when second (probability exactly ½ each)' },
  { id: 'luck_margin', doc: 'Attack rolls, friendly-fire checks and damage/clone/armour dice valued by σ(e / (2√(R + 1))), e = side 0\'s surviving cost × hp / max hp − side 1\'s, σ(x) = x / √(1 + x²), minus the exact expectation before each roll (luck.ts)' },
  { id: 'luck_margin_late', doc: 'luck_margin with each term weighted by h³' },
  { id: 'luck_ahead_end', doc: 'The same rolls valued by [side 0 leads on surviving cost] (a win at the time limit), weighted by e^(−R/3)' },
  { id: 'luck_ahead_mid', doc: 'The same rolls valued by [side 0 leads on surviving cost], weighted by h²' },
  { id: 'luck_level', doc: 'The same rolls valued by [side 0 does not trail on surviving cost]' },
  { id: 'luck_level_mid', doc: 'luck_level with each term weighted by h' },
  { id: 'luck_cost', doc: 'The same rolls valued by σ(m / 2), m = side 0\'s surviving cost − side 1\'s' },
  { id: 'luck_cost_late', doc: 'luck_cost with each term weighted by h³' },
  { id: 'luck_share', doc: 'The same rolls valued by side 0\'s share of the surviving cost × hp / max hp, weighted by h²' },
  { id: 'luck_hp_side0', doc: 'Side 0\'s rolls (and self-repair) valued in hp: Σ cost × hp lost / max hp, + for side 1\'s units' },
  { id: 'luck_hp_late', doc: 'Every side\'s rolls valued in hp, weighted by h²' },
];

export function rsMetrics(g: RsGameDef): MetricSpec {
  const steps: StepSpec[] = [];
  for (let r = 0; r <= g.turnLimit; r++) steps.push({ id: `r${r}`, group: 'round', x: r });
  const maxHp = 5 * Math.max(...g.catalogue.sizes.map((s) => s.hp));
  const typeValues: ValueSpec[] = [];
  ATTACK_TYPES.forEach((t, i) => {
    typeValues.push({ id: `${t}_actions`, label: `${ATTACK_TYPE_LABELS[i]}: actions`, max: 60 });
    typeValues.push({ id: `${t}_damage`, label: `${ATTACK_TYPE_LABELS[i]}: damage dealt`, max: 120 });
  });
  return {
    rates: [
      { id: 'win', label: 'Win rate' },
      { id: 'draw', label: 'Draw rate' },
      { id: 'loss', label: 'Loss rate' },
      { id: 'end_annihilation', label: 'Ended by annihilation' },
      { id: 'end_hq', label: 'Ended by a headquarters destroyed' },
      { id: 'end_time', label: 'Ended at the time limit' },
    ],
    values: [
      { id: 'rounds', label: 'Rounds played', max: g.turnLimit },
      { id: 'victory_round', label: 'Round of victory (0 = no win)', max: g.turnLimit },
      { id: 'units_left', label: 'Own units left', max: 5 },
      { id: 'enemy_units_left', label: 'Enemy units left', max: 5 },
      { id: 'cost_left', label: 'Own surviving cost', max: g.armyPoints },
      { id: 'enemy_cost_left', label: 'Enemy surviving cost', max: g.armyPoints },
      { id: 'self_damage', label: 'Own unpreventable self-damage (run, charge, fumble)', max: 40 },
      { id: 'formation_doubled', label: 'Formation attacks with the same-size doubling', max: 60 },
      ...typeValues,
    ],
    controls: RS_CONTROLS,
    series: {
      id: 'attrition',
      label: 'Units and total hp standing by round',
      steps,
      vars: [
        { id: 'units', label: 'Own units standing', max: 5 },
        { id: 'enemy_units', label: 'Enemy units standing', max: 5 },
        { id: 'hp', label: 'Own total hp', max: maxHp },
        { id: 'enemy_hp', label: 'Enemy total hp', max: maxHp },
      ],
    },
  };
}

/** The benchmark battle: mixed-size two-weapon armies on the standard table, formation-first vs focus-fire. */
export const BENCH_YAML = `
game: robot-skirmish
table:
  width: 90
  height: 60
  mirror_terrain: true
  terrain:
    - { kind: block, x: 20, y: 22, w: 8, h: 4 }
    - { kind: hinder, x: 55, y: 18, w: 12, h: 8 }
    - { kind: hinder, x: 38, y: 28, w: 14, h: 4 }
armies:
  mixed:
    - { name: S1, size: small, bonus: { attack: 1 }, weapons: [rifle, missile_pod] }
    - { name: M1, size: medium, weapons: [rifle, missile_pod] }
    - { name: L1, size: large, weapons: [rifle, missile_pod] }
reference: { army: mixed, policy: focus-fire }
variants:
  - { name: bench, baseline: true, army: mixed, policy: formation-first }
`;

function benchCase(policies: readonly RsPolicyInfo[]): { game: RsGameDef; variant: RsVariant; label: string } {
  const compiled = compileRobotSkirmish(Source.parse('<robot-skirmish bench>', BENCH_YAML).root(), policies);
  return { game: compiled.game, variant: compiled.variants[0].params, label: 'mixed small/medium/large, rifle + missile pod, formation-first vs focus-fire, 90×60 table with terrain' };
}

/**
 * State invariants of a game in progress (`atEnd` false: checked at every
 * decision) or just finished: hp within [0, max] and alive ⇔ hp > 0,
 * combinations well formed, bases on the table, off blocking terrain and not
 * overlapping, tokens and rounds within bounds, weapons and hands consistent.
 */
export function rsInvariants(g: RsGameDef, s: RsState, atEnd: boolean): string[] {
  const out: string[] = [];
  const bad = (what: string): void => void out.push(what);
  if (s.round > g.turnLimit) bad(`round ${s.round} beyond the limit ${g.turnLimit}`);
  for (let side = 0; side < 2; side++) if (s.turnNo[side] > g.turnLimit) bad(`side ${side} played ${s.turnNo[side]} turns`);
  for (let u = 0; u < s.nUnits; u++) {
    const n = s.name(u);
    if (s.hp[u] < 0 || s.hp[u] > s.hpMax[u]) bad(`${n}: hp ${s.hp[u]} outside [0, ${s.hpMax[u]}]`);
    if ((s.alive[u] === 1) !== s.hp[u] > 0) bad(`${n}: alive ${s.alive[u]} with hp ${s.hp[u]}`);
    if (s.concTurn[u] < 0 || s.concTurn[u] > s.turnNo[s.side[u]] + 1) bad(`${n}: concentration token from turn ${s.concTurn[u]}`);
    if (!s.alive[u]) continue;
    const lead = s.group[u];
    if (lead < 0 || lead >= s.nUnits || !s.alive[lead] || s.group[lead] !== lead || s.side[lead] !== s.side[u]) bad(`${n}: combined with ${lead}, not a living lead of its side`);
    if (!s.onTable(u)) continue;
    if (!s.table.inBounds(s.x[u], s.y[u], s.rad[u])) bad(`${n}: off the table at (${s.x[u]}, ${s.y[u]})`);
    if (!s.hover[u] && s.table.onBlocking(s.x[u], s.y[u], s.rad[u])) bad(`${n}: stands on blocking terrain`);
    for (let v = u + 1; v < s.nUnits; v++) {
      if (!s.onTable(v) || s.hover[v] !== s.hover[u]) continue;
      if (s.dist(u, v) < s.rad[u] + s.rad[v] - 1e-6) bad(`${n} and ${s.name(v)}: bases overlap (${s.dist(u, v).toFixed(3)} apart)`);
    }
    if (s.nMembers[u] === 1) {
      const f = s.units[u].forms[s.form[u]];
      let hands = 0;
      for (let k = 0; k < MAX_CARRY; k++) {
        const wi = s.carry[(u * 2 + s.form[u]) * MAX_CARRY + k];
        if (wi < -1 || wi >= g.catalogue.weapons.length) bad(`${n}: carry slot ${k} holds ${wi}`);
        if (wi >= 0) hands += g.catalogue.weapons[wi].hands;
      }
      if (hands > f.hands) bad(`${n}: holds weapons for ${hands} hands with ${f.hands}`);
    }
  }
  if (s.nItems < 0 || s.nItems > MAX_ITEMS) bad(`${s.nItems} dropped weapons`);
  if (g.hq) for (let h = 0; h < 2; h++) if (s.hqHp[h] < 0 || s.hqHp[h] > g.hq.hp) bad(`headquarters ${h}: hp ${s.hqHp[h]}`);
  if (atEnd) {
    if (!s.over || s.endReason === END_NONE) bad('the game ended without an end reason');
    if (s.winner < -1 || s.winner > 1) bad(`winner ${s.winner}`);
    if (s.endReason === END_ANNIHILATION && s.unitsAlive(0) > 0 && s.unitsAlive(1) > 0) bad('annihilation with both sides standing');
  }
  return out;
}

function createPolicy(side: SideDef, policies: readonly RsPolicyInfo[]): RsPolicy {
  const info = policies.find((p) => p.id === side.policy);
  if (!info) throw new Error(`unknown robot-skirmish policy "${side.policy}"`);
  return info.create(side.policyParams);
}

const rsTesting = (policies: readonly RsPolicyInfo[]): EngineTesting<RsGameDef, RsVariant> => ({
  randomVariant: (_game, v) => ({
    ...v,
    subject: { ...v.subject, policy: 'random', policyParams: {} },
    reference: { ...v.reference, policy: 'random', policyParams: {} },
  }),
  checkedRunner(game, variant, report) {
    // Every decision goes through `decide` (checked); chooseMove/attackKinds are shortcuts that must agree with it,
    // so they are left out. moveFamilies is kept: it says which destinations are offered at all, so dropping it
    // would play a different game from the unchecked runner.
    const wrap = (inner: RsPolicy): RsPolicy => {
      const checked: RsPolicy = {
        decide(d, o, legal, n, rng) {
          return checkedDecision(DECISION_NAMES[d] ?? `decision ${d}`, legal, n, rsInvariants(game, runner.s, false), report, () => inner.decide(d, o, legal, n, rng));
        },
      };
      if (inner.moveFamilies !== undefined) checked.moveFamilies = (o) => inner.moveFamilies!(o);
      return checked;
    };
    const runner = new RsGame(game, variant, [wrap(createPolicy(variant.subject, policies)), wrap(createPolicy(variant.reference, policies))]);
    return {
      play(dice, policyDice, rec, log) {
        runner.play(dice, policyDice, rec, log);
        for (const p of rsInvariants(game, runner.s, true)) report(`at the end: ${p}`);
        if (rec.rates[RATE_WIN] + rec.rates[RATE_DRAW] + rec.rates[RATE_LOSS] !== 1) report('at the end: not exactly one of win, draw, loss');
        if (rec.values[VAL_ROUNDS] !== runner.s.round) report(`at the end: rounds recorded ${rec.values[VAL_ROUNDS]}, played ${runner.s.round}`);
      },
    };
  },
});

/**
 * The robot-skirmish engine module playing with these policies (the compiler accepts their ids and parameters).
 * Wired once, in src/registry.ts.
 */
export const robotSkirmishEngine = (policies: readonly RsPolicyInfo[]): EngineModule<RsGameDef, RsVariant> => ({
  id: 'robot-skirmish',
  title: 'BJPM robot skirmish — turns and combat on a 2D table (formations, multi-attacks, charges)',
  seedFile: '000_70c3bc1820d39141.txt',
  rulesDoc: 'docs/rules/robot-skirmish.md',
  policies: listPolicies(policies),
  compile: (root) => compileRobotSkirmish(root, policies),
  metrics: rsMetrics,
  createRunner(game, variant) {
    return new RsGame(game, variant, [createPolicy(variant.subject, policies), createPolicy(variant.reference, policies)]);
  },
  catalogue: (lang) => rsCatalogueLines(lang),
  benchCase: () => benchCase(policies),
  testing: rsTesting(policies),
  switches: (_game, v) => rulingSwitches('rsRuling', RS_RULINGS, v.rulings),
});
