// The generic engine test: for every engine in the registry, play many games
// of its bench case and of every experiment under experiments/ written for it
// (every variant, or six spread over the list for experiments with more),
// with each variant's own policy and with a uniformly random policy (drawing
// from the policy stream), through the engine's self-checking runner
// (EngineModule.testing): at every decision there is a legal action and the
// policy's choice is legal, the state invariants hold during and after each
// game, games end within a bounded number of dice, records are well formed,
// and the same seed replays the same game (record and narration).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { engines } from '../src/registry.js';
import { DiceBase, RngDice, type Dice } from '../src/sim/core/dice.js';
import { loadExperiment } from '../src/sim/experiment/load.js';
import { gameStream, STREAM_DICE, STREAM_POLICY } from '../src/sim/core/streams.js';
import { GameRecord, type EngineModule, type GameRunner, type MetricSpec } from '../src/sim/core/types.js';

/** Games per case: the bench case gets the most; each experiment variant fewer (there are many). */
const BENCH_GAMES = 3000;
const VARIANT_GAMES = 1000;
const SAME_SEED_GAMES = 40;
/** A game that draws more dice than this is taken as not ending. */
const MAX_DRAWS = 100_000;
const SEED = 20260511;

/** Dice that refuse to go on past {@link MAX_DRAWS} draws, so a game that never ends fails instead of hanging. */
class BoundedDice extends DiceBase {
  private readonly inner = new RngDice(gameStream(0, 0));
  constructor(private readonly what: string) {
    super();
  }
  reset(seed: number, game: number, tag: number): void {
    this.inner.reset(gameStream(seed, game, tag));
  }
  get draws(): number {
    return this.inner.draws;
  }
  below(n: number): number {
    if (!(Number.isInteger(n) && n >= 1)) throw new Error(`${this.what}: below(${n}) asked for an empty range`);
    if (this.inner.draws >= MAX_DRAWS) throw new Error(`${this.what}: the game did not end within ${MAX_DRAWS} draws`);
    return this.inner.below(n);
  }
}

/** Problems with a finished game's record that any engine must avoid. */
function recordProblems(spec: MetricSpec, rec: GameRecord): string[] {
  const out: string[] = [];
  spec.rates.forEach((r, i) => rec.rates[i] > 1 && out.push(`rate ${r.id} = ${rec.rates[i]}`));
  spec.values.forEach((v, j) => Number.isFinite(rec.values[j]) || out.push(`value ${v.id} = ${rec.values[j]}`));
  for (let i = 0; i < rec.series.length; i++) if (rec.series[i] < -1) out.push(`series cell ${i} = ${rec.series[i]}`);
  return out;
}

interface Case {
  readonly label: string;
  readonly games: number;
  readonly game: unknown;
  readonly variant: unknown;
}

/** The engine's bench case and every variant of every experiment file for it, each with its own policy and with the random one. */
function casesOf(engine: EngineModule<any, any>): Case[] {
  const t = engine.testing!;
  const own: Case[] = [];
  const bc = engine.benchCase();
  own.push({ label: `bench case (${bc.label})`, games: BENCH_GAMES, game: bc.game, variant: bc.variant });
  const dir = 'experiments';
  for (const f of readdirSync(dir).filter((x) => /\.ya?ml$/.test(x)).sort()) {
    const exp = loadExperiment(join(dir, f));
    if (exp.engine !== engine.id) continue;
    // Every variant of small experiments; for large ones (sweeps) six spread over the list, first and last included.
    const vs = exp.compiled.variants;
    const pickN = vs.length <= 6 ? vs : [0, 1, 2, 3, 4, 5].map((k) => vs[Math.round((k * (vs.length - 1)) / 5)]);
    for (const v of pickN) own.push({ label: `${f} / ${v.name}`, games: VARIANT_GAMES, game: exp.compiled.game, variant: v.params });
  }
  return own.flatMap((c) => [c, { label: `${c.label} / random policy`, games: c.games, game: c.game, variant: t.randomVariant(c.game, c.variant) }]);
}

for (const engine of engines) {
  describe(`engine ${engine.id}`, () => {
    it('provides the testing hooks', () => {
      expect(engine.testing, `${engine.id} should implement EngineModule.testing`).toBeDefined();
    });
    if (!engine.testing) return;
    const testing = engine.testing;
    const cases = casesOf(engine);

    it('has a bench case and covers the random policy', () => {
      expect(cases.length).toBeGreaterThanOrEqual(2);
      expect(cases.filter((c) => c.label.endsWith('random policy')).length).toBe(cases.length / 2);
    });

    for (const c of cases) {
      it(`${c.label}: ${c.games} games keep every invariant`, () => {
        const spec = engine.metrics(c.game);
        const problems: string[] = [];
        let game = -1;
        const report = (p: string): void => void (problems.length < 20 && problems.push(`game ${game}: ${p}`));
        const runner = testing.checkedRunner(c.game, c.variant, report);
        const dice = new BoundedDice('rules dice'), pdice = new BoundedDice('policy dice');
        const rec = new GameRecord(spec);
        let policyDraws = 0;
        for (game = 0; game < c.games; game++) {
          dice.reset(SEED, game, STREAM_DICE);
          pdice.reset(SEED, game, STREAM_POLICY);
          rec.clear();
          runner.play(dice, pdice, rec, null);
          policyDraws += pdice.draws;
          for (const p of recordProblems(spec, rec)) report(p);
        }
        expect(problems).toEqual([]);
        // The random policy draws its choices from the policy stream.
        if (c.label.endsWith('random policy')) expect(policyDraws).toBeGreaterThan(0);
      });

      it(`${c.label}: the same seed gives the same game (record and narration), with or without a log`, () => {
        const spec = engine.metrics(c.game);
        const problems: string[] = [];
        const play = (runner: GameRunner, i: number, withLog: boolean) => {
          const rec = new GameRecord(spec);
          rec.clear();
          const lines: string[] = [];
          const dice = new BoundedDice('rules dice'), pdice = new BoundedDice('policy dice');
          dice.reset(SEED, i, STREAM_DICE);
          pdice.reset(SEED, i, STREAM_POLICY);
          runner.play(dice, pdice, rec, withLog ? { line: (t) => void lines.push(t) } : null);
          return { rates: Array.from(rec.rates), values: Array.from(rec.values), series: Array.from(rec.series), lines, draws: dice.draws, policyDraws: pdice.draws };
        };
        const reused = testing.checkedRunner(c.game, c.variant, (p) => problems.push(p));
        const seen = new Set<string>();
        for (let i = 0; i < SAME_SEED_GAMES; i++) {
          const a = play(testing.checkedRunner(c.game, c.variant, (p) => problems.push(p)), i, true);
          const b = play(reused, i, true); // a runner that has played other games before
          const quiet = play(reused, i, false);
          const plain = play(engine.createRunner(c.game, c.variant), i, true); // the checks never change a game
          expect(b).toEqual(a);
          expect(plain).toEqual(a);
          expect(a.lines.length).toBeGreaterThan(0);
          expect({ ...quiet, lines: a.lines }).toEqual(a); // narration never changes the dice or the outcome
          seen.add(a.lines.join('\n'));
        }
        expect(problems).toEqual([]);
        expect(seen.size).toBeGreaterThan(1); // different games differ
      });
    }
  });
}
