/**
 * The URBAN ASSAULT × ローグライクハーフ engine module (seed 004): compile,
 * metrics, runners, catalogue and the benchmark case. The module is built for
 * a list of policies ({@link urbanAssaultEngine}); src/registry.ts passes
 * src/policies/urban-assault/ (docs/architecture.md). The rules never import a policy.
 */
import type { EngineModule, EngineTesting, MetricSpec, RateSpec, StepSpec } from '../../sim/core/types.js';
import { EXPENDABLES, baseCatalogue } from './catalogue/catalogue.js';
import { uaCatalogueLines } from './catalogue/lines.js';
import { compileUrbanAssault } from './compile.js';
import { UA_BENCH_YAML } from './bench-case.js';
import { Source } from '../../sim/input/schema.js';
import type { GauntletDef, OperationDef, UaVariant } from './config.js';
import { DECISION_NAMES, type UaPolicy, type UaPolicyInfo } from './decisions.js';
import { RATE_LEADER_SURVIVED, RATE_WIN, ROUNDS_SHOWN, UaGame, VAL_ROUNDS } from './combat/game.js';
import { defaultRulings } from './catalogue/rulings.js';
import { uaSwitches } from './catalogue/switches.js';
import { UaOperation, counterBins, fallPlaces, maxSlots } from './operation/operation.js';
import { layoutOf } from './operation/base.js';
import { UaCampaign, campaignSteps, reportedAttempts } from './operation/campaign.js';
import { UaChain } from './operation/chain.js';
import { auditCampaignRates, auditCampaignValues, auditOperationRates, auditOperationValues } from './operation/audit-measures.js';
import { frameworkCampaignRates, frameworkCampaignValues, frameworkOperationRates, frameworkOperationValues } from './operation/framework-metrics.js';
import { END_LEADER_DOWN, END_NONE, type UaState } from './combat/state.js';
import { NAMES_INTACT, specialiseUa, type UaSpecialised } from './specialise.js';
import type { PeShipment } from '../../sim/core/pe-shipment.js';
import { checkedDecision } from '../../sim/core/checked-decision.js';
import { listPolicies } from '../../sim/core/policy-list.js';

/** Metrics of an operation: clear rate, cause of failure by place, per-tile attrition. */
/** 負傷 at the end (versions with the wound track, issue 24): its distribution (0–3) and mean with CI. */
const WOUNDS_END = { id: 'wounds_end', label: '負傷 at the end', max: 3 } as const;

export function operationMetrics(op: OperationDef, wounds = false): MetricSpec {
  // The variants' scenarios merged when their outputs differ (issue 28 item 9), else the scenario's own.
  const sc = layoutOf(op), slots = maxSlots(sc), note = (id: string) => op.layoutNotes?.[id] ?? '';
  const steps: StepSpec[] = [];
  for (let t = 0; t <= slots; t++) steps.push({ id: `tile-${t}`, group: 'operation', x: t });
  const maxMags = 99;
  return {
    rates: [
      { id: 'win', label: 'Operation success' },
      { id: 'leader_survived', label: 'Leader survived' },
      { id: 'fled', label: 'Fled a tile at least once' },
      { id: 'stalled', label: 'Not cleared, leader alive' },
      ...fallPlaces(sc).map((p) => ({ id: `fell_${p.code === 0 ? 'mid' : p.code === 99 ? 'final' : p.code === 97 ? 'briefing' : p.code}`, label: `Leader fell at ${p.code === 0 || p.code === 99 || p.code === 97 ? '' : `${p.code} `}${p.name}` })),
      // Each counter's value at the end (its distribution) and the success rate given that value (UA-R95).
      ...counterBins(sc).flatMap((b) => {
        const ks = Array.from({ length: b.n }, (_, x) => b.lo + x);
        return [
          ...ks.map((k) => ({ id: `counter_${b.id}_end_${k}`, label: `${b.id} = ${k} at the end` })),
          ...ks.map((k) => ({ id: `win_given_${b.id}_${k}`, label: `Success given ${b.id} = ${k} at the end`, given: `counter_${b.id}_end_${k}` })),
        ];
      }),      ...frameworkOperationRates(counterBins(sc)),
      // A chain (operation.after, UA-R134): the leader fell in an earlier scenario, this one was not played.
      ...(op.after ? [{ id: 'fell_before', label: 'Leader fell in an earlier scenario of the chain (after:)' }] : []),
      // The designer's test measures (audit: true, issue 41): last, so no other index moves.
      ...(op.audit ? auditOperationRates() : []),
    ],
    values: [
      { id: 'magazines_spent', label: 'Magazines spent', max: maxMags },
      { id: 'magazines_left', label: 'Magazines left', max: maxMags },
      { id: 'members_lost', label: 'Members lost', max: 12 },
      { id: 'rounds', label: 'Combat rounds', max: 300 },
      { id: 'tiles', label: 'Tiles counted', max: slots },
      { id: 'leader_life_end', label: 'Leader life at the end', max: 20 },
      { id: 'flees', label: 'Tiles fled (逃走)', max: 20 },
      { id: 'fights', label: 'Fights', max: 40 },
      { id: 'scrip', label: '軍票 at the end', max: 200 },
      { id: 'detects', label: '察知 attempts', max: 40 },
      { id: 'special_found', label: 'Special equipment found (§40)', max: 20 },
      // The scenario's counters at the end of the operation (declared, or used by an effect or condition; UA-R95).
      ...sc.counters.filter((c) => c.reported).flatMap((c) => [
        { id: `counter_${c.id}`, label: `Counter ${c.id} at the end${note(c.id)}`, max: c.max },
        { id: `counter_${c.id}_at_mid`, label: `Counter ${c.id} as the mid event starts (the end value if not reached)${note(c.id)}`, max: c.max },
        { id: `counter_${c.id}_at_final`, label: `Counter ${c.id} as the final event starts (the end value if not reached)${note(c.id)}`, max: c.max },
      ]),      ...frameworkOperationValues(),
      // The 負傷 track (2026-03 on): the leader's wound level when the operation ends (0–3), last so no index moves.
      ...(wounds ? [WOUNDS_END] : []),
      // A chain (operation.after, UA-R134): the magazines this scenario started with.
      ...(op.after ? [{ id: 'magazines_at_start', label: 'Magazines at the start (carried from the previous scenario where carry_over says so)', max: 99 }] : []),
      // The designer's test measures (audit: true, issue 41): last, so no other index moves.
      ...(op.audit ? auditOperationValues() : []),
    ],
    series: {
      id: 'attrition',
      label: 'Attrition by tile (0 = start)',
      steps,
      vars: [
        { id: 'leader_life', label: 'Leader life', max: 20 },
        { id: 'members', label: 'Members standing', max: 12 },
        { id: 'magazines', label: 'Magazines left', max: maxMags },
      ],
    },
  };
}

/** Metrics of a campaign: cleared, the attempts-to-clear distribution (cleared within k), per-stage first-attempt clear rates, per-attempt series. */
export function campaignMetrics(op: OperationDef, gunpyo = false, wounds = false): MetricSpec {
  const cap = reportedAttempts(op.campaign!), steps = campaignSteps(cap), sc = layoutOf(op), note = (id: string) => op.layoutNotes?.[id] ?? '';
  const asked = op.campaign!.asked, mixed = op.campaign!.reported !== undefined;
  // The scenario's operations.max may cut the experiment's max_attempts (issue 28 item 7): the label says what is played.
  const capNote = asked !== undefined ? ` (the scenario's operations.max: ${cap} cuts the experiment's max_attempts: ${asked})` : '';
  // Variants with different max_attempts (a single operation beside a campaign, issue 28 item 9): each its own.
  const rates: RateSpec[] = [{ id: 'win', label: mixed ? `Scenario cleared within the variant's attempts (at most ${cap})` : `Scenario cleared within ${cap} attempt${cap === 1 && asked !== undefined ? '' : 's'}${capNote}` }];
  for (let k = 1; k <= steps; k++) rates.push({ id: `cleared_within_${k}`, label: `Cleared within ${k} attempt${k === 1 ? '' : 's'}` });
  for (let st = 1; st <= 3; st++) rates.push({ id: `reached_stage_${st}`, label: `Reached reorganization stage ${st}` });
  for (let st = 0; st <= 3; st++) {
    rates.push({ id: `first_attempt_cleared_stage_${st}`, label: `First attempt at stage ${st} cleared${st > 0 ? ` (given stage ${st} reached)` : ''}`, ...(st > 0 ? { given: `reached_stage_${st}` } : {}) });
  }
  // Each counter's value at the end of the first attempt, and the campaign's success given it (UA-R95).
  for (const b of counterBins(sc)) {
    for (let x = 0; x < b.n; x++) rates.push({ id: `counter_${b.id}_end_${b.lo + x}`, label: `${b.id} = ${b.lo + x} at the end of the first attempt` });
    for (let x = 0; x < b.n; x++) rates.push({ id: `win_given_${b.id}_${b.lo + x}`, label: `Cleared given ${b.id} = ${b.lo + x} after the first attempt`, given: `counter_${b.id}_end_${b.lo + x}` });
  }
  rates.push(...frameworkCampaignRates(counterBins(sc)));
  // The designer's test measures per lap (audit: true, issue 41): last, so no other index moves.
  if (op.audit) rates.push(...auditCampaignRates(sc.laps.length));
  const stepSpecs: StepSpec[] = [];
  for (let a = 0; a < steps; a++) stepSpecs.push({ id: `attempt-${a + 1}`, group: 'campaign', x: a + 1 });
  return {
    rates,
    values: [
      { id: 'attempts', label: 'Attempts (to clear, or the cap)', max: cap },
      { id: 'leader_deaths', label: 'Leader deaths', max: cap },
      { id: 'final_stage', label: 'Reorganization stage at the end', max: 3 },
      { id: 'level_end', label: 'Leader experience level at the end', max: 40 },
      { id: 'magazines_spent', label: 'Magazines spent (all attempts)', max: 999 },
      { id: 'scrip_end', label: '軍票 at the end', max: 999 },
      { id: 'special_found', label: 'Special equipment found (§40, all attempts)', max: 40 },
      { id: 'exchange_magazines', label: 'Magazines from exchanging special equipment (§39)', max: 200 },
      // The scenario's counters (UA-R95): at the end of the first attempt and of the last one.
      ...sc.counters.filter((c) => c.reported).flatMap((c) => [
        { id: `counter_${c.id}_first`, label: `Counter ${c.id} at the end of the first attempt${note(c.id)}`, max: c.max },
        { id: `counter_${c.id}`, label: `Counter ${c.id} at the end of the last attempt${note(c.id)}`, max: c.max },
      ]),      ...frameworkCampaignValues(cap),
      ...(wounds ? [{ ...WOUNDS_END, label: '負傷 at the end of the last attempt' }] : []),
      ...(op.audit ? auditCampaignValues(sc.laps.length) : []),
    ],
    series: {
      id: 'attrition',
      label: 'Campaign state at the start of each attempt',
      steps: stepSpecs,
      vars: [
        { id: 'stage', label: 'Reorganization stage', max: 3 },
        { id: 'level', label: 'Leader level', max: 40 },
        { id: 'magazines', label: 'Magazines at the start', max: 99 },
        { id: 'members', label: 'Members at the start', max: 12 },
        // A 軍票 economy (2026-03 on): 軍票 after each operation, its unused magazines converted (§44 弾薬整理).
        ...(gunpyo ? [{ id: 'gunpyo', label: '軍票 after the operation (magazines converted)', max: 999 }] : []),
      ],
    },
  };
}

export function uaMetrics(g: GauntletDef): MetricSpec {
  if (g.operation) return g.operation.campaign ? campaignMetrics(g.operation, g.gunpyo === true, g.wounds === true) : operationMetrics(g.operation, g.wounds === true);
  const steps: StepSpec[] = [];
  g.engagements.forEach((e, i) => {
    for (let r = 0; r <= ROUNDS_SHOWN; r++) steps.push({ id: `e${i + 1}-r${r}`, group: `${i + 1}. ${e.name}`, x: r });
  });
  const maxMags = 80;
  return {
    rates: [
      { id: 'win', label: 'Clear rate' },
      { id: 'leader_survived', label: 'Leader survived' },
      { id: 'retreated', label: 'Retreated at least once' },
    ],
    values: [
      { id: 'magazines_spent', label: 'Magazines spent', max: maxMags },
      { id: 'magazines_left', label: 'Magazines left', max: maxMags },
      { id: 'members_lost', label: 'Members lost', max: 12 },
      { id: 'rounds', label: 'Combat rounds', max: 200 },
      { id: 'engagements_cleared', label: 'Engagements cleared', max: g.engagements.length },
      { id: 'leader_life_end', label: 'Leader life at the end', max: 20 },
      // A 軍票 economy (2026-03 on): the 軍票 left after purchases plus every unused magazine converted (§27, §44).
      ...(g.gunpyo ? [{ id: 'gunpyo_end', label: '軍票 at the end (unused magazines converted)', max: 200 }] : []),
      ...(g.wounds ? [WOUNDS_END] : []),
    ],
    series: {
      id: 'attrition',
      label: 'Attrition by engagement and round',
      steps,
      vars: [
        { id: 'leader_life', label: 'Leader life', max: 20 },
        { id: 'members', label: 'Members standing', max: 12 },
        { id: 'magazines', label: 'Magazines left', max: maxMags },
        { id: 'enemies', label: 'Enemies standing', max: 40 },
      ],
    },
  };
}

/** The benchmark case: the flagship gauntlet's baseline variant (bench-case.ts). */
function benchCase(policies: readonly UaPolicyInfo[]): { game: GauntletDef; variant: UaVariant; label: string } {
  const c = compileUrbanAssault(Source.parse('ua-bench.yaml', UA_BENCH_YAML).root(), policies);
  return { game: c.game, variant: c.variants[0].params, label: 'the flagship gauntlet\'s baseline: 射撃 leader (AR, starting kit) + 7 assault, five engagements of tutorial 01 at NORMAL' };
}

/**
 * State invariants of a game in progress (`atEnd` false: checked at every
 * decision) or just finished: resources never negative, life within
 * (0, max] until the leader is down, members within [0, start], enemies within
 * [0, start + joined by 増援 that keeps the start] during a combat, rounds within the limit. Returns the violations.
 */
export function uaInvariants(g: GauntletDef, s: UaState, atEnd: boolean): string[] {
  const out: string[] = [];
  const bad = (what: string, v: number) => out.push(`${what} = ${v}`);
  if (!Number.isInteger(s.magazines) || s.magazines < 0) bad('magazines', s.magazines);
  if (s.magazinesSpent < 0) bad('magazines spent', s.magazinesSpent);
  if (s.subCur < 0 || s.subCur > s.subMax) bad('sub-ability points', s.subCur);
  if (s.mre < 0) bad('MREs', s.mre);
  for (let i = 0; i < s.expendables.length; i++) if (s.expendables[i] < 0) bad(`expendable ${EXPENDABLES[i]}`, s.expendables[i]);
  if (s.life > s.lifeMax) bad(`life (max ${s.lifeMax})`, s.life);
  if (s.life < 0 || (s.life === 0 && !(atEnd && s.endReason === END_LEADER_DOWN))) bad('life', s.life);
  for (let r = 0; r < s.members.length; r++) if (s.members[r] < 0 || s.members[r] > s.membersStart[r]) bad(`members of role ${r}`, s.members[r]);
  if (atEnd && s.active !== 0) bad('leader in play at the end (§45: the first)', s.active);
  const o = s.other;
  if (o.lifeMax > 0) {
    // §45 two players: the second leader and his squad.
    if (o.life > o.lifeMax || o.life < 0 || (o.life === 0 && !(atEnd && s.endReason === END_LEADER_DOWN))) bad('second leader\'s life', o.life);
    if (o.subCur < 0 || o.subCur > o.subMax || o.mre < 0) bad('second leader\'s sub-ability points / MREs', Math.min(o.subCur, o.mre));
    for (let r = 0; r < o.members.length; r++) if (o.members[r] < 0 || o.members[r] > o.membersStart[r]) bad(`second squad's members of role ${r}`, o.members[r]);
  }
  // Special equipment: a held piece has uses left (used-up pieces are discarded), never more than it was found with.
  if (s.nSpecial < 0 || s.nSpecial > s.spKind.length) bad('special-equipment pieces', s.nSpecial);
  for (let i = 0; i < s.nSpecial; i++) if (s.spUses[i] < 1 || s.spUses[i] > s.spTotal[i]) bad(`uses of special-equipment piece ${i}`, s.spUses[i]);
  if (s.drones < 0 || s.droneGuards < 0 || s.scannerStanding < 0) bad('drones / drone guards / standing scanners', Math.min(s.drones, s.droneGuards, s.scannerStanding));
  if (s.endReason === END_NONE) {
    for (let u = 0; u < s.nUnits; u++) if (s.unitLeft[u] < 0 || s.unitLeft[u] > s.unitStart[u] + s.unitJoined[u]) bad(`enemy unit ${u}`, s.unitLeft[u]);
  }
  if (s.round > g.maxRounds) bad(`round (limit ${g.maxRounds})`, s.round);
  if (g.operation) {
    const op = g.operation;
    if (!op.campaign && s.tilesDone > maxSlots(layoutOf(op))) bad(`tiles counted (limit ${maxSlots(layoutOf(op))})`, s.tilesDone);
    if (s.totalRounds > g.maxRounds * op.maxTiles * 2 * (op.campaign ? reportedAttempts(op.campaign) : 1)) bad('rounds in the operation', s.totalRounds);
    if (s.reorgStage < 0 || s.reorgStage > 3) bad('reorganization stage', s.reorgStage);
    if (s.retreats > op.maxFlees) bad(`flees (limit ${op.maxFlees})`, s.retreats);
    if (s.hitTableUses < 0) bad('hit-table modifier uses', s.hitTableUses);
    if (s.scrip < 0 || s.info < 0) bad('scrip/info', Math.min(s.scrip, s.info));
    return out;
  }
  const encounters = g.engagements.length + (g.retreatMode === 're-enter' ? g.maxRetreats : 0);
  if (s.totalRounds > g.maxRounds * encounters) bad(`rounds in the game (limit ${g.maxRounds} × ${encounters} encounters)`, s.totalRounds);
  if (g.retreatMode === 're-enter' && s.retreats > g.maxRetreats) bad(`retreats (limit ${g.maxRetreats})`, s.retreats);
  if (s.engagementsCleared > g.engagements.length) bad('engagements cleared', s.engagementsCleared);
  return out;
}

/** The runner for a variant: an operation on the scenario map, or the gauntlet/engagement. */
export function createUaRunner(game: GauntletDef, variant: UaVariant, policy: UaPolicy): UaGame {
  return uaRunnerOf(game, variant, policy)(null);
}

/**
 * The runner of a variant built by `as`: its own class (null), or a subclass of it (the specialised class of issue 44,
 * specialise.ts) — the same constructor arguments either way.
 */
function uaRunnerOf(game: GauntletDef, variant: UaVariant, policy: UaPolicy): (as: (new (...a: never[]) => unknown) | null) => UaGame {
  const build = <A extends unknown[]>(cls: new (...a: A) => UaGame, ...args: A) => (as: (new (...a: never[]) => unknown) | null): UaGame =>
    as === null ? new cls(...args) : Reflect.construct(cls, args, as) as UaGame;
  if (game.operation) {
    const g = { ...game, operation: variant.operation ?? game.operation };
    if (g.operation.after && !g.operation.campaign) {
      // A chain (UA-R134): the earlier scenarios' runners and records, and where the chain's outputs sit.
      const m = operationMetrics(g.operation, g.wounds === true);
      const specs = g.operation.after.map((a) => operationMetrics({ ...g.operation, scenario: a.scenario, after: undefined, layout: undefined }, g.wounds === true));
      return build(UaChain, g, variant.squad, policy, variant.rulings, variant.after!, specs, { fellBefore: m.rates.length - 1, magazinesAtStart: m.values.length - 1 });
    }
    return g.operation.campaign ? build(UaCampaign, g, variant.squad, policy, variant.rulings) : build(UaOperation, g, variant.squad, policy, variant.rulings);
  }
  return build(UaGame, game, variant.squad, policy, variant.rulings);
}

/** The specialised runners of an experiment's variants (issue 44, specialise.ts): partially evaluated from the general ones' methods. */
export function specialisedUaRunners(game: GauntletDef, variants: readonly UaVariant[], policies: readonly UaPolicyInfo[], shipped?: PeShipment | null): UaSpecialised {
  const generals = variants.map((v) => createUaRunner(game, v, createPolicy(v, policies)));
  return specialiseUa(generals, (i, cls) => {
    const policy = createPolicy(variants[i], policies);
    return uaRunnerOf(game, variants[i], policy.specialised ? policy.specialised() : policy)(cls);
  }, shipped);
}

function createPolicy(variant: UaVariant, policies: readonly UaPolicyInfo[]): UaPolicy {
  const info = policies.find((p) => p.id === variant.squad.policy)!;
  return info.create(variant.squad.policyParams);
}

/** The engine's hooks for tests/engines-invariants.test.ts. */
const uaTesting = (policies: readonly UaPolicyInfo[]): EngineTesting<GauntletDef, UaVariant> => ({
  randomVariant: (_game, v) => ({ ...v, squad: { ...v.squad, policy: 'random', policyParams: {} } }),
  checkedRunner(game, variant, report) {
    const inner = createPolicy(variant, policies);
    const checked: UaPolicy = {
      decide(d, o, legal, n, rng) {
        return checkedDecision(DECISION_NAMES[d] ?? `decision ${d}`, legal, n, uaInvariants(game, runner.s, false), report, () => inner.decide(d, o, legal, n, rng));
      },
    };
    const runner = createUaRunner(game, variant, checked);
    return {
      play(dice, policyDice, rec, log) {
        runner.play(dice, policyDice, rec, log);
        for (const p of uaInvariants(game, runner.s, true)) report(`at the end: ${p}`);
        if (!game.operation?.campaign && rec.rates[RATE_WIN] > rec.rates[RATE_LEADER_SURVIVED]) report('at the end: a win without the leader surviving');
        if (game.operation?.campaign && rec.rates[RATE_WIN] === 1 && rec.values[0] > reportedAttempts(game.operation.campaign)) report('at the end: more attempts than the cap');
        if (!game.operation && rec.values[VAL_ROUNDS] !== runner.s.totalRounds) report(`at the end: rounds recorded ${rec.values[VAL_ROUNDS]}, played ${runner.s.totalRounds}`);
      },
    };
  },
});

/**
 * The URBAN ASSAULT engine module playing with these policies (the compiler accepts their ids and parameters).
 * Wired once, in src/registry.ts.
 */
export const urbanAssaultEngine = (policies: readonly UaPolicyInfo[]): EngineModule<GauntletDef, UaVariant> => ({
  id: 'urban-assault',
  title: 'URBAN ASSAULT × ローグライクハーフ — engagements and gauntlets',
  seedFile: '004_85d4baaef948cf89.txt',
  rulesDoc: 'docs/rules/urban-assault.md',
  policies: listPolicies(policies),
  compile: (root) => compileUrbanAssault(root, policies),
  metrics: uaMetrics,
  createRunner(game, variant) {
    return createUaRunner(game, variant, createPolicy(variant, policies));
  },
  createSpecialisedRunners: (game, variants, shipped) => (NAMES_INTACT ? specialisedUaRunners(game, variants, policies, shipped).runners
    : variants.map((v) => createUaRunner(game, v, createPolicy(v, policies)))),
  specialisedShipment: (game, variants) => (NAMES_INTACT ? specialisedUaRunners(game, variants, policies).shipment : null),
  catalogue: (lang) => uaCatalogueLines(lang),
  benchCase: () => benchCase(policies),
  testing: uaTesting(policies),
  switches: (_game, v) => uaSwitches(v),
});
