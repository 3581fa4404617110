// Issue 42 item 8: `run` ends with one line answering the experiment's question, as `check` ends with its verdict —
// the clearly better variant with the largest gain and that gain with its 95% CI, the baseline when every variant is
// clearly worse, or "no clear difference" — in ja or en (labels too). Also the last line of a real `run` in both languages.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { answerLine } from '../src/report/answer-line.js';
import type { RunSummary, VariantSummary } from '../src/sim/stats/summary.js';
import { makeSummary } from './report-fixture.js';

const base = makeSummary();
/** The fixture with every non-baseline variant's paired clear-rate difference set to `diff` (lo, hi). */
function withDiffs(diffs: Record<string, [number, number, number]>): RunSummary {
  const variants = base.variants.map((v): VariantSummary => {
    const d = diffs[v.name];
    return d ? { ...v, pairedRates: v.pairedRates.map((p) => (p.id === 'win' ? { ...p, diff: { estimate: d[0], lo: d[1], hi: d[2] } } : p)) } : v;
  });
  return { ...base, variants };
}

describe('the answer line', () => {
  it('names the clearly better variant with the largest gain, its rate and the gain with its CI', () => {
    expect(answerLine(base, 'en')).toBe('Answer: LMG 軽機関銃 gives the highest Clear rate, 67.3% [66.6, 67.9]: +4.1 pp [+3.2, +5.0] against the baseline 標準装備.');
    expect(answerLine(base, 'ja')).toBe('答え: クリア率 が最も高いのは LMG 軽機関銃（67.3% [66.6, 67.9]）で、基準 標準装備 より +4.1 pp [+3.2, +5.0]。');
  });

  it('says "no clear difference" when no variant is clearly better, counting the clearly worse ones', () => {
    const s = withDiffs({ lmg: [0.004, -0.003, 0.011], grenades: [-0.02, -0.03, -0.01] });
    expect(answerLine(s, 'en')).toBe('Answer: no clear difference: no variant has a clearly higher Clear rate than the baseline 標準装備 (63.2% [62.5, 63.9]); 2 clearly lower, 1 within the noise.');
    expect(answerLine(s, 'ja')).toMatch(/^答え: はっきりした差なし。基準 標準装備（クリア率 63\.2% \[62\.5, 63\.9\]）よりはっきり高いバリアントはありません（はっきり低い 2、誤差の範囲 1）。$/);
  });

  it('names the baseline when every variant is clearly worse', () => {
    const s = withDiffs({ lmg: [-0.04, -0.05, -0.03], grenades: [-0.02, -0.03, -0.01] });
    expect(answerLine(s, 'en')).toBe('Answer: the baseline 標準装備 is best (Clear rate 63.2% [62.5, 63.9]); every other variant is clearly lower.');
  });

  it('shows the variant labels in the reader\'s language when the file wrote both', () => {
    const s = { ...base, variants: base.variants.map((v) => (v.name === 'lmg' ? { ...v, label: 'LMG', labelText: { ja: 'LMG（弾倉 8）', en: 'LMG' } } : v)) };
    expect(answerLine(s, 'ja')).toContain('LMG（弾倉 8）');
    expect(answerLine(s, 'en')).toContain('Answer: LMG gives');
  });
});

const BIN = fileURLToPath(new URL('../bin/balance-lab.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'balance-lab-answer-'));
const FILE = join(dir, 'answer.yaml');
writeFileSync(FILE, `name: answer
game: chojin-locke
question: { ja: 誰が一人で一番強いか, en: Who is strongest alone? }
seed: 3
stop: { games: 300 }
enemies:
  - { character: locke, policy: auto-enemy }
variants:
  - name: solo
    label: { ja: 長門, en: Nagato }
    baseline: true
    party: [{ character: nagato, policy: solo }]
  - name: francis
    label: { ja: フランシス, en: Francis }
    party: [{ character: francis, policy: solo }]
`);

describe('run ends with the answer line', () => {
  it('run --lang ja / en: the last line of stdout is the answer', () => {
    for (const [lang, head] of [['ja', '答え: '], ['en', 'Answer: ']] as const) {
      const r = spawnSync(process.execPath, [BIN, 'run', FILE, '--out', join(dir, `out-${lang}`), '--workers', '1', '--lang', lang, '--quiet'], { encoding: 'utf8', timeout: 120_000 });
      expect(r.status, r.stderr).toBe(0);
      const last = r.stdout.trimEnd().split('\n').at(-1)!;
      expect(last.startsWith(head), last).toBe(true);
      expect(last).toMatch(lang === 'ja' ? /長門|フランシス/ : /Nagato|Francis/);
    }
  }, 240_000);
});
