/**
 * `balance-lab validate <file.yaml>`: load and compile only. An experiment file
 * is compiled with its engine; an URBAN ASSAULT scenario file (top-level
 * `scenario:` and `map:`) is compiled as a scenario (docs/scenarios/urban-assault.md).
 */
import { Source } from '../sim/input/schema.js';
import { loadExperiment } from '../sim/experiment/load.js';
import { candidate, candidateAt, readSolve } from '../sim/design/solve.js';
import { readTune } from '../sim/design/tune.js';
import { readSearch } from '../sim/design/search.js';
import { readImpact } from '../sim/design/impact.js';
import { compileScenarioChecked } from '../rules/urban-assault/scenario/compile.js';
import { noticeOf, type CompileWarning } from '../rules/urban-assault/scenario/compile-shared.js';
import { writeCompileNotices } from './compile-notices.js';
import { isMarkdownFile, markdownFileWarnings, parseMarkdownScenario, proseWarnings, type ProseWarning } from '../rules/urban-assault/scenario/markdown.js';
import { splitTargets } from '../sim/input/targets-spec.js';
import { readBoundedFile } from '../sim/input/scenario-path.js';
import { MAX_INPUT_FILE_BYTES } from '../sim/input/limits.js';
import { render, t } from '../i18n/t.js';
import { shownPath } from '../sim/input/shown-path.js';

/** Validate a scenario .md: its block compiled, the prose compared with it; returns the warnings (also printed). */
export function validateMarkdown(file: string, out: NodeJS.WritableStream = process.stdout, err: NodeJS.WritableStream = process.stderr): ProseWarning[] {
  const md = parseMarkdownScenario(file, readBoundedFile(file, MAX_INPUT_FILE_BYTES));
  const { scenario: sc, warnings: fw } = compileScenarioChecked(splitTargets(md.root).root);
  writeFormatWarnings(fw, err);
  const tiles = sc.tiles.filter((x) => x !== null).length;
  const warnings = proseWarnings(md);
  out.write(`${t('markdown.validated', { file: shownPath(file), id: sc.id, map: sc.map, tiles, laps: sc.laps.length, open: md.block.open, close: md.block.close })}\n`);
  for (const w of warnings) err.write(`${file}:${w.line}: ${t('markdown.warning')}: ${render(w.msg)}\n`);
  if (warnings.length > 0) err.write(`${t('markdown.warningsCount', { count: warnings.length })}\n`);
  return warnings;
}

/** Print the scenario-format warnings as `file:line: warning: …` (the scenario is valid; exit stays 0). */
export function writeFormatWarnings(ws: readonly CompileWarning[], err: NodeJS.WritableStream): void {
  writeCompileNotices(ws.map(noticeOf), err);
}

export function validateCommand(file: string): void {
  if (isMarkdownFile(file)) {
    validateMarkdown(file);
    return;
  }
  const src = Source.load(file);
  const top = src.root().value;
  if (top && typeof top === 'object' && !Array.isArray(top) && 'scenario' in top && 'map' in top && !('game' in top)) {
    const { scenario: sc, warnings } = compileScenarioChecked(splitTargets(src.root()).root);
    writeFormatWarnings(warnings, process.stderr);
    const tiles = sc.tiles.filter((t) => t !== null).length;
    process.stdout.write(t('cli.okUrbanAssaultScenario', { file: shownPath(file), id: sc.id, map: sc.map, tiles, lapsCount: sc.laps.length, s: sc.laps.length === 1 ? '' : 's' }));
    return;
  }
  const exp = loadExperiment(file);
  const n = exp.compiled.variants.length;
  writeCompileNotices(exp.compiled.warnings, process.stderr);
  // An experiment on a Markdown scenario: the prose is compared with the block too (warnings, exit 0).
  const scen = (exp.compiled.game as { operation?: { scenarioFile?: string } } | null)?.operation?.scenarioFile;
  for (const w of scen ? markdownFileWarnings(scen) : []) process.stderr.write(`${scen}:${w.line}: ${t('markdown.warning')}: ${render(w.msg)}\n`);
  // A `solve:` section is checked too, every question's value path compiled at both ends of its range.
  let solveNote = '';
  if (!src.root().key('solve').missing) {
    const qs = readSolve(src, exp);
    for (const q of qs) {
      if (q.mode === 'solve') for (const x of [q.s.lo, q.s.hi]) candidate(src, q.s, x, exp);
      else for (const cell of [q.c.values.map((v) => v.lo), q.c.values.map((v) => v.hi)]) candidateAt(src, q.c.values, cell, exp);
    }
    solveNote = t('cli.validateSolveNote', { n: qs.length, s: qs.length === 1 ? '' : 's' });
  }
  if (readTune(src, exp)) solveNote += t('cli.validateTuneNote');
  if (!src.root().key('search').missing) solveNote += t('cli.validateSearchNote', { n: readSearch(src, exp).candidates.length });
  if (!src.root().key('ruling_impact').missing) {
    readImpact(src, exp);
    solveNote += t('impact.validateNote');
  }
  process.stdout.write(t('cli.validateOk', { file: shownPath(file), engine: exp.engine, n, s: n === 1 ? '' : 's', notes: solveNote }));
}
