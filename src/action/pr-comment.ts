/**
 * The sticky pull-request comment of `balance-lab action --comment` (issue 42 item 4): on a `pull_request` event the
 * job summary (the check's verdict lines and tables) is also kept as one comment on the pull request, created on
 * the first push and updated on each later one. A fork's pull request gets a read-only token that cannot comment:
 * the table then stays in the job summary, with a line saying why; so does a refused call (HTTP 403 and the like).
 */
import { appendFileSync } from 'node:fs';
import { t } from '../i18n/t.js';
import { commandData, plainOutput } from './escape.js';
import { ApiError, apiContext, upsertComment } from './github.js';
import type { ActionIo } from './io.js';

/** The hidden first line of the check comment. */
export const CHECK_MARKER = '<!-- balance-lab:check -->';

/** GitHub refuses a comment longer than 65,536 characters: a longer summary keeps its verdict lines and a link. */
const MAX_COMMENT = 60_000;

/** The comment's text: marker, the summary (or its verdict lines when too long), the note that it is updated. */
export function checkComment(summary: string, runUrl: string | null): string {
  let body = summary;
  if (body.length > MAX_COMMENT) {
    const head = body.split('\n');
    const end = head.findIndex((l, i) => i > 1 && l === '');
    body = `${head.slice(0, end < 0 ? 2 : end).join('\n')}\n\n${runUrl ? `[${t('ask.openRun')}](${runUrl})\n` : ''}`;
  }
  return `${CHECK_MARKER}\n${body}\n_${t('ask.stickyNote')}_\n`;
}

/** Keep the check's summary as the pull request's comment, or say in the job summary why it is only there. */
export async function stickyCheckComment(summary: string, pr: { readonly number: number; readonly fork: boolean }, runUrl: string | null, io: ActionIo): Promise<void> {
  const fallback = (why: string, level: 'notice' | 'warning') => {
    if (io.env.GITHUB_STEP_SUMMARY) appendFileSync(io.env.GITHUB_STEP_SUMMARY, `> ${why}\n`);
    io.out(`::${level} title=balance-lab::${commandData(why)}`);
  };
  const ctx = apiContext(io.env);
  if (pr.fork || !ctx) return fallback(t('ask.forkFallback'), 'notice');
  try {
    const r = await upsertComment(ctx, pr.number, CHECK_MARKER, checkComment(summary, runUrl));
    io.out(plainOutput(t('ask.commentWritten', { action: t(r.action === 'created' ? 'ask.created' : 'ask.updated'), url: r.url })));
  } catch (e) {
    // A comment is a convenience: the check's verdict never depends on it.
    fallback(t('ask.commentFailed', { status: e instanceof ApiError ? e.status : 0 }), 'warning');
  }
}
