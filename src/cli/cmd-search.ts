/**
 * `balance-lab search <experiment.yaml>`: race the candidates of the file's `search:` space on common random numbers
 * and report the best (issue 15). The answer is printed first; search.csv and report.html are written.
 */
import { availableParallelism } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { Source } from '../sim/schema.js';
import { compileExperiment } from '../sim/experiment.js';
import { readSearch, searchExperiment, type SearchSection } from '../sim/search.js';
import type { RaceOutcome } from '../sim/search-core.js';
import { toCsv } from '../report/csv.js';
import { escapeHtml } from '../report/html-escape.js';
import { packageVersion } from './meta.js';
import { localRun, queueRun, type RunFn } from '../sim/run-fn.js';
import { checkQueueUrl } from '../sim/queue.js';
import { t } from '../i18n/t.js';

export interface SearchCliOptions {
  seed?: number;
  workers?: number;
  out?: string;
  quiet?: boolean;
  /** `--queue [url]`: play on cluster workers through Redis (true: REDIS_URL). */
  queue?: string | boolean;
}

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

export async function searchCommand(file: string, opts: SearchCliOptions): Promise<void> {
  const src = Source.load(file);
  const exp = compileExperiment(src, opts.seed !== undefined ? { seed: opts.seed } : {});
  const s = readSearch(src, exp);
  const outDir = resolve(process.cwd(), opts.out ?? `results/${exp.name}-search`);
  const workers = opts.workers ?? availableParallelism();
  const log = (line: string): void => { if (!opts.quiet) process.stderr.write(`${line}\n`); };
  log(t('cli.candidatesRefusedEngine', { candidatesCount: s.candidates.length, refused: s.refused }));
  const run: RunFn = opts.queue !== undefined && opts.queue !== false ? queueRun(checkQueueUrl(opts.queue === true ? process.env.REDIS_URL : String(opts.queue)), packageVersion(), log) : localRun(workers);
  const r = await searchExperiment(src, exp, s, run, log);
  const answer = searchAnswer(s, r);
  process.stdout.write(`${answer}\n`);
  const sign = s.minimise ? -1 : 1;
  const order = s.candidates.map((_, i) => i).sort((a, b) => (r.games[b] - r.games[a]) || (r.estimate[b] - r.estimate[a]));
  const rows = order.map((c) => [`c${c + 1}`, s.candidates[c].label, sign * r.estimate[c], r.games[c], sign * r.diffLo[c], sign * r.diffHi[c], r.survivors.includes(c) ? 'survivor' : 'eliminated']);
  const csv = toCsv({ header: ['candidate', 'label', s.metric, 'games', 'diff_vs_leader_lo', 'diff_vs_leader_hi', 'status'], rows }, false);
  const table = rows.map((row) => `<tr>${row.map((x) => `<td>${escapeHtml(typeof x === 'number' ? (Number.isInteger(x) ? String(x) : x.toFixed(4)) : String(x))}</td>`).join('')}</tr>`).join('\n');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(exp.name)} — search</title>
<style>body{font-family:sans-serif;max-width:70rem;margin:2rem auto;padding:0 1rem}td,th{padding:.2rem .5rem;text-align:left}th{border-bottom:1px solid #999}.answer{background:#f4f4f4;padding:1rem}</style></head><body>
<h1>${escapeHtml(exp.question)}</h1><section id="search"><h2>Search: ${escapeHtml(s.metric)} (${s.minimise ? 'minimised' : 'maximised'})</h2><p class="answer">${escapeHtml(answer)}</p>
<table><thead><tr><th>candidate</th><th>loadout</th><th>${escapeHtml(s.metric)}</th><th>games</th><th>diff lo</th><th>diff hi</th><th>status</th></tr></thead><tbody>
${table}
</tbody></table><p>Seed ${exp.seed} · ${escapeHtml(basename(exp.file))} · balance-lab ${escapeHtml(packageVersion())} · intervals at z = ${r.z.toFixed(3)} (the differences of the round in which each candidate last played).</p></section></body></html>
`;
  const stage = join(dirname(outDir), `.${basename(outDir)}.search-staging`);
  rmSync(stage, { recursive: true, force: true });
  mkdirSync(stage, { recursive: true });
  writeFileSync(join(stage, 'search.csv'), csv);
  writeFileSync(join(stage, 'search.json'), JSON.stringify({ experiment: { name: exp.name, file: basename(exp.file), hash: exp.hash, seed: exp.seed }, answer, candidates: s.candidates.map((c, i) => ({ id: `c${i + 1}`, label: c.label, variant: c.doc, estimate: sign * r.estimate[i], games: r.games[i] })), survivors: r.survivors.map((c) => `c${c + 1}`), gamesSpent: r.gamesSpent, gamesExhaustive: r.gamesExhaustive }, null, 2));
  writeFileSync(join(stage, 'report.html'), html);
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(dirname(outDir), { recursive: true });
  renameSync(stage, outDir);
  log(t('cli.seedWroteSearchCsv', { seed: exp.seed, outDir }));
}
