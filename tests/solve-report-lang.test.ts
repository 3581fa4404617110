// Issue 26: the solve and calibration reports name every chart tooltip field (a tap shows titled values, not raw
// field names) and write their verdicts, headings and intervals in the report's language; a ruling choice one
// variant made alone reads "(variant X only)" in the reader's language.
import { afterEach, describe, expect, it } from 'vitest';
import { calibrationChart, solveChart, solveFiles } from '../src/report/files/solve-output.js';
import { rulingChoiceText, rulingsHtml } from '../src/report/html/rulings.js';
import { setLang, type Lang } from '../src/i18n/lang.js';
import type { Experiment } from '../src/sim/experiment/load.js';
import type { SolveSection } from '../src/sim/design/solve.js';
import type { SolveAnswer } from '../src/sim/design/solve-core.js';
import type { CalSection } from '../src/sim/design/calibrate.js';
import type { CalOutcome } from '../src/sim/design/calibrate-core.js';

const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/;
const exp = { name: 'tiny', file: 'tiny.yaml', hash: 'abcdef0123456789', seed: 1, question: 'How many magazines?' } as unknown as Experiment;
const value = (pathText: string, lo: number, hi: number) => ({ path: pathText.split('.'), pathText, lo, hi, step: 1, cursor: undefined as never });
const s: SolveSection = { ...value('gauntlet.starting_magazines', 2, 4), kind: 'rate', target: 0.5, metric: 'win', variant: 'base', confidence: 0.95, startGames: 100, maxGames: 800 };
const a: SolveAnswer = {
  kind: 'crossed', a: 2, b: 3, z: 2.2, gamesSpent: 1200, gamesFullSweep: 2400,
  points: [{ x: 2, estimate: 0.4, lo: 0.35, hi: 0.45, games: 400, verdict: 'below' }, { x: 3, estimate: 0.6, lo: 0.55, hi: 0.65, games: 400, verdict: 'above' }, { x: 4, estimate: 0.7, lo: 0.5, hi: 0.9, games: 800, verdict: 'undecided' }],
} as unknown as SolveAnswer;
const c: CalSection = { values: [value('gauntlet.starting_magazines', 2, 3), value('gauntlet.life', 4, 5)], targets: [{ metric: 'win', variant: 'base', kind: 'rate', atLeast: 0.5, atMost: null }], confidence: 0.95, startGames: 100, maxGames: 800 };
const o: CalOutcome = {
  z: 2.4, gamesSpent: 900, gamesExhaustive: 3200,
  cells: [
    { cell: [2, 4], games: 200, verdict: 'infeasible', targets: [{ estimate: 0.3, lo: 0.2, hi: 0.4, verdict: 'missed' }] },
    { cell: [3, 5], games: 400, verdict: 'feasible', targets: [{ estimate: 0.7, lo: 0.6, hi: 0.8, verdict: 'met' }] },
    { cell: [2, 5], games: 800, verdict: 'undecided', targets: [{ estimate: 0.5, lo: 0.4, hi: 0.6, verdict: 'undecided' }] },
  ],
};

type Enc = { tooltip?: { field: string; title?: string }[]; color?: { scale?: { domain?: string[] } } };
/** Every encoding of a spec (layers and facet included). */
function encodings(spec: unknown): Enc[] {
  const out: Enc[] = [];
  const walk = (x: unknown): void => {
    if (!x || typeof x !== 'object') return;
    if (Array.isArray(x)) { x.forEach(walk); return; }
    const o = x as Record<string, unknown>;
    if (o.encoding) out.push(o.encoding as Enc);
    for (const v of Object.values(o)) walk(v);
  };
  walk(spec);
  return out;
}

afterEach(() => setLang('en'));

describe.each(['ja', 'en'] as Lang[])('solve report in %s (issue 26)', (lang) => {
  it('titles every tooltip field of the solve and calibration charts', () => {
    setLang(lang);
    for (const spec of [solveChart(exp, s, a), calibrationChart(exp, c, o)]) {
      const tips = encodings(spec).flatMap((e) => e.tooltip ?? []);
      expect(tips.length).toBeGreaterThanOrEqual(3);
      for (const tip of tips) {
        expect(tip.title, tip.field).toBeTruthy();
        if (lang === 'ja' && !/^gauntlet\./.test(tip.title!)) expect(tip.title, tip.field).toMatch(JAPANESE);
      }
    }
  });

  it('writes the verdicts of the legends in the report\'s language', () => {
    setLang(lang);
    const cal = encodings(calibrationChart(exp, c, o)).find((e) => e.color?.scale?.domain)!;
    expect(cal.color!.scale!.domain).toEqual(lang === 'ja' ? ['実現可能', '未決', '実現不可能'] : ['feasible', 'undecided', 'infeasible']);
    const values = (solveChart(exp, s, a) as { layer: { data: { values: { verdict?: string }[] } }[] }).layer[1].data.values.map((v) => v.verdict);
    expect(values).toEqual(lang === 'ja' ? ['下', '上', '未決'] : ['below', 'above', 'undecided']);
  });
});

describe('solve report.html words (issue 26)', () => {
  it('Japanese headings, interval notes and verdicts under ja; the CSVs keep the English verdicts', async () => {
    setLang('ja');
    const files = new Map(await solveFiles(exp, [{ section: s, answer: a }], { packageVersion: '0', workers: 1 }, [{ section: c, outcome: o }]));
    const html = files.get('report.html')!;
    expect(html).toContain('gauntlet.starting_magazines → win の率 = 50.0%');
    expect(html).toContain('（400 ゲーム）');
    expect(html).not.toMatch(/ games\)|>lo<|>hi<|>feasible<|>infeasible<|>undecided<|>above<|>below<| met<| missed</);
    expect(files.get('solve.csv')).toContain(',below');
    expect(files.get('calibration.csv')).toContain(',feasible');
  }, 60_000);

  it('English as before under en', async () => {
    setLang('en');
    const html = new Map(await solveFiles(exp, [{ section: s, answer: a }], { packageVersion: '0', workers: 1 })).get('report.html')!;
    expect(html).toContain('gauntlet.starting_magazines → rate of win = 50.0%');
    expect(html).toContain('(400 games)');
    expect(html).toContain('<th>lo</th><th>hi</th>');
  }, 60_000);
});

describe('a ruling choice one variant made alone', () => {
  const r = { id: 'UA-R01', choice: 'extra-per-shot (variant lmg only)', summary: 's' };
  it('reads "(variant X only)" in the reader\'s language', () => {
    setLang('ja');
    expect(rulingChoiceText(r)).toBe('extra-per-shot（バリアント lmg のみ）');
    expect(rulingsHtml([r], 'urban-assault')).toContain('extra-per-shot（バリアント lmg のみ）');
    expect(rulingChoiceText({ ...r, choice: 'per-action' })).toBe('per-action');
    setLang('en');
    expect(rulingChoiceText(r)).toBe('extra-per-shot (variant lmg only)');
  });
});
