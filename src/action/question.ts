/**
 * A balance question asked from the phone (issue 42 item 4). The designer opens an issue with the form this file
 * writes (`.github/ISSUE_TEMPLATE/balance-question.yml`: scenario file, what to compare — a purchase or the
 * difficulties —, difficulty, rule version); the Action in `ask` mode reads the fields back from the issue's body,
 * turns them into an experiment, runs it and answers in one comment: a verdict per compared variant, a table of 3
 * columns, a bar chart GitHub draws from Mermaid, and a link that opens the same run in the Pages web app.
 */
import { stringify } from 'yaml';
import { t } from '../i18n/t.js';
import type { Lang } from '../i18n/lang.js';
import { RULE_VERSIONS } from '../rules/urban-assault/catalogue/ruleset.js';
import { ARMOURS, EQUIPMENT, EXPENDABLE_DEFS, SHIELDS, WEAPONS } from '../rules/urban-assault/catalogue/catalogue.js';
import { getLang } from '../i18n/lang.js';
import type { AnswerRow } from './record.js';
import { changeCell } from './summary.js';
import { markdownCell, markdownText } from './escape.js';

/** The hidden first line of the answer comment: the Action finds its own comment by it and updates it. */
export const QUESTION_MARKER = '<!-- balance-lab:question -->';

/** The label a form-made issue gets. */
export const QUESTION_LABEL = 'balance-question';

const DIFFICULTIES = ['NORMAL', 'EASY', 'HARD'] as const;
type Difficulty = (typeof DIFFICULTIES)[number];

/** Games per variant of an answer: a success rate within about ±1.5 pp (95%), a paired difference closer. */
export const QUESTION_GAMES = 4000;

/** What the form asks. */
export interface Question {
  readonly scenario: string;
  readonly compare: 'buy' | 'difficulty';
  readonly buy: readonly string[];
  readonly difficulty: Difficulty;
  readonly rules: string;
}

/** A question the form's fields cannot make: the problem, in the reader's language. */
export class QuestionError extends Error {}

/** The rule versions the form offers, the designer's latest first. */
function versionsLatestFirst(): string[] {
  return [...RULE_VERSIONS].reverse();
}

/** The issue form (GitHub's issue-form YAML) in `lang`; its labels are what {@link readQuestion} reads back. */
export function issueFormYaml(lang: Lang): string {
  const m = (id: Parameters<typeof t>[0]) => t(id, undefined, lang);
  const form = {
    name: m('ask.formName'),
    description: m('ask.formDescription'),
    title: m('ask.formTitle'),
    labels: [QUESTION_LABEL],
    body: [
      { type: 'markdown', attributes: { value: m('ask.formIntro') } },
      { type: 'input', id: 'scenario', attributes: { label: m('ask.fieldScenario'), description: m('ask.fieldScenarioHelp'), placeholder: 'scenarios/tutorial_01.md' }, validations: { required: true } },
      { type: 'dropdown', id: 'compare', attributes: { label: m('ask.fieldCompare'), options: [m('ask.compareBuy'), m('ask.compareDifficulty')], default: 0 }, validations: { required: true } },
      { type: 'input', id: 'buy', attributes: { label: m('ask.fieldBuy'), description: m('ask.fieldBuyHelp'), placeholder: 'medkit' } },
      { type: 'dropdown', id: 'difficulty', attributes: { label: m('ask.fieldDifficulty'), options: [...DIFFICULTIES], default: 0 }, validations: { required: true } },
      { type: 'dropdown', id: 'rules', attributes: { label: m('ask.fieldRules'), description: m('ask.fieldRulesHelp'), options: versionsLatestFirst(), default: 0 }, validations: { required: true } },
    ],
  };
  return stringify(form, { lineWidth: 0 });
}

/** What GitHub writes under a field left empty (in every language). */
const NO_RESPONSE = '_No response_';

/** The fields of an issue body written by a form: each `### label` heading → the text under it ('' for no response). */
export function formFields(body: string): Map<string, string> {
  const out = new Map<string, string>();
  const parts = body.replace(/\r\n?/g, '\n').split(/^### +(.+?) *$/m);
  for (let i = 1; i + 1 < parts.length; i += 2) {
    const v = parts[i + 1].trim();
    out.set(parts[i].trim(), v === NO_RESPONSE ? '' : v);
  }
  return out;
}

/**
 * The question of an issue body made by the form in either language, or null when the body is no such form.
 * Throws {@link QuestionError} for a field it cannot use.
 */
export function readQuestion(body: string): Question | null {
  const fields = formFields(body);
  const lang = (['ja', 'en'] as const).find((l) => fields.has(t('ask.fieldScenario', undefined, l)));
  if (!lang) return null;
  const label = (id: Parameters<typeof t>[0]) => t(id, undefined, lang);
  const get = (id: Parameters<typeof t>[0]) => fields.get(label(id)) ?? '';
  const need = (id: Parameters<typeof t>[0]) => {
    const v = get(id);
    if (v === '') throw new QuestionError(t('ask.missingField', { field: label(id) }));
    return v;
  };
  const pick = <T extends string>(id: Parameters<typeof t>[0], allowed: readonly T[], shown: readonly string[] = allowed): T => {
    const v = need(id);
    const i = shown.indexOf(v);
    if (i < 0) throw new QuestionError(t('ask.badOption', { field: label(id), value: v, allowed: shown.join(' / ') }));
    return allowed[i];
  };
  const scenario = need('ask.fieldScenario');
  const compare = pick('ask.fieldCompare', ['buy', 'difficulty'] as const, [label('ask.compareBuy'), label('ask.compareDifficulty')]);
  const buy = get('ask.fieldBuy').split(/[,、\s]+/).filter((s) => s !== '');
  if (compare === 'buy' && buy.length === 0) throw new QuestionError(t('ask.missingField', { field: label('ask.fieldBuy') }));
  for (const b of buy) if (!/^[A-Za-z0-9_-]{1,40}$/.test(b)) throw new QuestionError(t('ask.badOption', { field: label('ask.fieldBuy'), value: b, allowed: 'medkit, frag_grenade, …' }));
  return { scenario, compare, buy: compare === 'buy' ? buy : [], difficulty: pick('ask.fieldDifficulty', DIFFICULTIES), rules: pick('ask.fieldRules', versionsLatestFirst()) };
}

/**
 * The scenario reference of a question as the experiment writes it from `experiments/`: a shipped scenario as it is,
 * a repository path (relative, inside it) as `../path`; null for anything else (absolute, `..`, a backslash).
 */
export function scenarioRef(path: string): { readonly ref: string; readonly repoPath: string | null } | null {
  if (/^builtin:[\w.-]+$/.test(path)) return { ref: path, repoPath: null };
  const p = path.replace(/^\.\//, '');
  if (p === '' || p.startsWith('/') || /\\|^[A-Za-z]:/.test(p) || p.split('/').some((s) => s === '..' || s === '.' || s === '')) return null;
  return { ref: `../${p}`, repoPath: p };
}

/** An item as the rules name it, with the id the form was given: `医療キット（medkit）`; an unknown id as it is. */
function itemName(id: string): string {
  const tables: Readonly<Record<string, { readonly ja?: string }>>[] = [EXPENDABLE_DEFS, WEAPONS, ARMOURS, SHIELDS, EQUIPMENT];
  const ja = tables.map((x) => (Object.hasOwn(x, id) ? x[id].ja : undefined)).find((n) => n !== undefined);
  return ja === undefined ? id : getLang() === 'ja' ? `${ja}（${id}）` : `${ja} (${id})`;
}

/** The experiment (YAML text) that answers `q` for issue `n`, its scenario given as {@link scenarioRef} writes it. */
export function questionExperiment(q: Question, n: number, ref: string): string {
  const items = q.buy.map(itemName).join(getLang() === 'ja' ? '、' : ', ');
  const what = q.compare === 'buy' ? t('ask.whatBuy', { items }) : t('ask.whatDifficulty');
  const variants = q.compare === 'buy'
    ? [{ name: 'without', label: t('ask.withoutBuy'), baseline: true }, { name: 'with', label: t('ask.withBuy', { items }), buy: [...q.buy] }]
    : (['EASY', 'NORMAL', 'HARD'] as const).map((d) => ({ name: d.toLowerCase(), label: d, ...(d === 'NORMAL' ? { baseline: true } : {}), operation: { difficulty: d } }));
  const exp = {
    name: `question-issue-${n}`,
    question: t('ask.question', { n, scenario: q.scenario, what, rules: q.rules }),
    game: 'urban-assault',
    seed: 1,
    rules: q.rules,
    stop: { games: QUESTION_GAMES, chunk: 1000 },
    operation: { scenario: ref, difficulty: q.difficulty, max_flees: 3 },
    squad: { leader: { sub_ability: 'shooting', xp: { skill: 4, life: 4, sub: 2 }, skills: ['rapid_fire', 'dodge'] }, members: { assault: 7 }, policy: 'default' },
    variants,
  };
  return stringify(exp, { lineWidth: 0 });
}

function pct(x: number): string {
  return `${(100 * x).toFixed(1)}%`;
}

/** A Mermaid label: one line, no quote or backtick (which would end the label or the fence). */
function chartLabel(s: string): string {
  // eslint-disable-next-line no-control-regex
  return s.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029"`\\]+/g, ' ').trim();
}

/** What the answer comment shows. */
export interface AnswerInput {
  readonly q: Question;
  /** The metric's label in the reader's language (the experiment's primary rate). */
  readonly metric: string;
  readonly rows: readonly AnswerRow[];
  readonly rules: string;
  readonly seed: number;
  readonly games: number;
  /** The Pages web app with this run in its hash, or null. */
  readonly appUrl: string | null;
  /** The workflow run's page, or null. */
  readonly runUrl: string | null;
}

/** The comment that answers a question: marker, verdicts, a table of 3 columns, a chart, the app link. */
export function answerComment(a: AnswerInput): string {
  const base = a.rows.find((r) => r.baseline);
  const out = [QUESTION_MARKER, `### ${t('ask.heading')}`, '', markdownText(t('ask.setup', { scenario: a.q.scenario, difficulty: a.q.compare === 'buy' ? a.q.difficulty : 'EASY / NORMAL / HARD', rules: a.rules, games: a.games, seed: a.seed })), ''];
  for (const r of a.rows) {
    if (!r.diff || !base) continue;
    const verdict = r.diff.lo > 0 ? t('ask.up') : r.diff.hi < 0 ? t('ask.down') : t('ask.same');
    out.push(`${t('ask.verdictLine', { label: markdownCell(r.label), metric: markdownCell(a.metric), before: pct(base.estimate), now: pct(r.estimate), change: changeCell('rate', r.diff), verdict })}  `);
  }
  out.push('', `| ${[t('ask.colVariant'), t('ask.colRateCi', { metric: a.metric }), t('ask.colDiff')].map(markdownCell).join(' | ')} |`, '|---|---|---|');
  for (const r of a.rows) out.push(`| ${[r.label, `${pct(r.estimate)} [${pct(r.lo)}, ${pct(r.hi)}]`, r.diff ? changeCell('rate', r.diff) : t('ask.baselineCell')].map(markdownCell).join(' | ')} |`);
  out.push('', '```mermaid', 'xychart-beta', `  title "${chartLabel(t('ask.chartTitle', { metric: a.metric }))}"`,
    `  x-axis [${a.rows.map((r) => `"${chartLabel(r.label)}"`).join(', ')}]`, '  y-axis "%" 0 --> 100', `  bar [${a.rows.map((r) => (100 * r.estimate).toFixed(1)).join(', ')}]`, '```', '');
  if (a.appUrl) out.push(`[${t('ask.openApp')}](${a.appUrl})  `);
  if (a.runUrl) out.push(`[${t('ask.openRun')}](${a.runUrl})`);
  return `${out.join('\n')}\n`;
}

/** The comment when the question cannot be read or run: the problem and how to ask again. */
export function problemComment(problem: string): string {
  return `${QUESTION_MARKER}\n${markdownText(t('ask.cannotRead', { problem }))}\n\n${t('ask.fixAndEdit')}\n`;
}
