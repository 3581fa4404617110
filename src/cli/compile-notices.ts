/** Compile warnings of an experiment or a scenario, printed by `validate` and `run` (issue 28 item 8). */
import type { CompileNotice } from '../sim/core/types.js';
import { render, t } from '../i18n/t.js';

/**
 * Print compile warnings (a scenario's, or those an experiment's compiled game carries: its scenario's and each
 * scenario_patch result's) as `file:line: warning: … (path)` and their count; nothing when there are none.
 */
export function writeCompileNotices(ns: readonly CompileNotice[] | undefined, err: NodeJS.WritableStream): void {
  if (!ns || ns.length === 0) return;
  for (const n of ns) err.write(`${n.file}${n.line !== undefined ? `:${n.line}` : ''}: ${t('uaFormat.warning')}: ${render(n.msg)} (${n.path})\n`);
  err.write(`${t('uaFormat.warningsCount', { count: ns.length })}\n`);
}
