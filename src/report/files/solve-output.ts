/**
 * Outputs of `solve` (issue 15): the answer in words, solve.csv (every evaluated value with its interval and
 * verdict), solve.json, the chart (metric against the value, interval bars, the target line) and a self-contained
 * report.html. The CLI writes them through a staging folder (write-solve.ts); the web app offers them as downloads.
 */
import type { TopLevelSpec } from 'vega-lite';
import type { SolveAnswer, SolvePoint } from '../../sim/design/solve-core.js';
import type { SolveSection } from '../../sim/design/solve.js';
import type { CalSection, CalTargetDef } from '../../sim/design/calibrate.js';
import type { CalOutcome } from '../../sim/design/calibrate-core.js';
import type { Experiment } from '../../sim/experiment/load.js';
import { CHART_CONFIG, VEGA_LITE_SCHEMA } from '../charts/common.js';
import { toCsv } from './csv.js';
import { escapeHtml } from '../html/escape.js';
import { renderSvg } from '../charts/render.js';
import { t } from '../../i18n/t.js';
import { getLang } from '../../i18n/lang.js';
import { simplePage } from '../html/simple-page.js';
import { platform } from '../../sim/core/platform.js';
import { questionIn } from '../../sim/input/local-text.js';

const pct = (x: number): string => `${(100 * x).toFixed(1)}`;
/** A calibration target's number: a rate in %, a difference of a rate in pp, a mean as is. */
const fmtT2 = (t: CalTargetDef, x: number): string => (!Number.isFinite(x) ? '–' : t.kind === 'rate' ? `${pct(x)}%` : t.kind === 'difference' ? `${pct(x)} pp` : x.toFixed(2));

/** A metric value as the designer reads it: rates and differences in % / pp, means as numbers. */
export function fmtMetric(s: SolveSection, x: number): string {
  if (!Number.isFinite(x)) return '–';
  if (s.kind === 'rate') return `${pct(x)}%`;
  if (s.kind === 'difference' && !/spent|left|rounds|lost|life|scrip|tiles/.test(s.metric)) return `${x >= 0 ? '+' : ''}${pct(x)} pp`;
  return x.toFixed(2);
}

/** The words for a solve point's verdict against the target. */
const VERDICT_WORD = { above: 'solve.verdictAbove', below: 'solve.verdictBelow', undecided: 'solve.verdictUndecided' } as const;

/** The answer in one paragraph. */
export function answerText(s: SolveSection, a: SolveAnswer): string {
  const what = `${s.kind === 'difference' ? t('solve.pairedDifferenceBaseline', { metric: s.metric, variant: s.variant }) : t('solve.metricOfVariant', { metric: s.metric, variant: s.variant })}`;
  const target = fmtMetric(s, s.target);
  const p = (x: number) => a.points.find((q) => q.x === x)!;
  const ci = (x: number) => { const q = p(x); return t('solveLang.ciGames', { estimate: fmtMetric(s, q.estimate), lo: fmtMetric(s, q.lo), hi: fmtMetric(s, q.hi), games: q.games.toLocaleString('en-US') }); };
  const conf = `${(100 * s.confidence).toFixed(0)}%`;
  const spent = t('solve.gamesSpentPerVariant', { gamesSpent: a.gamesSpent.toLocaleString('en-US'), pointsCount: a.points.length, gamesFullSweep: a.gamesFullSweep.toLocaleString('en-US'), value: (a.gamesFullSweep / Math.max(1, a.gamesSpent)).toFixed(1) });
  if (a.kind === 'none') {
    return t('solve.noValueBringsStays', { pathText: s.pathText, lo: s.lo, hi: s.hi, what, target, side: t(a.side === 'above' ? 'solve.sideAbove' : 'solve.sideBelow'), lo2: s.lo, ci: ci(s.lo), hi2: s.hi, ci2: ci(s.hi), conf, spent });
  }
  if (a.kind === 'indistinguishable') {
    return t('solve.cannotToldFromGames', { pathText: s.pathText, a: a.a, what, target, ci: ci(a.a), spent });
  }
  return t('solve.crossesBetweenConfidenceEvery', { subject: getLang() === 'en' ? what[0].toUpperCase() + what.slice(1) : what, target, pathText: s.pathText, a: a.a, b: a.b, a2: a.a, ci: ci(a.a), verdict: t(VERDICT_WORD[p(a.a).verdict]), b2: a.b, ci2: ci(a.b), verdict2: t(VERDICT_WORD[p(a.b).verdict]), conf, spent });
}

/** The solve chart: the metric against the value, interval bars, the target line; every word in the current language. */
export function solveChart(exp: Experiment, s: SolveSection, a: SolveAnswer): TopLevelSpec {
  const scale = s.kind === 'mean' ? 1 : 100;
  const values = [...a.points].sort((p, q) => p.x - q.x).map((p) => ({ x: p.x, estimate: p.estimate * scale, lo: p.lo * scale, hi: p.hi * scale, games: p.games, verdict: t(VERDICT_WORD[p.verdict]) }));
  const unit = s.kind === 'rate' ? ' (%)' : s.kind === 'difference' ? ' (pp)' : '';
  const y = { field: 'estimate', type: 'quantitative', title: t(s.kind === 'difference' ? 'chart.solveYDifference' : 'chart.solveYOf', { metric: s.metric, variant: s.variant, unit }), scale: { zero: false } } as const;
  return {
    $schema: VEGA_LITE_SCHEMA,
    title: { text: t('chart.solveTitle', { metric: s.metric, path: s.pathText }), subtitle: t('chart.solveSubtitle', { experiment: exp.name, conf: (100 * s.confidence).toFixed(0) }) },
    config: CHART_CONFIG,
    width: 480,
    height: 300,
    layer: [
      { data: { values }, mark: { type: 'rule' }, encoding: { x: { field: 'x', type: 'quantitative', title: s.pathText }, y: { field: 'lo', type: 'quantitative' }, y2: { field: 'hi' } } },
      { data: { values }, mark: { type: 'point', filled: true, size: 60 }, encoding: {
        x: { field: 'x', type: 'quantitative', title: s.pathText }, y, color: { field: 'verdict', type: 'nominal', title: t('chart.vsTarget') },
        tooltip: [{ field: 'x', type: 'quantitative', title: s.pathText }, { field: 'estimate', type: 'quantitative', format: '.2f', title: y.title }, { field: 'lo', type: 'quantitative', format: '.2f', title: t('chart.ciLow') }, { field: 'hi', type: 'quantitative', format: '.2f', title: t('chart.ciHigh') }, { field: 'games', type: 'quantitative', title: t('chart.games') }, { field: 'verdict', type: 'nominal', title: t('chart.vsTarget') }],
      } },
      { data: { values: [{ t: s.target * scale }] }, mark: { type: 'rule', strokeDash: [6, 4], color: 'black' }, encoding: { y: { field: 't', type: 'quantitative' } } },
    ],
  } as TopLevelSpec;
}

/** A calibration's answer in words: the feasible cells, and how many are infeasible or undecided. */
export function calibrationText(c: CalSection, o: CalOutcome): string {
  const name = (cell: readonly number[]) => c.values.map((v, i) => `${v.pathText.split('.').pop()} ${cell[i]}`).join(', ');
  const fmtT = (t: CalTargetDef) => `${t.metric}${t.atLeast !== null ? ` ≥ ${t.kind === 'rate' ? `${pct(t.atLeast)}%` : t.atLeast}` : ''}${t.atMost !== null ? ` ≤ ${t.kind === 'rate' ? `${pct(t.atMost)}%` : t.atMost}` : ''}`;
  const feas = o.cells.filter((x) => x.verdict === 'feasible');
  const count = (v: string) => o.cells.filter((x) => x.verdict === v).length;
  const conf = `${(100 * c.confidence).toFixed(0)}%`;
  return t('solve.calibration', { values: c.values.map((v) => v.pathText).join(' × '), targets: c.targets.map(fmtT).join(' and ') }) +
    (feas.length > 0 ? t('solve.settingsMeetEveryTarget', { feasCount: feas.length, cellsCount: o.cells.length, feas: feas.map((x) => `[${name(x.cell)}]`).join(', ') }) : t('solve.noSettingShownMeet', { cellsCount: o.cells.length })) +
    t('solve.missLeastOneToo', { count: count('infeasible'), count2: count('undecided'), maxGames: c.maxGames.toLocaleString('en-US'), conf }) +
    t('solve.gamesPerVariantAgainst', { gamesSpent: o.gamesSpent.toLocaleString('en-US'), gamesExhaustive: o.gamesExhaustive.toLocaleString('en-US'), value: (o.gamesExhaustive / Math.max(1, o.gamesSpent)).toFixed(1) });
}

/** A calibration cell's or target's verdict in the current language (the CSVs keep the English word). */
const CAL_WORD = { feasible: 'solveLang.feasible', infeasible: 'solveLang.infeasible', undecided: 'solveLang.undecided', met: 'solveLang.met', missed: 'solveLang.missed' } as const;

/** The calibration chart: each cell's verdict over the settings; every word in the current language. */
export function calibrationChart(exp: Experiment, c: CalSection, o: CalOutcome): TopLevelSpec {
  const values = o.cells.map((x) => ({ ...Object.fromEntries(c.values.map((v, i) => [`v${i}`, x.cell[i]])), verdict: t(CAL_WORD[x.verdict]), games: x.games }));
  const color = { field: 'verdict', type: 'nominal', scale: { domain: (['feasible', 'undecided', 'infeasible'] as const).map((w) => t(CAL_WORD[w])), range: ['#2a9d4b', '#c9b458', '#c0392b'] }, title: t('chart.verdict') } as const;
  const x = { field: 'v0', type: 'ordinal', title: c.values[0].pathText } as const;
  const tooltip = [...c.values.map((v, i) => ({ field: `v${i}`, type: 'ordinal', title: v.pathText })), { field: 'verdict', type: 'nominal', title: t('chart.verdict') }, { field: 'games', type: 'quantitative', title: t('chart.games') }];
  const enc = c.values.length === 1
    ? { x, color, tooltip }
    : { x, y: { field: 'v1', type: 'ordinal', title: c.values[1].pathText, sort: 'descending' }, color, tooltip };
  return {
    $schema: VEGA_LITE_SCHEMA,
    title: { text: t('chart.calTitle', { metrics: c.targets.map((x) => x.metric).join(' & ') }), subtitle: t('chart.calSubtitle', { experiment: exp.name, conf: (100 * c.confidence).toFixed(0) }) },
    config: CHART_CONFIG,
    data: { values },
    ...(c.values.length === 3 ? { facet: { field: 'v2', type: 'ordinal', title: c.values[2].pathText }, spec: { width: 220, height: 180, mark: { type: 'rect' }, encoding: enc } } : { width: 360, height: c.values.length === 1 ? 40 : 260, mark: { type: 'rect' }, encoding: enc }),
  } as TopLevelSpec;
}

/**
 * The solve results folder's files as `[name, text]` (solve.json, solve.csv, calibration.csv, charts/*, report.html):
 * the CLI writes them (writeSolve), the web app offers them as downloads.
 */
export async function solveFiles(exp: Experiment, results: readonly { section: SolveSection; answer: SolveAnswer }[], meta: { packageVersion: string; workers: number }, calibrations: readonly { section: CalSection; outcome: CalOutcome }[] = []): Promise<[string, string][]> {
  const files: [string, string][] = [];
  const csvRows: (string | number)[][] = [];
  const sections: string[] = [];
  const questions: unknown[] = [];
  const calRows: (string | number)[][] = [];
  for (const [i, { section: c, outcome: o }] of calibrations.entries()) {
    const spec = calibrationChart(exp, c, o);
    const svg = await renderSvg(spec);
    const name = `calibration-${i + 1}`;
    files.push([`charts/${name}.vl.json`, JSON.stringify(spec, null, 2)], [`charts/${name}.svg`, svg]);
    for (const cell of o.cells) calRows.push([i + 1, ...c.values.map((_, k) => cell.cell[k] ?? ''), ...Array(3 - c.values.length).fill(''), cell.games, cell.verdict, ...cell.targets.flatMap((t) => [t.estimate, t.lo, t.hi, t.verdict])]);
    const text = calibrationText(c, o);
    questions.push({ calibration: { values: c.values.map((v) => ({ value: v.pathText, range: [v.lo, v.hi], step: v.step })), targets: c.targets, confidence: c.confidence }, answer: text, z: o.z, gamesSpent: o.gamesSpent, gamesExhaustive: o.gamesExhaustive, cells: o.cells });
    const rows = o.cells.map((cell) => `<tr>${[...cell.cell.map(String), String(cell.games), t(CAL_WORD[cell.verdict]), ...cell.targets.map((x, k) => `${fmtT2(c.targets[k], x.estimate)} [${fmtT2(c.targets[k], x.lo)}, ${fmtT2(c.targets[k], x.hi)}] ${t(CAL_WORD[x.verdict])}`)].map((x) => `<td>${escapeHtml(x)}</td>`).join('')}</tr>`).join('\n');
    sections.push(`<section id="${name}"><h2>${escapeHtml(t('report.calibrationHeading', { values: c.values.map((v) => v.pathText).join(' × ') }))}</h2><p class="answer">${escapeHtml(text)}</p>
${svg}
<table><thead><tr>${[...c.values.map((v) => v.pathText), t('report.colGamesLower'), t('report.colVerdictLower'), ...c.targets.map((x) => x.metric)].map((h) => `<th>${escapeHtml(h)}</th>`).join('')}</tr></thead><tbody>
${rows}
</tbody></table><p>${escapeHtml(t('report.intervalZ', { z: o.z.toFixed(3) }))}</p></section>`);
  }
  if (calRows.length > 0) {
    const most = Math.max(...calibrations.map((x) => x.section.targets.length));
    files.push(['calibration.csv', toCsv({ header: ['question', 'value1', 'value2', 'value3', 'games', 'verdict', ...Array.from({ length: most }, (_, k) => [`target${k + 1}_estimate`, `target${k + 1}_lo`, `target${k + 1}_hi`, `target${k + 1}_verdict`]).flat()], rows: calRows }, false)]);
  }
  for (const [i, { section: s, answer: a }] of results.entries()) {
    const rows = [...a.points].sort((p, q) => p.x - q.x).map((p) => [p.x, p.games, p.estimate, p.lo, p.hi, p.verdict] as (string | number)[]);
    for (const r of rows) csvRows.push([i + 1, s.pathText, s.metric, s.kind, s.target, ...r]);
    const spec = solveChart(exp, s, a);
    const svg = await renderSvg(spec);
    const name = results.length > 1 ? `solve-${i + 1}` : 'solve';
    files.push([`charts/${name}.vl.json`, JSON.stringify(spec, null, 2)], [`charts/${name}.svg`, svg]);
    const answer = answerText(s, a);
    questions.push({
      solve: { value: s.pathText, range: [s.lo, s.hi], step: s.step, target: { [s.kind]: s.target }, metric: s.metric, variant: s.variant, confidence: s.confidence, games: { start: s.startGames, max: s.maxGames } },
      answer: { kind: a.kind, a: a.a, b: a.b, side: a.side ?? null, text: answer, z: a.z, gamesSpent: a.gamesSpent, gamesFullSweep: a.gamesFullSweep },
      points: a.points,
    });
    const table = rows.map((r) => `<tr>${r.map((c, k) => `<td>${escapeHtml(typeof c === 'number' ? (Number.isInteger(c) ? String(c) : c.toFixed(4)) : k === 5 ? t(VERDICT_WORD[c as SolvePoint['verdict']]) : String(c))}</td>`).join('')}</tr>`).join('\n');
    sections.push(`<section id="${name}"><h2>${results.length > 1 ? `${i + 1}. ` : ''}${escapeHtml(t('solveLang.heading', { path: s.pathText, kind: t(`solveLang.kind.${s.kind}`), metric: s.metric, target: fmtMetric(s, s.target) }))}</h2><p class="answer">${escapeHtml(answer)}</p>
${svg}
<table><thead><tr><th>${escapeHtml(s.pathText)}</th><th>${escapeHtml(t('report.colGamesLower'))}</th><th>${escapeHtml(s.metric)}</th><th>${escapeHtml(t('solveLang.colLo'))}</th><th>${escapeHtml(t('solveLang.colHi'))}</th><th>${escapeHtml(t('report.colVerdictLower'))}</th></tr></thead><tbody>
${table}
</tbody></table><p>${escapeHtml(t('report.lookZ', { z: a.z.toFixed(3) }))}</p></section>`);
  }
  if (csvRows.length > 0) files.unshift(['solve.csv', toCsv({ header: ['question', 'value', 'metric', 'target_kind', 'target', 'x', 'games', 'estimate', 'lo', 'hi', 'verdict'], rows: csvRows }, false)]);
  files.unshift(['solve.json', JSON.stringify({ experiment: { name: exp.name, file: platform().path.basename(exp.file), hash: exp.hash, seed: exp.seed }, packageVersion: meta.packageVersion, questions }, null, 2)]);
  const foot = `<p>${escapeHtml(t('report.solveFooter', { seed: exp.seed, file: platform().path.basename(exp.file), hash: exp.hash.slice(0, 12), version: meta.packageVersion, workers: meta.workers }))}</p>`;
  files.push(['report.html', simplePage(t('report.solveTitle', { name: exp.name }), `<h1>${escapeHtml(questionIn(exp))}</h1>\n${sections.join('\n')}\n${foot}`)]);
  return files;
}
