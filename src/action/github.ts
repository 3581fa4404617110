/**
 * What the Action reads from the runner about its event, and the two comment calls it makes to GitHub's REST API
 * (issue 42 item 4). The event is the JSON file at `$GITHUB_EVENT_PATH`; the API is `$GITHUB_API_URL` with the
 * job's token (`$GITHUB_TOKEN`, passed by action.yml from its `github-token` input). A comment the Action owns
 * starts with a hidden marker, so it is found again and updated in place (one sticky comment, not one per push).
 */
import { readFileSync } from 'node:fs';
import type { ActionIo } from './io.js';

/** The part of an `issues` or `pull_request` event payload the Action reads. */
interface EventPayload {
  readonly issue?: { readonly number?: unknown; readonly body?: unknown; readonly pull_request?: unknown };
  readonly pull_request?: { readonly number?: unknown; readonly head?: { readonly repo?: { readonly full_name?: unknown } | null }; readonly base?: { readonly repo?: { readonly full_name?: unknown } } };
}

/** The event payload at `$GITHUB_EVENT_PATH`, or an empty object when there is none (outside GitHub). */
export function readEvent(env: ActionIo['env']): EventPayload {
  const p = env.GITHUB_EVENT_PATH;
  if (!p) return {};
  return JSON.parse(readFileSync(p, 'utf8')) as EventPayload;
}

/** The issue an `issues` event is about (not a pull request's conversation), or null. */
export function issueOf(event: EventPayload): { readonly number: number; readonly body: string } | null {
  const i = event.issue;
  if (!i || typeof i.number !== 'number' || i.pull_request !== undefined) return null;
  return { number: i.number, body: typeof i.body === 'string' ? i.body : '' };
}

/**
 * The pull request a `pull_request` event is about, and whether it comes from a fork (its head in another
 * repository, or a deleted one): GitHub then gives the job a read-only token, which cannot comment.
 */
export function pullRequestOf(event: EventPayload): { readonly number: number; readonly fork: boolean } | null {
  const pr = event.pull_request;
  if (!pr || typeof pr.number !== 'number') return null;
  const head = pr.head?.repo?.full_name, base = pr.base?.repo?.full_name;
  return { number: pr.number, fork: typeof head !== 'string' || head !== base };
}

/** A refused API call: its HTTP status. */
export class ApiError extends Error {
  constructor(readonly status: number, what: string) {
    super(`${what}: HTTP ${status}`);
  }
}

/** Where and as whom the API is called; null when the job has no repository or token. */
export interface ApiContext {
  readonly api: string;
  readonly repo: string;
  readonly token: string;
}

/** The API context from the runner's environment, or null. */
export function apiContext(env: ActionIo['env']): ApiContext | null {
  const repo = env.GITHUB_REPOSITORY, token = env.GITHUB_TOKEN;
  if (!repo || !token) return null;
  return { api: (env.GITHUB_API_URL ?? 'https://api.github.com').replace(/\/+$/, ''), repo, token };
}

async function call(ctx: ApiContext, method: string, path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${ctx.api}${path}`, {
    method,
    headers: { accept: 'application/vnd.github+json', authorization: `Bearer ${ctx.token}`, 'x-github-api-version': '2022-11-28', 'user-agent': 'balance-lab', ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  if (!res.ok) throw new ApiError(res.status, `${method} ${path}`);
  return res.status === 204 ? null : res.json();
}

/** Comments of an issue or pull request, read 100 at a time (at most 30 pages: 3,000 comments). */
async function* comments(ctx: ApiContext, n: number): AsyncGenerator<{ id: number; body: string; html_url: string }> {
  for (let page = 1; page <= 30; page++) {
    const list = (await call(ctx, 'GET', `/repos/${ctx.repo}/issues/${n}/comments?per_page=100&page=${page}`)) as { id: number; body?: string; html_url: string }[];
    for (const c of list) yield { id: c.id, body: c.body ?? '', html_url: c.html_url };
    if (list.length < 100) return;
  }
}

/**
 * Write `body` (which starts with `marker`) as the comment of issue or pull request `n` that starts with the same
 * marker: updated when there is one, created otherwise. Returns what was done and the comment's address.
 */
export async function upsertComment(ctx: ApiContext, n: number, marker: string, body: string): Promise<{ readonly action: 'created' | 'updated'; readonly url: string }> {
  for await (const c of comments(ctx, n)) {
    if (c.body.startsWith(marker)) {
      const r = (await call(ctx, 'PATCH', `/repos/${ctx.repo}/issues/comments/${c.id}`, { body })) as { html_url: string };
      return { action: 'updated', url: r.html_url };
    }
  }
  const r = (await call(ctx, 'POST', `/repos/${ctx.repo}/issues/${n}/comments`, { body })) as { html_url: string };
  return { action: 'created', url: r.html_url };
}
