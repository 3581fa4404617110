/**
 * The `search` results (issue 15): the answer in words and the folder's files (search.csv, search.json,
 * report.html), shared by the CLI (cmd-search.ts) and the web app.
 */
import { platform } from '../../sim/core/platform.js';
import type { SearchSection } from '../../sim/design/search.js';
import type { RaceOutcome } from '../../sim/design/search-core.js';
import { toCsv } from './csv.js';
import { escapeHtml } from '../html/escape.js';
import { simplePage } from '../html/simple-page.js';
import type { Experiment } from '../../sim/experiment/load.js';
import { t } from '../../i18n/t.js';
import { questionIn } from '../../sim/input/local-text.js';

const fmt = (s: SearchSection, x: number): string => (Number.isFinite(x) ? (s.isRate ? `${(100 * x).toFixed(1)}%` : x.toFixed(2)) : '–');

/** The answer in words. */
export function searchAnswer(s: SearchSection, r: RaceOutcome): string {
  const sign = s.minimise ? -1 : 1;
  const lead = r.survivors[0];
  const diff = (c: number): string => {
    if (c === lead || !Number.isFinite(r.diffLo[c])) return '';
    const k = s.isRate ? 100 : 1, u = s.isRate ? ' pp' : '';
    const mid = (sign * (r.diffLo[c] + r.diffHi[c])) / 2;
    const [lo, hi] = [sign * r.diffLo[c], sign * r.diffHi[c]].sort((a, b) => a - b);
    return t('cli.vsLeader', { value: (k * mid).toFixed(1), u, value2: (k * lo).toFixed(1), value3: (k * hi).toFixed(1) });
  };
  const best = r.survivors.map((c, i) => `${i + 1}. ${s.candidates[c].label}: ${s.metric} ${fmt(s, sign * r.estimate[c])} (${r.games[c].toLocaleString('en-US')} games${diff(c)})`).join('; ');
  const conf = `${(100 * s.confidence).toFixed(0)}%`;
  return t('cli.candidatesSurviveProbabilityBest', { survivorsCount: r.survivors.length, candidatesCount: s.candidates.length, value: r.survivors.length > s.top ? t('cli.moreThanTopRest', { top: s.top, maxGames: s.maxGames.toLocaleString('en-US') }) : '', best, conf }) +
    t('cli.gamesPlayedCandidateGames', { gamesSpent: r.gamesSpent.toLocaleString('en-US'), rounds: r.rounds, gamesExhaustive: r.gamesExhaustive.toLocaleString('en-US'), value: (r.gamesExhaustive / Math.max(1, r.gamesSpent)).toFixed(1), refused: s.refused });
}

/** The search results folder's files as `[name, text]`, in writing order. */
export function searchFiles(exp: Experiment, s: SearchSection, r: RaceOutcome, version: string): [string, string][] {
  const answer = searchAnswer(s, r);
  const sign = s.minimise ? -1 : 1;
  const order = s.candidates.map((_, i) => i).sort((a, b) => (r.games[b] - r.games[a]) || (r.estimate[b] - r.estimate[a]));
  const rows = order.map((c) => [`c${c + 1}`, s.candidates[c].label, sign * r.estimate[c], r.games[c], sign * r.diffLo[c], sign * r.diffHi[c], r.survivors.includes(c) ? 'survivor' : 'eliminated']);
  const csv = toCsv({ header: ['candidate', 'label', s.metric, 'games', 'diff_vs_leader_lo', 'diff_vs_leader_hi', 'status'], rows }, false);
  const table = rows.map((row) => `<tr>${row.map((x, k) => (k === 6 ? t(x === 'survivor' ? 'report.survivor' : 'report.eliminated') : x)).map((x) => `<td>${escapeHtml(typeof x === 'number' ? (Number.isInteger(x) ? String(x) : x.toFixed(4)) : String(x))}</td>`).join('')}</tr>`).join('\n');
  const body = `<h1>${escapeHtml(questionIn(exp))}</h1><section id="search"><h2>${escapeHtml(t('report.searchHeading', { metric: s.metric, direction: t(s.minimise ? 'report.minimised' : 'report.maximised') }))}</h2><p class="answer">${escapeHtml(answer)}</p>
<table><thead><tr>${[t('report.colCandidate'), t('report.colLoadout'), s.metric, t('report.colGamesLower'), t('report.colDiffLo'), t('report.colDiffHi'), t('report.colStatus')].map((h) => `<th>${escapeHtml(h)}</th>`).join('')}</tr></thead><tbody>
${table}
</tbody></table><p>${escapeHtml(t('report.searchFooter', { seed: exp.seed, file: platform().path.basename(exp.file), version, z: r.z.toFixed(3) }))}</p></section>`;
  const json = JSON.stringify({ experiment: { name: exp.name, file: platform().path.basename(exp.file), hash: exp.hash, seed: exp.seed }, answer, candidates: s.candidates.map((c, i) => ({ id: `c${i + 1}`, label: c.label, variant: c.doc, estimate: sign * r.estimate[i], games: r.games[i] })), survivors: r.survivors.map((c) => `c${c + 1}`), gamesSpent: r.gamesSpent, gamesExhaustive: r.gamesExhaustive }, null, 2);
  return [['search.csv', csv], ['search.json', json], ['report.html', simplePage(t('report.searchTitle', { name: exp.name }), body)]];
}
