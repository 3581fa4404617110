/**
 * The ruling-impact results (issue 43): ranked rows, a sentence per row in each language, impact.csv, impact.json,
 * the tornado chart (charts/tornado.vl.json and .svg), report.html and the top five for a job summary. Shared by
 * the CLI (cmd-impact.ts) and the GitHub Action.
 */
import { basename } from 'node:path';
import type { TopLevelSpec } from 'vega-lite';
import { t, catalogue, format } from '../../i18n/t.js';
import type { MessageId } from '../../i18n/messages-en.js';
import { getLang, type Lang } from '../../i18n/lang.js';
import { metricLabel } from '../../sim/core/metric-text.js';
import type { Experiment } from '../../sim/experiment/load.js';
import type { ImpactDiff, ImpactResult } from '../../sim/design/impact.js';
import type { DocumentedRuling } from '../../sim/design/impact-docs.js';
import { sectionOf } from '../../sim/design/impact-docs.js';
import { toCsv } from './csv.js';
import { escapeHtml } from '../html/escape.js';
import { simplePage } from '../html/simple-page.js';
import { CHART_CONFIG, VEGA_LITE_SCHEMA } from '../charts/common.js';
import { renderSvg } from '../charts/render.js';
import { questionIn } from '../../sim/input/local-text.js';

/** One measured alternative, in rank order. */
export interface ImpactRow {
  readonly rank: number;
  readonly index: number;
  readonly id: string;
  readonly kind: string;
  readonly key: string;
  readonly section: string;
  readonly clause: string;
  readonly current: string;
  readonly option: string;
  readonly summary: string;
  readonly msg: { readonly id: string; readonly params?: Readonly<Record<string, string | number>> };
  readonly games: number;
  readonly stop: string;
  readonly verdict: string;
  readonly main: ImpactDiff;
  readonly diffs: readonly ImpactDiff[];
}

/** The measured alternatives ranked by the size of their paired change in the race metric (largest first). */
export function impactRows(r: ImpactResult): ImpactRow[] {
  const rows = r.candidates.map((c, i) => {
    const o = r.race.outcomes[i];
    const main = r.diffs[i].find((d) => d.id === r.settings.metric)!;
    return {
      rank: 0, index: i, id: c.sw.id, kind: c.sw.kind, key: c.sw.key, section: sectionOf(c.sw.clause), clause: c.sw.clause,
      current: c.sw.current, option: c.alt.option, summary: c.alt.summary, msg: c.alt.msg,
      games: o.games, stop: o.stop, verdict: o.verdict, main, diffs: r.diffs[i],
    };
  });
  // Largest change first; readings that changed no game last.
  const inert = (x: { stop: string }): number => (x.stop === 'inert' ? 1 : 0);
  rows.sort((a, b) => inert(a) - inert(b) || Math.abs(b.main.diff.estimate) - Math.abs(a.main.diff.estimate) || a.id.localeCompare(b.id) || a.option.localeCompare(b.option));
  return rows.map((x, k) => ({ ...x, rank: k + 1 }));
}

const signed = (x: number, digits: number): string => `${x > 0 ? '+' : x < 0 ? '−' : '±'}${Math.abs(x).toFixed(digits)}`;

/** A change with its interval: pp for a rate, the value's unit otherwise. */
export function changeText(d: ImpactDiff): string {
  const k = d.isRate ? 100 : 1, digits = d.isRate ? 1 : 2, u = d.isRate ? ' pp' : '';
  return `${signed(k * d.diff.estimate, digits)}${u} [${signed(k * d.diff.lo, digits)}, ${signed(k * d.diff.hi, digits)}]`;
}

/** The row's sentence in `lang`: the §, the ruling, the other reading and the change of the race metric. */
export function impactSentence(engine: string, row: ImpactRow, lang: Lang = getLang()): string {
  const tpl = catalogue(lang)[row.msg.id as MessageId];
  const alt = tpl === undefined ? row.summary : format(tpl, row.msg.params);
  const metric = metricLabel(engine, row.main.label, lang);
  const head = { section: row.section ? `${row.section} ` : '', id: row.id, alt, metric };
  if (row.stop === 'inert') return t('impact.sentenceInert', { ...head, games: row.games.toLocaleString('en-US') }, lang);
  const id = row.stop === 'below-threshold' ? 'impact.sentenceBelow' : row.verdict === 'clear-effect' ? 'impact.sentenceClear' : 'impact.sentenceUnclear';
  return t(id, { ...head, change: changeText(row.main), games: row.games.toLocaleString('en-US') }, lang);
}

/** The racing saving in words. */
export function savingText(r: ImpactResult, lang: Lang = getLang()): string {
  const n = r.candidates.length;
  const raced = r.race.referenceGames + r.race.alternativeGames;
  const full = r.race.exhaustiveGames + (n > 0 ? r.race.exhaustiveGames / n : 0);
  return t('impact.saving', { raced: raced.toLocaleString('en-US'), full: full.toLocaleString('en-US'), share: full > 0 ? (100 * (1 - raced / full)).toFixed(0) : '0', n }, lang);
}

/** The answer: the top rows as sentences, then the saving. */
export function impactAnswer(exp: Experiment, r: ImpactResult, top = 5, lang: Lang = getLang()): string {
  const all = impactRows(r);
  const rows = all.filter((x) => x.stop !== 'inert').slice(0, top);
  const lines = rows.map((row) => `${row.rank}. ${impactSentence(exp.engine, row, lang)}`);
  const inert = all.length - all.filter((x) => x.stop !== 'inert').length;
  const head = t('impact.answerHead', { variant: r.reference.label, n: r.candidates.length, threshold: r.settings.isRate ? `${(100 * r.settings.threshold).toFixed(1)} pp` : String(r.settings.threshold) }, lang);
  return [head, ...lines, ...(inert > 0 ? [t('impact.inertCount', { n: inert, games: r.settings.startGames.toLocaleString('en-US') }, lang)] : []), savingText(r, lang)].join('\n');
}

/** The tornado chart: each alternative's paired change of the race metric with its 95% interval, largest on top. */
export function tornadoChart(exp: Experiment, r: ImpactResult, lang: Lang = getLang()): { name: string; spec: TopLevelSpec } {
  const rows = impactRows(r).filter((x) => x.stop !== 'inert');
  const k = r.settings.isRate ? 100 : 1;
  const values = rows.map((x) => ({ ruling: `${x.id} ${x.option}`, diff: k * x.main.diff.estimate, lo: k * x.main.diff.lo, hi: k * x.main.diff.hi, verdict: t(`impact.verdict.${x.verdict === 'clear-effect' ? 'clear' : x.stop === 'below-threshold' ? 'below' : 'unclear'}`, undefined, lang) }));
  const metric = rows[0] ? metricLabel(exp.engine, rows[0].main.label, lang) : r.settings.metric;
  const y = { field: 'ruling', type: 'nominal', sort: values.map((v) => v.ruling), title: t('impact.chartRuling', undefined, lang) } as const;
  const axis = t(r.settings.isRate ? 'impact.chartAxisPp' : 'impact.chartAxis', { metric }, lang);
  const th = k * r.settings.threshold;
  return {
    name: 'tornado',
    spec: {
      $schema: VEGA_LITE_SCHEMA,
      title: { text: t('impact.chartTitle', { metric }, lang), subtitle: t('impact.chartSubtitle', { variant: r.reference.label }, lang) },
      config: CHART_CONFIG,
      width: 320,
      layer: [
        { data: { values: [{ x: 0 }] }, mark: { type: 'rule', color: '#555555' }, encoding: { x: { field: 'x', type: 'quantitative' } } },
        { data: { values: [{ x: -th }, { x: th }] }, mark: { type: 'rule', color: '#999999', strokeDash: [4, 4] }, encoding: { x: { field: 'x', type: 'quantitative' } } },
        {
          data: { values },
          layer: [
            { mark: { type: 'bar', opacity: 0.5 }, encoding: { y, x: { field: 'diff', type: 'quantitative', title: axis }, x2: { datum: 0 }, color: { field: 'verdict', type: 'nominal', title: t('impact.colVerdict', undefined, lang), legend: { orient: 'bottom' } } } },
            { mark: { type: 'rule', strokeWidth: 2 }, encoding: { y, x: { field: 'lo', type: 'quantitative' }, x2: { field: 'hi' } } },
          ],
        },
      ],
    } as TopLevelSpec,
  };
}

/** impact.csv: one row per measured alternative (ranked), then each alternative the engine refused, then each documented ruling not measured. */
export function impactCsv(exp: Experiment, r: ImpactResult, notMeasured: readonly DocumentedRuling[], bom = false): string {
  const rows = impactRows(r);
  const metrics = r.diffs[0] ?? [];
  const header = ['rank', 'status', 'ruling', 'kind', 'key', 'section', 'clause', 'reference_option', 'alternative', 'alternative_summary', 'games', 'stop', 'verdict',
    ...metrics.flatMap((d) => [`${d.id}_diff`, `${d.id}_lo`, `${d.id}_hi`]), 'flipped_up', 'flipped_down', 'sentence_ja', 'sentence_en'];
  const out: (string | number | null)[][] = rows.map((x) => [
    x.rank, 'measured', x.id, x.kind, x.key, x.section, x.clause, x.current, x.option, x.summary, x.games, x.stop, x.verdict,
    ...x.diffs.flatMap((d) => [d.diff.estimate, d.diff.lo, d.diff.hi]), x.main.up ?? null, x.main.down ?? null,
    impactSentence(exp.engine, x, 'ja'), impactSentence(exp.engine, x, 'en'),
  ]);
  const blank = metrics.flatMap(() => [null, null, null]);
  for (const f of r.refused) out.push([null, 'cannot-set-here', f.sw.id, f.sw.kind, f.sw.key, sectionOf(f.sw.clause), f.sw.clause, f.sw.current, f.alt.option, f.alt.summary, null, null, null, ...blank, null, null, f.reason, f.reason]);
  for (const d of notMeasured) out.push([null, 'not-measured', d.id, 'documented', null, sectionOf(d.clause), d.clause, null, null, d.alternatives, null, null, null, ...blank, null, null, null, null]);
  return toCsv({ header, rows: out }, bom);
}

/** The results folder's files as `[name, text]`. */
export async function impactFiles(exp: Experiment, r: ImpactResult, notMeasured: readonly DocumentedRuling[], version: string, bom = false): Promise<[string, string][]> {
  const rows = impactRows(r);
  const chart = tornadoChart(exp, r);
  const svg = rows.some((x) => x.stop !== 'inert') ? await renderSvg(chart.spec) : '';
  const json = JSON.stringify({
    experiment: { name: exp.name, file: basename(exp.file), hash: exp.hash, seed: exp.seed, engine: exp.engine },
    settings: r.settings, reference: r.reference,
    rows: rows.map((x) => ({ rank: x.rank, ruling: x.id, kind: x.kind, key: x.key, section: x.section, clause: x.clause, reference: x.current, alternative: x.option, summary: x.summary, msg: x.msg, games: x.games, stop: x.stop, verdict: x.verdict, diffs: x.diffs, sentence: { ja: impactSentence(exp.engine, x, 'ja'), en: impactSentence(exp.engine, x, 'en') } })),
    refused: r.refused.map((f) => ({ ruling: f.sw.id, alternative: f.alt.option, reason: f.reason })),
    notMeasured,
    race: { zLook: r.race.zLook, referenceGames: r.race.referenceGames, alternativeGames: r.race.alternativeGames, exhaustiveGames: r.race.exhaustiveGames },
    version,
  }, null, 2);
  const th = (s: string): string => `<th>${escapeHtml(s)}</th>`;
  const td = (s: string): string => `<td>${escapeHtml(s)}</td>`;
  const table = rows.map((x) => `<tr>${[String(x.rank), `${x.id} ${x.option}`, changeText(x.main), t(`impact.verdict.${x.verdict === 'clear-effect' ? 'clear' : x.stop === 'below-threshold' ? 'below' : x.stop === 'inert' ? 'inert' : 'unclear'}`), x.games.toLocaleString('en-US')].map(td).join('')}</tr>`).join('\n');
  const sentences = rows.map((x) => `<li>${escapeHtml(impactSentence(exp.engine, x))}<br><small>${escapeHtml(x.clause)}</small></li>`).join('\n');
  const refused = r.refused.length === 0 ? '' : `<h3>${escapeHtml(t('impact.refusedHeading'))}</h3><ul>${r.refused.map((f) => `<li>${escapeHtml(`${f.sw.id} ${f.alt.option}: ${f.reason}`)}</li>`).join('')}</ul>`;
  const nm = notMeasured.length === 0 ? '' : `<h3>${escapeHtml(t('impact.notMeasuredHeading', { n: notMeasured.length }))}</h3><p>${escapeHtml(t('impact.notMeasuredNote'))}</p><ul>${notMeasured.map((d) => `<li><b>${escapeHtml(d.id)}</b> ${escapeHtml(d.title)}<br><small>${escapeHtml(d.clause)}</small><br>${escapeHtml(t('impact.otherReading'))}: ${escapeHtml(d.alternatives)}</li>`).join('')}</ul>`;
  const body = `<h1>${escapeHtml(questionIn(exp) || exp.name)}</h1><section id="ruling-impact"><h2>${escapeHtml(t('impact.heading'))}</h2>
<p class="answer">${escapeHtml(impactAnswer(exp, r)).replace(/\n/g, '<br>')}</p>
${svg}
<table><thead><tr>${[t('impact.colRank'), t('impact.colRuling'), t('impact.colChange', { metric: rows[0] ? metricLabel(exp.engine, rows[0].main.label) : r.settings.metric }), t('impact.colVerdict'), t('impact.colGames')].map(th).join('')}</tr></thead><tbody>
${table}
</tbody></table>
<ol>${sentences}</ol>
${refused}${nm}
<p>${escapeHtml(t('impact.footer', { seed: exp.seed, file: basename(exp.file), version, z: r.race.zLook.toFixed(3) }))}</p></section>`;
  const files: [string, string][] = [['impact.csv', impactCsv(exp, r, notMeasured, bom)], ['impact.json', json], ['charts/tornado.vl.json', JSON.stringify(chart.spec, null, 2)]];
  if (svg) files.push(['charts/tornado.svg', svg]);
  files.push(['report.html', simplePage(t('impact.title', { name: exp.name }), body)]);
  return files;
}
