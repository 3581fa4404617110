/**
 * The chojin-locke engine module (seed 003: the combat chapter of the
 * 超人ロック card game, KMC rulebook 第10章): compile, metrics, runners,
 * catalogue and the benchmark case. The module is built for a list of policies
 * ({@link chojinLockeEngine}); src/registry.ts passes src/policies/chojin-locke/
 * (docs/architecture.md). The rules never import a policy.
 */
import { rulingSwitches } from '../../sim/core/switch-def.js';
import { LK_RULINGS } from './rulings.js';
import type { EngineModule, EngineTesting, MetricSpec, StepSpec } from '../../sim/core/types.js';
import { Source } from '../../sim/input/schema.js';
import { compileChojinLocke } from './compile.js';
import { lkCatalogueLines } from './catalogue-lines.js';
import type { EsperDef, LkGameDef, LkVariant } from './config.js';
import { DECISION_NAMES, type LkPolicy, type LkPolicyInfo } from './decisions.js';
import { LkGame, RATE_ALL_SURVIVE, RATE_LOSS, RATE_WIN, VAL_ROUNDS } from './game.js';
import { END_NONE, LOC_DECK, LOC_DISCARD, MAX_HAND, ST_ACTIVE, ST_DEAD, type LkState } from './state.js';
import { checkedDecision } from '../../sim/core/checked-decision.js';
import { listPolicies } from '../../sim/core/policy-list.js';

export function lkMetrics(g: LkGameDef): MetricSpec {
  const steps: StepSpec[] = [];
  for (let r = 0; r <= g.maxRounds; r++) steps.push({ id: `r${r}`, group: 'round', x: r });
  return {
    rates: [
      { id: 'win', label: 'Win (every enemy dead)' },
      { id: 'loss', label: 'Loss (every party esper dead)' },
      { id: 'enemy_gone', label: 'No enemy left in the combat (dead or escaped)' },
      { id: 'leader_survives', label: 'First party esper survives' },
      { id: 'all_survive', label: 'Every party esper survives' },
      { id: 'party_escaped', label: 'A party esper escaped from the combat' },
      { id: 'deck_out', label: 'Ended by the combat cards running out' },
      { id: 'no_combat', label: 'No combat (too few cards)' },
    ],
    values: [
      { id: 'rounds', label: 'Rounds played', max: g.maxRounds },
      { id: 'party_alive', label: 'Party espers alive', max: 8 },
      { id: 'enemies_alive', label: 'Enemies alive', max: 8 },
      { id: 'party_durability', label: 'Party durability left (living)', max: 60 },
      { id: 'enemy_durability', label: 'Enemy durability left (living)', max: 60 },
      { id: 'attacks', label: 'Party attacks (cards and specials)', max: 60 },
      { id: 'sync_attacks', label: 'Party attacks with at least one synchroniser', max: 60 },
      { id: 'sync_power', label: 'Power added by party synchronisation', max: 300 },
      { id: 'supplements', label: 'Party cards played with willpower supplement', max: 40 },
      { id: 'supplement_failures', label: 'Party supplements that failed', max: 40 },
      { id: 'blocks', label: 'Party teleport blocks tried', max: 20 },
      { id: 'blocks_won', label: 'Party teleport blocks that stopped a teleport', max: 20 },
      { id: 'escapes', label: 'Party escapes from the combat', max: 8 },
      { id: 'jammer_refusals', label: 'Party cards refused by a secret jammer', max: 40 },
      { id: 'power_spent', label: 'ESP power spent by the party', max: 200 },
      { id: 'cards_drawn', label: 'Combat cards drawn by the party', max: 80 },
      { id: 'damage_dealt', label: 'Durability taken from enemies by the party', max: 60 },
      { id: 'damage_taken', label: 'Durability lost by the party', max: 60 },
    ],
    series: {
      id: 'attrition',
      label: 'Espers in the combat and their durability by round',
      steps,
      vars: [
        { id: 'party', label: 'Party espers in the combat', max: 8 },
        { id: 'enemies', label: 'Enemies in the combat', max: 8 },
        { id: 'party_durability', label: 'Party durability in the combat', max: 60 },
        { id: 'enemy_durability', label: 'Enemy durability in the combat', max: 60 },
      ],
    },
  };
}

/**
 * The benchmark combat, exercising most clauses: three synchronising espers
 * (one with a cruiser, one with a suit) and ヤマキ2 (a minion) as a bystander
 * who may join, against ロック with a Lv3 jammer and ニケ as the automatic
 * enemy, plus a dead ライザ who may come back or leave a residual thought.
 */
export const BENCH_YAML = `
game: chojin-locke
party:
  - { character: nagato, policy: sync-leader }
  - { character: rag, policy: sync-follower, specials: [{ kind: cruiser }] }
  - { character: francis, policy: sync-follower, suit: 2 }
  - { character: yamaki2, policy: stretch, start: bystander }
enemies:
  - { character: locke, policy: auto-enemy, jammer: 3, nike: 4 }
  - { character: laiza, policy: auto-enemy, start: dead }
  - { character: riot, policy: auto-enemy, start: dead }
variants:
  - { name: bench, baseline: true }
`;

function benchCase(policies: readonly LkPolicyInfo[]): { game: LkGameDef; variant: LkVariant; label: string } {
  const compiled = compileChojinLocke(Source.parse('<chojin-locke bench>', BENCH_YAML).root(), policies);
  return { game: compiled.game, variant: compiled.variants[0].params, label: 'ナガト, ラグ (cruiser), フランシス (suit) synchronising, ヤマキ2 bystander vs ロック (Lv3 jammer, ニケ) as the automatic enemy, dead ライザ and ライオット, default deck' };
}

/**
 * State invariants (at every decision, and at the end): power and durability
 * within bounds, statuses consistent with durability, hands within their
 * limits, and every card in exactly one place (deck, one hand, discard).
 */
export function lkInvariants(g: LkGameDef, s: LkState, atEnd: boolean): string[] {
  const out: string[] = [];
  const bad = (w: string): void => void out.push(w);
  if (s.round > g.maxRounds) bad(`round ${s.round} beyond ${g.maxRounds}`);
  const seen = new Uint8Array(g.deck.length);
  for (let e = 0; e < s.n; e++) {
    const n = s.name(e);
    if (s.power[e] < 0 || s.power[e] > s.espers[e].power) bad(`${n}: power ${s.power[e]} outside [0, ${s.espers[e].power}]`);
    if (s.nikeDur[e] < 0 || s.nikeDur[e] > s.espers[e].nike) bad(`${n}: ニケ durability ${s.nikeDur[e]}`);
    if (s.dur[e] < 0 || s.dur[e] > s.durMax[e]) bad(`${n}: durability ${s.dur[e]} outside [0, ${s.durMax[e]}]`);
    if (s.status[e] === ST_ACTIVE && s.dur[e] <= 0) bad(`${n}: active with durability ${s.dur[e]}`);
    if (s.status[e] === ST_DEAD && s.dur[e] > 0) bad(`${n}: dead with durability ${s.dur[e]}`);
    if (s.handN[e] > s.handLimit(e) || s.handN[e] > MAX_HAND) bad(`${n}: ${s.handN[e]} cards (limit ${s.handLimit(e)})`);
    for (let k = 0; k < s.handN[e]; k++) {
      const c = s.hand[e * MAX_HAND + k];
      if (c < 0 || c >= g.deck.length) bad(`${n}: card id ${c}`);
      else {
        if (seen[c]) bad(`card ${c} held twice`);
        seen[c] = 1;
        if (s.cardLoc[c] !== e) bad(`card ${c} in ${n}'s hand but located at ${s.cardLoc[c]}`);
      }
    }
  }
  for (let i = 0; i < s.deckN; i++) {
    const c = s.deck[i];
    if (seen[c]) bad(`card ${c} both in the deck and elsewhere`);
    seen[c] = 1;
    if (s.cardLoc[c] !== LOC_DECK) bad(`card ${c} in the deck but located at ${s.cardLoc[c]}`);
  }
  for (let c = 0; c < g.deck.length; c++) if (!seen[c] && s.cardLoc[c] !== LOC_DISCARD) bad(`card ${c} is nowhere (location ${s.cardLoc[c]})`);
  if (atEnd && (!s.over || s.endReason === END_NONE)) bad('the combat ended without a reason');
  return out;
}

function createPolicy(e: EsperDef, policies: readonly LkPolicyInfo[]): LkPolicy {
  const info = policies.find((p) => p.id === e.policy);
  if (!info) throw new Error(`unknown chojin-locke policy "${e.policy}"`);
  return info.create(e.policyParams);
}

function policiesOf(v: LkVariant, policies: readonly LkPolicyInfo[]): LkPolicy[] {
  return [...v.party, ...v.enemies].map((e) => createPolicy(e, policies));
}

const lkTesting = (policies: readonly LkPolicyInfo[]): EngineTesting<LkGameDef, LkVariant> => ({
  randomVariant: (_g, v) => ({
    ...v,
    party: v.party.map((e) => ({ ...e, policy: 'random', policyParams: {} })),
    enemies: v.enemies.map((e) => ({ ...e, policy: 'random', policyParams: {} })),
  }),
  checkedRunner(game, variant, report) {
    const wrap = (inner: LkPolicy): LkPolicy => ({
      decide(d, view, legal, n, rng) {
        return checkedDecision(DECISION_NAMES[d] ?? `decision ${d}`, legal, n, lkInvariants(game, runner.s, false), report, () => inner.decide(d, view, legal, n, rng));
      },
    });
    const runner = new LkGame(game, variant, policiesOf(variant, policies).map(wrap));
    return {
      play(dice, policyDice, rec, log) {
        runner.play(dice, policyDice, rec, log);
        for (const p of lkInvariants(game, runner.s, true)) report(`at the end: ${p}`);
        if (rec.rates[RATE_WIN] + rec.rates[RATE_LOSS] > 1) report('at the end: both win and loss');
        if (rec.rates[RATE_ALL_SURVIVE] && rec.rates[RATE_LOSS]) report('at the end: all survive and loss');
        if (rec.values[VAL_ROUNDS] !== runner.s.round) report(`at the end: rounds recorded ${rec.values[VAL_ROUNDS]}, played ${runner.s.round}`);
      },
    };
  },
});

/**
 * The chojin-locke engine module playing with these policies (the compiler accepts their ids and parameters).
 * Wired once, in src/registry.ts.
 */
export const chojinLockeEngine = (policies: readonly LkPolicyInfo[]): EngineModule<LkGameDef, LkVariant> => ({
  id: 'chojin-locke',
  title: '超人ロック card game — ESP combat (combat cards, synchronised attacks, teleport blocks, jammers)',
  seedFile: '003_7c18eadba21eda37.txt',
  rulesDoc: 'docs/rules/chojin-locke.md',
  policies: listPolicies(policies),
  compile: (root) => compileChojinLocke(root, policies),
  metrics: lkMetrics,
  createRunner(game, variant) {
    return new LkGame(game, variant, policiesOf(variant, policies));
  },
  catalogue: (lang) => lkCatalogueLines(lang),
  benchCase: () => benchCase(policies),
  testing: lkTesting(policies),
  switches: (_game, v) => rulingSwitches('lkRuling', LK_RULINGS, v.rulings),
});
