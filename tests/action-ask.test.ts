// Asking from the phone (issue 42 item 4): the issue form init writes, the workflow that answers it, and the sticky
// pull-request comment. The scripts run as the runner runs them: the real CLI (`balance-lab action`) in a child
// process, with the GITHUB_* files (step summary, outputs), an event payload in GitHub's webhook shape
// (tests/fixtures/github/) and GITHUB_API_URL pointing at a loopback server in this test that answers as GitHub's
// REST API does and records every call: no request leaves the machine. The workflows pass @action-validator/core.
import { execFile } from 'node:child_process';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateWorkflow } from '@action-validator/core';
import { initFiles } from '../src/cli/cmd-init.js';
import { formFields, issueFormYaml, questionExperiment, readQuestion, scenarioRef, QuestionError } from '../src/action/question.js';
import { checkComment, CHECK_MARKER } from '../src/action/pr-comment.js';
import { decodeShare } from '../src/report/share-link.js';
import { setLang } from '../src/i18n/lang.js';
import { t } from '../src/i18n/t.js';

const REPO = resolve('.');
const FIX = join(REPO, 'tests', 'fixtures', 'github');

/** One API call the loopback server received. */
interface Call { method: string; path: string; auth: string; body: unknown }

/** A stand-in for GitHub's REST API: issue comments listed, created and updated; `refuse` answers every call with that status. */
function fakeApi(): { server: Server; calls: Call[]; comments: { id: number; body: string }[]; refuse: { status: number } } {
  const calls: Call[] = [], comments: { id: number; body: string }[] = [], refuse = { status: 0 };
  const server = createServer((req: IncomingMessage, res) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      const body = data ? JSON.parse(data) as { body: string } : null;
      calls.push({ method: req.method!, path: req.url!, auth: String(req.headers.authorization), body });
      const send = (status: number, o: unknown) => { res.writeHead(status, { 'content-type': 'application/json' }); res.end(JSON.stringify(o)); };
      if (refuse.status) return send(refuse.status, { message: 'Resource not accessible by integration' });
      const url = new URL(req.url!, 'http://x');
      const list = /^\/repos\/designer\/scenarios\/issues\/(\d+)\/comments$/.exec(url.pathname);
      const one = /^\/repos\/designer\/scenarios\/issues\/comments\/(\d+)$/.exec(url.pathname);
      if (list && req.method === 'GET') return send(200, url.searchParams.get('page') === '1' ? comments.map((c) => ({ ...c, html_url: `https://github.com/c/${c.id}` })) : []);
      if (list && req.method === 'POST') {
        const c = { id: 100 + comments.length, body: body!.body };
        comments.push(c);
        return send(201, { ...c, html_url: `https://github.com/c/${c.id}` });
      }
      if (one && req.method === 'PATCH') {
        const c = comments.find((x) => x.id === Number(one[1]))!;
        c.body = body!.body;
        return send(200, { ...c, html_url: `https://github.com/c/${c.id}` });
      }
      send(404, { message: 'Not Found' });
    });
  });
  return { server, calls, comments, refuse };
}

let api: ReturnType<typeof fakeApi>, apiUrl = '', root = '', ws = '';

beforeAll(async () => {
  api = fakeApi();
  await new Promise<void>((r) => api.server.listen(0, '127.0.0.1', r));
  apiUrl = `http://127.0.0.1:${(api.server.address() as { port: number }).port}`;
  root = mkdtempSync(join(tmpdir(), 'bl-ask-'));
  ws = join(root, 'ws');
  mkdirSync(join(ws, 'scenarios'), { recursive: true });
  copyFileSync(join(REPO, 'tests', 'fixtures', 'markdown', 'training.md'), join(ws, 'scenarios', 'training.md'));
});

afterAll(() => {
  api.server.close();
  rmSync(root, { recursive: true, force: true });
});

/** The runner's files and environment for one step; `event` a payload file; `token` the job's token (none: absent). */
function runner(tag: string, event: string, token: string | null = 'ghs_test') {
  const summary = join(root, `summary-${tag}.md`), output = join(root, `output-${tag}.txt`);
  writeFileSync(summary, '');
  writeFileSync(output, '');
  const env: Record<string, string> = {
    PATH: process.env.PATH!, HOME: root, GITHUB_ACTIONS: 'true', GITHUB_WORKSPACE: ws, GITHUB_STEP_SUMMARY: summary, GITHUB_OUTPUT: output,
    GITHUB_EVENT_PATH: event, GITHUB_REPOSITORY: 'designer/scenarios', GITHUB_SERVER_URL: 'https://github.com', GITHUB_RUN_ID: '42',
    GITHUB_API_URL: apiUrl, ...(token ? { GITHUB_TOKEN: token } : {}),
  };
  return { env, summary: () => readFileSync(summary, 'utf8'), output: () => readFileSync(output, 'utf8') };
}

/** Run the CLI as action.yml's step does (asynchronously: the loopback server answers meanwhile). */
function cli(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(process.execPath, [join(REPO, 'bin', 'balance-lab.js'), '--lang', 'ja', 'action', ...args], { cwd: ws, env, timeout: 120_000 }, (err, stdout, stderr) => {
      done({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr });
    });
  });
}

/** The event payload of an issue whose body is `body` (the recorded opened event, body replaced). */
function issueEvent(name: string, body: string, action = 'opened'): string {
  const ev = JSON.parse(readFileSync(join(FIX, 'issues-opened.json'), 'utf8')) as { action: string; issue: { body: string } };
  ev.action = action;
  ev.issue.body = body;
  const p = join(root, name);
  writeFileSync(p, JSON.stringify(ev));
  return p;
}

/** An issue body as GitHub writes it from the form's answers (label → value; '' is "no response"). */
function formBody(values: Record<string, string>): string {
  return Object.entries(values).map(([k, v]) => `### ${k}\n\n${v === '' ? '_No response_' : v}`).join('\n\n');
}

describe('the issue form and the workflow that answers it', () => {
  it('init writes a Japanese issue form with the five fields, and the answering workflow: valid, minimal permissions, SHA-pinned', () => {
    const files = initFiles(['urban-assault'], { docLang: 'ja', lang: 'ja' });
    const form = parse(files.get('.github/ISSUE_TEMPLATE/balance-question.yml')!) as { name: string; labels: string[]; body: { type: string; id?: string; attributes: { label?: string; options?: string[] } }[] };
    expect(form.name).toBe('バランスの質問');
    const fields = form.body.filter((b) => b.type !== 'markdown');
    expect(fields.map((b) => b.id)).toEqual(['scenario', 'compare', 'buy', 'difficulty', 'rules']);
    expect(fields.map((b) => b.attributes.label)).toEqual(['シナリオファイル', '比べるもの', '購入する品目（購入で比べるとき）', '難易度', 'ルールの版']);
    for (const b of form.body) expect(['markdown', 'input', 'dropdown', 'textarea', 'checkboxes']).toContain(b.type);
    expect(fields.find((b) => b.id === 'rules')!.attributes.options![0]).toBe('v1.01-2026-10');
    for (const lang of ['ja', 'en'] as const) {
      const wfText = initFiles(['urban-assault'], { docLang: lang, lang: 'ja' }).get('.github/workflows/balance-question.yml')!;
      expect(validateWorkflow(wfText).errors).toEqual([]);
      const wf = parse(wfText) as { on: unknown; permissions: unknown; jobs: { answer: { if: string; permissions: unknown; steps: { uses: string; with?: Record<string, string> }[] } } };
      expect(wf.on).toEqual({ issues: { types: ['opened', 'edited'] } });
      expect(wf.permissions).toEqual({ contents: 'read' });
      expect(wf.jobs.answer.permissions).toEqual({ contents: 'read', issues: 'write' });
      expect(wf.jobs.answer.if).toContain("'### シナリオファイル'");
      expect(wf.jobs.answer.if).toContain('author_association');
      expect(wf.jobs.answer.steps[0].uses).toMatch(/^actions\/checkout@[0-9a-f]{40}$/);
      expect(wf.jobs.answer.steps[1].with).toEqual({ mode: 'ask', language: 'ja' });
    }
  });

  it('the examples to paste are init\'s files, balance-lab pinned by a full commit SHA; both workflows pass the validator', () => {
    const wf = readFileSync('examples/github-actions-balance-question.yml', 'utf8');
    expect(validateWorkflow(wf).errors).toEqual([]);
    const init = initFiles(['urban-assault'], { docLang: 'en', lang: 'ja' });
    expect(wf.replace(/(balance-lab\/balance-lab@)[0-9a-f]{40} # [^\n]*/, '$1v0.1.0').endsWith(init.get('.github/workflows/balance-question.yml')!)).toBe(true);
    expect(wf).toMatch(/balance-lab\/balance-lab@[0-9a-f]{40} #/);
    expect(readFileSync('examples/issue-form-balance-question.yml', 'utf8').endsWith(init.get('.github/ISSUE_TEMPLATE/balance-question.yml')!)).toBe(true);
    // The check job's sticky comment: one more permission, stated beside it.
    const check = (parse(readFileSync('examples/github-actions-balance.yml', 'utf8')) as { jobs: { check: { permissions: unknown; steps: { with?: Record<string, string> }[] } } }).jobs.check;
    expect(check.permissions).toEqual({ contents: 'read', 'pull-requests': 'write' });
    expect(check.steps[1].with?.comment).toBe('true');
  });

  it('reads the fields back from the body GitHub writes, in either language; a field it cannot use is named', () => {
    setLang('ja');
    const q = readQuestion((JSON.parse(readFileSync(join(FIX, 'issues-opened.json'), 'utf8')) as { issue: { body: string } }).issue.body);
    expect(q).toEqual({ scenario: 'scenarios/training.md', compare: 'buy', buy: ['medkit'], difficulty: 'NORMAL', rules: 'v1.01-2026-10' });
    const en = formBody({ [t('ask.fieldScenario', undefined, 'en')]: 'builtin:tutorial-01-port', [t('ask.fieldCompare', undefined, 'en')]: t('ask.compareDifficulty', undefined, 'en'), [t('ask.fieldBuy', undefined, 'en')]: '', [t('ask.fieldDifficulty', undefined, 'en')]: 'HARD', [t('ask.fieldRules', undefined, 'en')]: 'dev-2026-05-09' });
    expect(readQuestion(en)).toEqual({ scenario: 'builtin:tutorial-01-port', compare: 'difficulty', buy: [], difficulty: 'HARD', rules: 'dev-2026-05-09' });
    expect(formFields(en).get(t('ask.fieldBuy', undefined, 'en'))).toBe('');
    expect(readQuestion('### Something else\n\nhello')).toBeNull();
    const noBuy = formBody({ シナリオファイル: 'scenarios/training.md', 比べるもの: t('ask.compareBuy', undefined, 'ja'), '購入する品目（購入で比べるとき）': '', 難易度: 'NORMAL', ルールの版: 'v1.01-2026-10' });
    expect(() => readQuestion(noBuy)).toThrow(new QuestionError('「購入する品目（購入で比べるとき）」が空です'));
    expect(() => readQuestion(noBuy.replace('_No response_', 'medkit').replace('v1.01-2026-10', 'v9'))).toThrow(/「ルールの版」の「v9」は選べません/);
    expect(scenarioRef('../secret.md')).toBeNull();
    expect(scenarioRef('/etc/passwd')).toBeNull();
    expect(scenarioRef('scenarios/a.md')).toEqual({ ref: '../scenarios/a.md', repoPath: 'scenarios/a.md' });
    setLang('en');
  });
});

describe('balance-lab action --mode ask, run as the workflow runs it', () => {
  it('answers the recorded issue in one comment: verdict, a 3-column table, a chart, the app link that replays the same run', async () => {
    const r = runner('ask', join(FIX, 'issues-opened.json'));
    const res = await cli(['--experiments', 'experiments/*.yaml', '--mode', 'ask', '--games', '300', '--workers', '0'], r.env);
    expect(res.code, res.stderr).toBe(0);
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /repos/designer/scenarios/issues/7/comments?per_page=100&page=1', 'POST /repos/designer/scenarios/issues/7/comments']);
    expect(api.calls[1].auth).toBe('Bearer ghs_test');
    const body = api.comments[0].body;
    expect(body.startsWith('<!-- balance-lab:question -->\n### balance-lab の答え')).toBe(true);
    expect(body).toContain('scenarios/training.md · NORMAL · ルール v1.01-2026-10 · バリアントごとに 300 回');
    expect(body).toMatch(/\*\*医療キット（medkit）を購入\*\*: .+ \d+\.\d% → \d+\.\d%（[+−]?\d+\.\dpp \[.+\]）— (上がる|下がる|差は見つからない)/);
    const rows = body.split('\n').filter((l) => l.startsWith('|'));
    expect(rows).toHaveLength(4);
    for (const row of rows) expect(row.slice(1, -1).split(/(?<!\\)\|/).length).toBeLessThanOrEqual(4);
    expect(rows[2]).toMatch(/^\| 購入なし \| \d+\.\d% \[.+\] \| 基準 \|$/);
    expect(body).toMatch(/```mermaid\nxychart-beta\n {2}title ".+（%）"\n {2}x-axis \["購入なし", "医療キット（medkit）を購入"\]\n {2}y-axis "%" 0 --> 100\n {2}bar \[\d+\.\d, \d+\.\d\]\n```/);
    const link = /\[同じ実行を Web アプリで開く\]\((https:\/\/designer\.github\.io\/scenarios\/app\/#r=([\w-]+))\)/.exec(body);
    expect(link).not.toBeNull();
    const work = await decodeShare(link![2]);
    expect(work.file).toBe('experiments/question-issue-7.yaml');
    expect(work.text).toBe(readFileSync(join(ws, 'experiments', 'question-issue-7.yaml'), 'utf8'));
    expect(work.files).toEqual({ 'scenarios/training.md': readFileSync(join(ws, 'scenarios', 'training.md'), 'utf8') });
    expect(work.games).toBe(300);
    expect(body).toContain('(https://github.com/designer/scenarios/actions/runs/42)');
    // The same answer in the job summary; the report under the results folder.
    expect(r.summary()).toContain('### balance-lab の答え');
    expect(r.output()).toContain('verdict=pass');
    expect(readFileSync(join(ws, 'balance-lab-results', 'question-issue-7', 'report.html'), 'utf8')).toContain('<html');
  }, 180_000);

  it('an edited issue updates the same comment; a question it cannot read gets the problem, relative paths, exit 1', async () => {
    api.calls.length = 0;
    const body = formBody({ シナリオファイル: 'scenarios/missing.md', 比べるもの: t('ask.compareDifficulty', undefined, 'ja'), '購入する品目（購入で比べるとき）': '', 難易度: 'NORMAL', ルールの版: 'v1.01-2026-10' });
    const r = runner('ask-bad', issueEvent('edited.json', body, 'edited'));
    const res = await cli(['--experiments', 'experiments/*.yaml', '--mode', 'ask'], r.env);
    expect(res.code).toBe(1);
    expect(api.calls.map((c) => c.method)).toEqual(['GET', 'PATCH']);
    expect(api.comments).toHaveLength(1);
    expect(api.comments[0].body).toBe('<!-- balance-lab:question -->\n⛔ この質問を読めません: シナリオファイル「scenarios/missing.md」がこのリポジトリにありません\n\nIssue を直すと（… → Edit）、balance-lab がもう一度答えます。\n');
    // An item the rules do not know: the compiler's message, naming the generated file from the repository root.
    api.calls.length = 0;
    const bad = formBody({ シナリオファイル: 'scenarios/training.md', 比べるもの: t('ask.compareBuy', undefined, 'ja'), '購入する品目（購入で比べるとき）': 'laser_cannon', 難易度: 'NORMAL', ルールの版: 'v1.01-2026-10' });
    const r2 = runner('ask-item', issueEvent('item.json', bad, 'edited'));
    const res2 = await cli(['--experiments', 'experiments/*.yaml', '--mode', 'ask'], r2.env);
    expect(res2.code).toBe(1);
    expect(api.comments[0].body).toContain('experiments/question-issue-7.yaml:');
    expect(api.comments[0].body).toContain('laser_cannon');
    expect(api.comments[0].body).not.toContain(ws);
    expect(res2.stdout).toMatch(/^::error file=experiments\/question-issue-7\.yaml,line=\d+/m);
  }, 120_000);

  it('an issue not written with the form is left alone: no call, exit 0', async () => {
    api.calls.length = 0;
    const r = runner('ask-plain', issueEvent('plain.json', 'Just a bug report.'));
    const res = await cli(['--experiments', 'experiments/*.yaml', '--mode', 'ask'], r.env);
    expect(res.code).toBe(0);
    expect(api.calls).toEqual([]);
    expect(res.stdout).toContain('バランスの質問ではありません');
  }, 60_000);
});

describe('balance-lab action --comment on a pull request: one sticky comment, the job summary for a fork', () => {
  beforeAll(() => {
    mkdirSync(join(ws, 'experiments'), { recursive: true });
    const q = { scenario: 'builtin:tutorial-01-port', compare: 'buy' as const, buy: ['medkit'], difficulty: 'NORMAL' as const, rules: 'v1.01-2026-10' };
    writeFileSync(join(ws, 'experiments', 'pr.yaml'), questionExperiment(q, 1, 'builtin:tutorial-01-port').replace('question-issue-1', 'pr'));
  });
  const args = ['--experiments', 'experiments/pr.yaml', '--mode', 'check', '--games', '200', '--workers', '0', '--comment'];

  it('the first push writes the comment, the next updates it: marker, the check summary, the note', async () => {
    api.calls.length = 0;
    api.comments.length = 0;
    api.comments.push({ id: 5, body: 'a human comment' });
    const r = runner('pr1', join(FIX, 'pull-request-synchronize.json'));
    const res = await cli(args, r.env);
    expect(res.code, res.stderr).toBe(0);
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /repos/designer/scenarios/issues/12/comments?per_page=100&page=1', 'POST /repos/designer/scenarios/issues/12/comments']);
    const c = api.comments[1].body;
    expect(c.startsWith(`${CHECK_MARKER}\n### balance-lab check`)).toBe(true);
    expect(c).toContain('🆕 **pr**: ベースライン未作成');
    expect(c).toContain('このコメントはプルリクエストへの push のたびに更新されます。');
    expect(r.summary()).toContain('🆕 **pr**');
    const r2 = runner('pr2', join(FIX, 'pull-request-synchronize.json'));
    expect((await cli(args, r2.env)).code).toBe(0);
    expect(api.calls.slice(2).map((x) => x.method)).toEqual(['GET', 'PATCH']);
    expect(api.comments).toHaveLength(2);
    expect(api.comments[0].body).toBe('a human comment');
  }, 180_000);

  it('a fork\'s pull request: no call, the table and the reason in the job summary; a refused call (403) the same, the check unchanged', async () => {
    api.calls.length = 0;
    const r = runner('fork', join(FIX, 'pull-request-fork.json'));
    const res = await cli(args, r.env);
    expect(res.code).toBe(0);
    expect(api.calls).toEqual([]);
    expect(r.summary()).toContain('🆕 **pr**');
    expect(r.summary()).toContain('> このプルリクエストはフォークから来ているため、トークンでコメントを書けません。');
    expect(res.stdout).toContain('::notice title=balance-lab::このプルリクエストはフォーク');
    api.refuse.status = 403;
    try {
      const r2 = runner('refused', join(FIX, 'pull-request-synchronize.json'));
      const res2 = await cli(args, r2.env);
      expect(res2.code).toBe(0);
      expect(r2.summary()).toContain('> コメントを書けませんでした（HTTP 403）');
      expect(res2.stdout).toContain('::warning title=balance-lab::コメントを書けませんでした（HTTP 403）');
    } finally {
      api.refuse.status = 0;
    }
  }, 180_000);

  it('a summary too long for one comment keeps its verdict lines and the run link', () => {
    setLang('ja');
    const long = `### balance-lab check: 実験 1 件\n\n✅ **a**: 合格  \n\n${'x'.repeat(70_000)}\n`;
    const c = checkComment(long, 'https://github.com/designer/scenarios/actions/runs/42');
    setLang('en');
    expect(c.length).toBeLessThan(1000);
    expect(c).toContain('✅ **a**: 合格');
    expect(c).toContain('(https://github.com/designer/scenarios/actions/runs/42)');
  });
});
