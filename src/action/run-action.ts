/**
 * `balance-lab action`: what the GitHub Action (action.yml) runs. For every experiment the globs match (relative
 * to the workspace): load it — bad input becomes an `::error file=…,line=…::` annotation on the experiment or
 * scenario file — then `check` it against its baseline (or `run` it, or `check --update`), write its results
 * (report.html included) under the results folder, and warn (`::warning`) where a Markdown scenario's prose
 * disagrees with its block. Then the job summary, the step outputs and, when asked, the Pages site.
 */
import { appendFileSync, existsSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { InputError } from '../sim/input/input-error.js';
import { loadExperiment } from '../sim/experiment/load.js';
import { runExperiment } from '../sim/run/run.js';
import { writeResults } from '../report/files/write-results.js';
import { evaluateTargets } from '../report/targets.js';
import { runCheck } from '../cli/cmd-check.js';
import { defaultBaselinePath } from '../check/baseline.js';
import { rulesPlayed } from '../report/rule-version.js';
import { designerSummaryLines } from '../report/designer-plan.js';
import { getLang } from '../i18n/lang.js';
import { gitCommit, packageVersion } from '../cli/meta.js';
import { markdownFileWarnings } from '../rules/urban-assault/scenario/markdown.js';
import { render, t } from '../i18n/t.js';
import { annotation } from './annotations.js';
import { outputEntry, plainOutput } from './escape.js';
import { expandGlobs } from './glob.js';
import { answerRows, movedRows, type ExperimentRecord } from './record.js';
import { buildSummary } from './summary.js';
import { buildPagesSite } from './pages.js';
import { boundedSiteScript, collectSiteFiles } from './site-files.js';
import { SITE_FILES_MAX_BYTES } from '../report/site/site-files.js';
import { pagesBase, runAsk, runPage } from './ask.js';
import { pullRequestOf, readEvent } from './github.js';
import { stickyCheckComment } from './pr-comment.js';
import { Source } from '../sim/input/schema.js';
import { readImpact, rulingImpact } from '../sim/design/impact.js';
import { impactRows, impactSentence } from '../report/files/impact-output.js';
import type { Experiment } from '../sim/experiment/load.js';
import type { ActionIo, ActionOptions } from './io.js';
import { questionIn } from '../sim/input/local-text.js';
import { sampleLinksFor } from './sample-work.js';
import { onBoundedOpen } from '../sim/input/scenario-path.js';
import { setShownRoot } from '../sim/input/shown-path.js';

/**
 * With `ruling_impact:` in the file, the top five readings as sentences for the job summary (issue 43), in run and
 * check mode (not when recording baselines); else nothing.
 */
async function impactOf(file: string, exp: Experiment, workers: number): Promise<{ impact?: string[] }> {
  const src = Source.load(file);
  if (src.root().key('ruling_impact').missing) return {};
  const r = await rulingImpact(src, exp, readImpact(src, exp), workers);
  return { impact: impactRows(r).filter((x) => x.stop !== 'inert').slice(0, 5).map((x) => impactSentence(exp.engine, x)) };
}

export type { ActionIo, ActionOptions } from './io.js';

function where(e: InputError, ws: string): string {
  const f = relative(ws, resolve(ws, e.file)).split(sep).join('/');
  return e.line !== undefined ? `${f}:${e.line}` : f;
}

/** The scenario file an URBAN ASSAULT experiment reads, if any (for the Markdown prose warnings). */
function scenarioFileOf(game: unknown): string | null {
  const f = (game as { operation?: { scenarioFile?: string } } | null)?.operation?.scenarioFile;
  return typeof f === 'string' && f !== '' ? f : null;
}

/** The rule version(s) a run played, for its record (nothing for an engine without versions). */
function rulesOf(summary: { readonly rulings: Parameters<typeof rulesPlayed>[0] }): { rules?: string } {
  const rules = rulesPlayed(summary.rulings);
  return rules === null ? {} : { rules };
}

/**
 * The page of the running workflow, whose Run workflow button records the baselines: from GITHUB_WORKFLOW_REF
 * (`owner/repo/.github/workflows/balance.yml@refs/heads/main`), else the repository's Actions tab; null outside GitHub.
 */
export function updateButtonUrl(env: ActionIo['env']): string | null {
  const repo = env.GITHUB_REPOSITORY;
  if (!repo) return null;
  const server = env.GITHUB_SERVER_URL ?? 'https://github.com';
  const wf = /\/\.github\/workflows\/([^@/]+)@/.exec(env.GITHUB_WORKFLOW_REF ?? '');
  return wf ? `${server}/${repo}/actions/workflows/${encodeURIComponent(wf[1])}` : `${server}/${repo}/actions`;
}

async function one(rel: string, ws: string, opts: ActionOptions & { readonly mode: 'check' | 'run' | 'update' }, io: ActionIo): Promise<ExperimentRecord> {
  const file = join(ws, rel);
  let base: Pick<ExperimentRecord, 'file' | 'moved' | 'bandFailures' | 'answer' | 'targets' | 'question' | 'primary' | 'scenario'> = { file: rel, moved: [], bandFailures: 0, answer: [], targets: [], question: '', primary: '' };
  const name0 = rel.replace(/^.*\//, '').replace(/\.ya?ml$/i, '');
  try {
    // The files the experiment reads travel in its report's sample-game links (issue 43 item 4).
    const opened: string[] = [];
    onBoundedOpen((abs) => opened.push(abs));
    let exp;
    try {
      exp = loadExperiment(file, opts.games !== undefined ? { games: opts.games } : {});
    } finally {
      onBoundedOpen(null);
    }
    const scen = scenarioFileOf(exp.compiled.game);
    for (const w of scen ? markdownFileWarnings(scen) : []) io.out(annotation('warning', ws, scen!, w.line, render(w.msg)));
    const scenRel = scen ? relative(ws, resolve(ws, scen)).split(sep).join('/') : '';
    if (scenRel !== '' && !scenRel.startsWith('../')) base = { ...base, scenario: scenRel };
    const outDir = join(resolve(ws, opts.out), exp.name);
    // With the web app on the Pages site, the report links each variant's sample games in it.
    const pages = opts.pages && opts.app !== undefined ? pagesBase(opts, io.env) : null;
    const write = async (s: Parameters<typeof writeResults>[0]) => {
      const samples = pages === null ? undefined : await sampleLinksFor(ws, rel, opened, { games: s.gamesPerVariant, seed: s.seed }, `${pages}app/`);
      return writeResults(s, outDir, { gitCommit: gitCommit(), packageVersion: packageVersion(), nodeVersion: process.version, ...(samples ? { samples } : {}) });
    };
    const workers = opts.workers ?? 0;
    if (opts.mode === 'run') {
      const summary = await runExperiment(exp, { workers });
      await write(summary);
      return { ...base, name: exp.name, status: 'ran', question: questionIn(exp), answer: answerRows(summary), designer: designerSummaryLines(summary, getLang()), primary: summary.metrics.rates[0]?.id ?? '', targets: evaluateTargets(exp.targets ?? [], summary), ...rulesOf(summary), report: `${exp.name}/report.html`, ...(await impactOf(file, exp, workers)) };
    }
    // A check with no baseline file yet (the first push after init, a new experiment) simulates and says so: not an error.
    const noBaseline = opts.mode === 'check' && !existsSync(defaultBaselinePath(exp.name));
    const o = await runCheck(file, { quiet: true, workers, games: opts.games, update: opts.mode === 'update', missingBaseline: noBaseline });
    await write(o.result.summary);
    // The check's text quotes the experiment's question and labels: never read as workflow commands (issue 39 item 2).
    io.out(plainOutput(o.text.replace(/\n$/, '')));
    if (noBaseline) io.out(annotation('warning', ws, file, undefined, t('action.noBaselineNote', { where: defaultBaselinePath(exp.name).split(sep).join('/') })));
    const status = opts.mode === 'update' ? 'updated' : !o.result.passed ? 'fail' : noBaseline ? 'nobaseline' : 'pass';
    return { ...base, name: exp.name, status, question: questionIn(exp), moved: movedRows(o.result), bandFailures: o.result.bandFailures, answer: answerRows(o.result.summary), designer: designerSummaryLines(o.result.summary, getLang()), targets: o.targets, ...rulesOf(o.result.summary), report: `${exp.name}/report.html`, ...(opts.mode === 'check' ? await impactOf(file, exp, workers) : {}) };
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    io.out(annotation('error', ws, resolve(ws, e.file), e.line, e.message));
    return { ...base, name: name0, status: 'invalid', error: { where: where(e, ws), message: e.message } };
  }
}

/**
 * The repository's files for the published app (issue 42): the experiments, the scenarios they read, the scenario
 * and ruleset folders and the baselines. Too big: a warning naming the size and the limit, and the app goes without.
 */
function siteScript(ws: string, files: readonly string[], records: readonly ExperimentRecord[], io: ActionIo): string | undefined {
  const site = collectSiteFiles(ws, files, records.flatMap((r) => (r.scenario ? [r.scenario] : [])));
  const r = boundedSiteScript(site);
  if ('script' in r) return r.script;
  const mib = (n: number) => (n / 1024 / 1024).toFixed(1);
  io.out(annotation('warning', ws, ws, undefined, t('pagesApp.siteTooBig', { size: mib(r.tooBig), max: mib(SITE_FILES_MAX_BYTES) })).replace(/file=[^,]*,/, ''));
  return undefined;
}

/** Run the Action's work in the workspace; returns the exit code (1 when an experiment is invalid or moved). */
export async function runAction(opts: ActionOptions, io: ActionIo): Promise<number> {
  if (opts.mode === 'ask') return runAsk(opts, io);
  const mode = opts.mode;
  const ws = resolve(io.env.GITHUB_WORKSPACE ?? process.cwd());
  setShownRoot(ws); // messages and annotations name files from the repository root
  const files = expandGlobs(opts.experiments, ws);
  const records: ExperimentRecord[] = [];
  for (const rel of files) records.push(await one(rel, ws, { ...opts, mode }, io));
  const pagesUrl = opts.pages ? pagesBase(opts, io.env) : null;
  const runUrl = runPage(io.env);
  const summary = buildSummary(records, { mode, pagesUrl, runUrl, updateUrl: updateButtonUrl(io.env) });
  if (io.env.GITHUB_STEP_SUMMARY) appendFileSync(io.env.GITHUB_STEP_SUMMARY, summary);
  else io.out(plainOutput(summary));
  const pr = opts.comment ? pullRequestOf(readEvent(io.env)) : null;
  if (pr) await stickyCheckComment(summary, pr, runUrl, io);
  const resultsDir = resolve(ws, opts.out);
  if (opts.pages) buildPagesSite(records, resultsDir, resolve(ws, opts.pages), new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC', opts.app !== undefined ? resolve(ws, opts.app) : undefined, opts.app !== undefined ? siteScript(ws, files, records, io) : undefined);
  const bad = records.some((r) => r.status === 'invalid' || r.status === 'fail');
  if (io.env.GITHUB_OUTPUT) {
    appendFileSync(io.env.GITHUB_OUTPUT, [
      outputEntry('results', resultsDir), ...(opts.pages ? [outputEntry('pages', resolve(ws, opts.pages))] : []),
      outputEntry('verdict', bad ? 'fail' : 'pass'), outputEntry('experiments', String(records.length)),
    ].join(''));
  }
  if (files.length === 0) io.out(annotation('warning', ws, ws, undefined, t('action.noExperiments')).replace(/file=[^,]*,/, ''));
  return bad ? 1 : 0;
}

