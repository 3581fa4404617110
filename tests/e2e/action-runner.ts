// Running GitHub workflows and the balance-lab composite Action outside GitHub, for the e2e tests (issues 25, 42): a
// job's steps run in order; a `uses:` of the balance-lab Action runs action.yml's own steps in order, with
// GITHUB_STEP_SUMMARY, GITHUB_OUTPUT, GITHUB_WORKSPACE, GITHUB_ACTION_PATH and GITHUB_WORKFLOW_REF set as the runner
// sets them. GitHub's own actions (checkout, setup-node, upload-artifact, upload-pages-artifact, deploy-pages) have no
// meaning outside GitHub: for them the runner checks what they would receive (the Node version, the folder to upload).
// A job's `if:` is evaluated for the event (push, pull_request, workflow_dispatch) on the expressions the shipped
// workflows use.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { expect } from 'vitest';

export interface Step { name?: string; id?: string; uses?: string; run?: string; if?: string; with?: Record<string, string>; env?: Record<string, string>; shell?: string; 'working-directory'?: string }
export interface StepRun { step: Step; code: number; stdout: string; stderr: string; skipped: boolean }
export interface Job { if?: string; steps: Step[] }
/** The event a workflow runs for: its name and the branch, with the repository's default branch. */
export interface EventContext { readonly name: 'push' | 'pull_request' | 'workflow_dispatch'; readonly ref: string; readonly defaultBranch: string }

export function runScript(script: string, cwd: string, env: Record<string, string>): { code: number; stdout: string; stderr: string } {
  const r = spawnSync('bash', ['-e', '-o', 'pipefail', '-c', script], { cwd, encoding: 'utf8', timeout: 280_000, env: { ...process.env, ...env } });
  return { code: r.status ?? 1, stdout: r.stdout ?? '', stderr: r.stderr ?? '' };
}

/** A job's `if:` for an event: `github.event_name == '…'`, `github.ref_name == github.event.repository.default_branch`, `!=`, `&&`, `||`, parentheses. */
export function jobRuns(cond: string | undefined, ev: EventContext): boolean {
  if (cond === undefined) return true;
  const value = (tok: string): string => {
    if (tok === 'github.event_name') return ev.name;
    if (tok === 'github.ref_name') return ev.ref;
    if (tok === 'github.event.repository.default_branch') return ev.defaultBranch;
    const m = /^'([^']*)'$/.exec(tok);
    if (m) return m[1];
    throw new Error(`expression not handled by the test: ${tok}`);
  };
  const js = cond.replace(/^\$\{\{\s*|\s*\}\}$/g, '').replace(/([\w.]+|'[^']*')\s*(==|!=)\s*([\w.]+|'[^']*')/g, (_w, a: string, op: string, b: string) => String((value(a) === value(b)) === (op === '==')));
  if (!/^[\s()!&|truefals]*$/.test(js)) throw new Error(`expression not handled by the test: ${cond}`);
  return Function(`return (${js});`)() as boolean;
}

/** The runner of one designer's repository `ws`, with the balance-lab Action's checkout at `actionPath`. */
export function actionRunner(o: { readonly root: string; readonly ws: string; readonly actionPath: string; readonly workflowRef?: string }) {
  /** `${{ … }}` of a step, for the expressions action.yml and the generated workflow use. */
  function expr(text: string, inputs: Record<string, string>): string {
    return text.replace(/\$\{\{\s*([^}]+?)\s*\}\}/g, (_w, e: string) => {
      if (e === 'github.action_path') return o.actionPath;
      const m = /^inputs\.([\w-]+)$/.exec(e);
      if (m) return inputs[m[1]] ?? '';
      if (e === '!cancelled()') return 'true';
      throw new Error(`expression not handled by the test: ${e}`);
    });
  }

  /** An `if:` of a step: always(), !cancelled(), inputs.x == 'v', joined by &&. */
  function condition(cond: string | undefined, inputs: Record<string, string>, failed: boolean): boolean {
    if (cond === undefined) return !failed;
    const c = cond.replace(/^\$\{\{\s*|\s*\}\}$/g, '');
    const always = /always\(\)|!cancelled\(\)/.test(c);
    const parts = c.split('&&').map((p) => p.trim()).filter((p) => !/^(always\(\)|!cancelled\(\))$/.test(p));
    const ok = parts.every((p) => {
      const m = /^inputs\.([\w-]+)\s*==\s*'([^']*)'$/.exec(p);
      if (!m) throw new Error(`condition not handled by the test: ${p}`);
      return inputs[m[1]] === m[2];
    });
    return (always || !failed) && ok;
  }

  /** The runner's environment of one job. */
  function jobEnv(tag: string): Record<string, string> {
    const summary = join(o.root, `summary-${tag}.md`), output = join(o.root, `output-${tag}.txt`);
    writeFileSync(summary, '');
    writeFileSync(output, '');
    return {
      GITHUB_WORKSPACE: o.ws, GITHUB_STEP_SUMMARY: summary, GITHUB_OUTPUT: output, GITHUB_REPOSITORY: 'designer/scenarios',
      GITHUB_SERVER_URL: 'https://github.com', GITHUB_RUN_ID: '1', GITHUB_ACTIONS: 'true',
      ...(o.workflowRef ? { GITHUB_WORKFLOW_REF: o.workflowRef } : {}),
      GIT_AUTHOR_NAME: 'x', GIT_AUTHOR_EMAIL: 'x@example.com', GIT_COMMITTER_NAME: 'x', GIT_COMMITTER_EMAIL: 'x@example.com',
    };
  }

  /** GitHub's own actions: what they would receive. */
  function githubAction(uses: string, w: Record<string, string>, cwd: string): { code: number; stdout: string } {
    if (uses.startsWith('actions/checkout@')) return { code: 0, stdout: 'checkout: the workspace is the repository' };
    if (uses.startsWith('actions/setup-node@')) {
      expect(w['node-version']).toBe('lts/*');
      expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(20);
      return { code: 0, stdout: `node ${process.version}` };
    }
    if (uses.startsWith('actions/upload-artifact@')) return { code: existsSync(join(cwd, w.path)) ? 0 : 1, stdout: `artifact ${w.name}: ${w.path}` };
    if (uses.startsWith('actions/upload-pages-artifact@')) return { code: existsSync(join(cwd, w.path, 'index.html')) ? 0 : 1, stdout: `pages: ${w.path}` };
    if (uses.startsWith('actions/deploy-pages@')) return { code: 0, stdout: 'deploy' };
    throw new Error(`unknown action ${uses}`);
  }

  /** Run action.yml's steps in order with `with` as the inputs (defaults from action.yml). */
  function runAction(w: Record<string, string>, env: Record<string, string>): StepRun[] {
    const action = parse(readFileSync(join(o.actionPath, 'action.yml'), 'utf8')) as { inputs: Record<string, { default?: string }>; runs: { using: string; steps: Step[] } };
    expect(action.runs.using).toBe('composite');
    const inputs: Record<string, string> = {};
    for (const [k, v] of Object.entries(action.inputs)) inputs[k] = w[k] ?? v.default ?? '';
    const runs: StepRun[] = [];
    let failed = false;
    for (const step of action.runs.steps) {
      if (!condition(step.if, inputs, failed)) { runs.push({ step, code: 0, stdout: '', stderr: '', skipped: true }); continue; }
      let r: { code: number; stdout: string; stderr?: string };
      if (step.uses) r = githubAction(step.uses, Object.fromEntries(Object.entries(step.with ?? {}).map(([k, v]) => [k, expr(String(v), inputs)])), o.ws);
      else {
        const stepEnv = Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, expr(String(v), inputs)]));
        const cwd = step['working-directory'] ? expr(step['working-directory'], inputs) : o.ws;
        r = runScript(expr(step.run!, inputs), cwd, { ...env, ...stepEnv, GITHUB_ACTION_PATH: o.actionPath });
      }
      runs.push({ step, code: r.code, stdout: r.stdout, stderr: r.stderr ?? '', skipped: false });
      if (r.code !== 0) failed = true;
    }
    return runs;
  }

  /** Run one job of a workflow: its steps in order; the balance-lab Action through runAction. */
  function runJob(job: Job, env: Record<string, string>): StepRun[] {
    const runs: StepRun[] = [];
    let failed = false;
    for (const step of job.steps) {
      if (!condition(step.if, {}, failed)) { runs.push({ step, code: 0, stdout: '', stderr: '', skipped: true }); continue; }
      if (step.uses?.startsWith('balance-lab/balance-lab@')) {
        const inner = runAction(step.with ?? {}, env);
        runs.push(...inner);
        if (inner.some((x) => x.code !== 0)) failed = true;
        continue;
      }
      const r = step.uses ? { ...githubAction(step.uses, step.with ?? {}, o.ws), stderr: '' } : runScript(step.run!, o.ws, env);
      runs.push({ step, ...r, skipped: false });
      if (r.code !== 0) failed = true;
    }
    return runs;
  }

  return { jobEnv, runAction, runJob };
}
