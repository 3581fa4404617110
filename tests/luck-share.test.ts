// The luck share (issue 43, item 3) on a dice game whose answer is known exactly: 8 d6, a variant wins when the sum
// reaches its threshold, and the engine's one luck control is Σ(face − 3.5). The share of the win's variance that a
// linear term in the control explains is then corr(1[S ≥ t], S)², computed here from the exact distribution of S; the
// reported share (1 − the control-variate variance ratio) is checked against it — its mean over 200 seeds and the
// spread of one seed's figure — and the sentence is checked in both languages and in the report and the CLI table.
import { describe, expect, it } from 'vitest';
import { runExperiment } from '../src/sim/run/run.js';
import { luckShareNote, luckShareOf, luckShares } from '../src/report/luck-share.js';
import { summaryTableHtml } from '../src/report/html/summary-table.js';
import { formatTable } from '../src/report/format-table.js';
import { setLang } from '../src/i18n/lang.js';
import { cvDiceExperiment, exactSumDistribution, registerCvDice } from './helpers/cv-dice-engine.js';

registerCvDice();

/** corr(1[S ≥ t], S)² for S the sum of 8 d6, exactly. */
function exactShare(t: number): number {
  const p = exactSumDistribution();
  const mean = 28, varS = (8 * 35) / 12;
  let q = 0, eys = 0;
  p.forEach((x, s) => { if (s >= t) { q += x; eys += x * s; } });
  const cov = eys - q * mean;
  return (cov * cov) / (q * (1 - q) * varS);
}

const THRESHOLDS = [29, 30, 33, 40];

describe('luck share on a dice game with an exact answer', () => {
  it('the exact shares are what the outcome makes them: about 0.6 near the median, less in the tail', () => {
    expect(exactShare(29)).toBeGreaterThan(0.6);
    expect(exactShare(29)).toBeLessThan(0.7);
    expect(exactShare(40)).toBeLessThan(exactShare(33));
  });

  it('over 200 seeds of 2,000 games the mean share is within 0.005 of the exact one and one seed within ±0.05 in 95%', async () => {
    const SEEDS = 200, GAMES = 2000;
    const sums = THRESHOLDS.map(() => 0);
    const within = THRESHOLDS.map(() => 0);
    for (let seed = 1; seed <= SEEDS; seed++) {
      const s = await runExperiment(cvDiceExperiment({ seed, stop: { kind: 'games', games: GAMES }, chunk: GAMES, cv: true, thresholds: THRESHOLDS }), { workers: 0 });
      luckShares(s).forEach((x, i) => {
        sums[i] += x.share;
        if (Math.abs(x.share - exactShare(THRESHOLDS[i])) < 0.05) within[i]++;
      });
    }
    THRESHOLDS.forEach((t, i) => {
      expect(Math.abs(sums[i] / SEEDS - exactShare(t)), `t = ${t}`).toBeLessThan(0.005);
      expect(within[i] / SEEDS, `t = ${t}`).toBeGreaterThanOrEqual(0.95);
    });
  }, 120_000);

  it('an outcome the dice never reach has share 0; without control variates there is no sentence', async () => {
    const stop = { kind: 'games' as const, games: 1000 };
    const s = await runExperiment(cvDiceExperiment({ seed: 4, stop, chunk: 500, cv: true, thresholds: [29, 49] }), { workers: 0 });
    expect(luckShares(s).map((x) => x.share)[1]).toBe(0);
    expect(luckShareOf(1.0004)).toBe(0);
    expect(luckShareOf(undefined)).toBeUndefined();
    const off = await runExperiment(cvDiceExperiment({ seed: 4, stop, chunk: 500, cv: false }), { workers: 0 });
    expect(luckShareNote(off)).toBeNull();
    expect(summaryTableHtml(off)).not.toContain('luck-share');
  });

  it('the sentence names each variant\'s share and says what it means, in English and Japanese, in the report and the table', async () => {
    const s = await runExperiment(cvDiceExperiment({ seed: 9, stop: { kind: 'games', games: 20_000 }, chunk: 5000, cv: true, thresholds: [29, 33] }), { workers: 0 });
    const [a, b] = luckShares(s).map((x) => Math.round(100 * x.share));
    expect(Math.abs(a - 100 * exactShare(29))).toBeLessThan(1.5);
    expect(Math.abs(b - 100 * exactShare(33))).toBeLessThan(1.5);
    try {
      setLang('en');
      const en = luckShareNote(s)!;
      expect(en).toContain(`Luck share of Win: sum ≥ 29 ${a}%, sum ≥ 33 ${b}%.`);
      expect(en).toContain('(the control variates)');
      expect(en).toContain('at least this');
      expect(summaryTableHtml(s)).toContain(`<p class="note" id="luck-share">Luck share of Win: sum ≥ 29 ${a}%`);
      expect(formatTable(s)).toContain(`Luck share of Win: sum ≥ 29 ${a}%`);
      setLang('ja');
      const ja = luckShareNote(s)!;
      expect(ja).toContain(`運の割合（Win）：sum ≥ 29：${a}%、sum ≥ 33：${b}%。`);
      expect(ja).toContain('これ以上');
    } finally {
      setLang('en');
    }
  });
});
