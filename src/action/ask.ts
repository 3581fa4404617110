/**
 * `balance-lab action --mode ask`: answer the balance question of the issue in `$GITHUB_EVENT_PATH` (issue 42
 * item 4). The form's fields become `experiments/question-issue-<n>.yaml` in the workspace, which is run with the
 * Action's other experiments' machinery (results and report.html under the results folder); the answer — or the
 * problem that kept it from running — is written as one comment on the issue, updated when the issue is edited,
 * and to the job summary.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { InputError } from '../sim/input/input-error.js';
import { loadExperiment } from '../sim/experiment/load.js';
import { runExperiment } from '../sim/run/run.js';
import { writeResults } from '../report/files/write-results.js';
import { rulesPlayed } from '../report/rule-version.js';
import { primaryRate } from '../report/lookup.js';
import { encodeShare, SHARE_PARAM } from '../report/share-link.js';
import { metricLabel } from '../sim/core/metric-text.js';
import { gitCommit, packageVersion } from '../cli/meta.js';
import { t } from '../i18n/t.js';
import { annotation } from './annotations.js';
import { outputEntry, plainOutput } from './escape.js';
import { answerRows } from './record.js';
import { apiContext, issueOf, readEvent, upsertComment } from './github.js';
import { answerComment, problemComment, QUESTION_MARKER, QuestionError, questionExperiment, readQuestion, scenarioRef, type Question } from './question.js';
import type { ActionIo, ActionOptions } from './io.js';
import { setShownRoot } from '../sim/input/shown-path.js';

/** The Pages site of the repository (`https://owner.github.io/repo/`), or the option's URL; null outside GitHub. */
export function pagesBase(opts: Pick<ActionOptions, 'pagesUrl'>, env: ActionIo['env']): string | null {
  const repo = env.GITHUB_REPOSITORY;
  const url = opts.pagesUrl ?? (repo ? `https://${repo.split('/')[0]}.github.io/${repo.split('/')[1]}/` : null);
  return url && !url.endsWith('/') ? `${url}/` : url;
}

/** The workflow run's page, or null outside GitHub. */
export function runPage(env: ActionIo['env']): string | null {
  const repo = env.GITHUB_REPOSITORY;
  return repo && env.GITHUB_RUN_ID ? `${env.GITHUB_SERVER_URL ?? 'https://github.com'}/${repo}/actions/runs/${env.GITHUB_RUN_ID}` : null;
}

/** Write the question's experiment into the workspace and return its path and the scenario file's (null: shipped). */
function writeQuestion(q: Question, n: number, ws: string): { file: string; text: string; scenario: string | null } {
  const ref = scenarioRef(q.scenario);
  if (!ref) throw new QuestionError(t('ask.badScenarioPath', { path: q.scenario }));
  if (ref.repoPath !== null) {
    const p = resolve(ws, ref.repoPath);
    if (!existsSync(p) || !statSync(p).isFile()) throw new QuestionError(t('ask.noScenarioFile', { path: ref.repoPath }));
  }
  const text = questionExperiment(q, n, ref.ref);
  mkdirSync(join(ws, 'experiments'), { recursive: true });
  const file = join(ws, 'experiments', `question-issue-${n}.yaml`);
  writeFileSync(file, text);
  return { file, text, scenario: ref.repoPath };
}

/** Answer the issue's question; returns the exit code (1 when the question cannot be read or run). */
export async function runAsk(opts: ActionOptions, io: ActionIo): Promise<number> {
  const ws = resolve(io.env.GITHUB_WORKSPACE ?? process.cwd());
  setShownRoot(ws); // messages and annotations name files from the repository root
  const issue = issueOf(readEvent(io.env));
  if (!issue) throw new InputError(io.env.GITHUB_EVENT_PATH ?? 'GITHUB_EVENT_PATH', undefined, 'issue', { id: 'ask.noIssue', params: { path: io.env.GITHUB_EVENT_PATH ?? '' } }, 'on: issues');
  let body: string, code = 0, exp: { file: string; text: string; scenario: string | null } | null = null;
  try {
    const q = readQuestion(issue.body);
    if (!q) {
      io.out(plainOutput(t('ask.notAForm', { n: issue.number, field: t('ask.fieldScenario') })));
      return 0;
    }
    exp = writeQuestion(q, issue.number, ws);
    const e = loadExperiment(exp.file, opts.games !== undefined ? { games: opts.games } : {});
    const summary = await runExperiment(e, { workers: opts.workers ?? 0 });
    await writeResults(summary, join(resolve(ws, opts.out), e.name), { gitCommit: gitCommit(), packageVersion: packageVersion(), nodeVersion: process.version });
    const pages = pagesBase(opts, io.env);
    const work = { file: `experiments/question-issue-${issue.number}.yaml`, text: exp.text, command: 'run' as const, ...(exp.scenario ? { files: { [exp.scenario]: readFileSync(resolve(ws, exp.scenario), 'utf8') } } : {}), ...(opts.games !== undefined ? { games: opts.games } : {}) };
    body = answerComment({
      q, metric: metricLabel(summary.experiment.engine, primaryRate(summary).label), rows: answerRows(summary), rules: rulesPlayed(summary.rulings) ?? q.rules, seed: e.seed,
      games: summary.gamesPerVariant, appUrl: pages ? `${pages}app/#${SHARE_PARAM}=${await encodeShare(work)}` : null, runUrl: runPage(io.env),
    });
  } catch (err) {
    if (!(err instanceof QuestionError) && !(err instanceof InputError)) throw err;
    if (err instanceof InputError && exp) io.out(annotation('error', ws, resolve(ws, err.file), err.line, err.message));
    // The runner's workspace path is not the designer's: files are named from the repository root.
    body = problemComment(err.message.split(`${ws}${sep}`).join(''));
    code = 1;
  }
  if (io.env.GITHUB_STEP_SUMMARY) appendFileSync(io.env.GITHUB_STEP_SUMMARY, body.slice(QUESTION_MARKER.length + 1));
  const ctx = apiContext(io.env);
  if (ctx) {
    const r = await upsertComment(ctx, issue.number, QUESTION_MARKER, body);
    io.out(plainOutput(`${t('ask.answered', { n: issue.number })}: ${r.url}`));
  } else io.out(plainOutput(body));
  if (io.env.GITHUB_OUTPUT) appendFileSync(io.env.GITHUB_OUTPUT, outputEntry('verdict', code === 0 ? 'pass' : 'fail'));
  return code;
}
