/**
 * Drift before anything is played (issue 42 item 8): what `check` warns about when the committed baseline of an
 * experiment was made under other inputs or rules — another balance-lab version, a changed experiment file, other
 * rulings or another rule version, other variants — or why the two cannot be compared at all. The web app's 検査
 * shows these lines; `check` prints the same catalogue messages around its run (cmd-check.ts, run-check.ts). Files
 * come from the platform (sim/core/platform.ts), so the same code runs on Node and in a page.
 */
import type { Experiment } from '../sim/experiment/load.js';
import { InputError } from '../sim/input/input-error.js';
import { MAX_PARTIAL_BYTES } from '../sim/input/limits.js';
import { platform } from '../sim/core/platform.js';
import { experimentMetrics } from '../sim/run/chunk.js';
import { t } from '../i18n/t.js';
import { defaultBaselinePath, type Baseline } from './baseline.js';
import { parseBaseline } from './baseline-parse.js';
import { baselineMismatch, baselineNotes } from './baseline-match.js';
import { shownPath } from '../sim/input/shown-path.js';

/** The drift of one baseline: its file (as `check` names it) and one line per difference, from the ja/en catalogue. */
export interface BaselineDrift {
  readonly file: string;
  readonly notes: readonly string[];
}

/**
 * The drift between `exp` and its baseline (`file`, by default where `check` looks), or null when there is no
 * baseline yet or nothing differs. `packageVersion`: the version of the balance-lab that checks. A baseline that does
 * not parse, or belongs to another experiment, is one line saying so (`check` refuses it with the same words).
 */
export function baselineDrift(exp: Experiment, packageVersion: string, file: string = defaultBaselinePath(exp.name)): BaselineDrift | null {
  const read = platform().readBoundedFile(platform().path.resolve(file), MAX_PARTIAL_BYTES);
  if (!('text' in read)) {
    if (read.refused === 'cannotOpen' && read.code === 'ENOENT') return null; // no baseline yet: nothing to drift from
    return { file, notes: [t('check.cannotReadBaseline', { code: read.refused === 'cannotOpen' ? read.code : read.refused, value: '' })] };
  }
  let b: Baseline;
  try {
    b = parseBaseline(file, read.text);
  } catch (err) {
    if (err instanceof InputError) return { file, notes: [err.message] };
    throw err;
  }
  const notes: string[] = [];
  if (b.packageVersion !== packageVersion) notes.push(t('security.baselineOtherVersion', { file: shownPath(file), theirs: b.packageVersion || '?', ours: packageVersion }));
  const metrics = experimentMetrics(exp);
  const mismatch = baselineMismatch(b, exp, metrics);
  if (mismatch) notes.push(mismatch.problem);
  else notes.push(...baselineNotes(b, exp, exp.compiled.rulings, [...metrics.rates, ...metrics.values].map((m) => m.id)).map((note) => t('check.note', { note })));
  return notes.length > 0 ? { file, notes } : null;
}
