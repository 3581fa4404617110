/**
 * One candidate experiment of an inverse question (solve, calibrate): the
 * source with the asked values written at their paths and the question
 * sections removed, compiled. Shared by solve.ts and calibrate.ts so neither
 * imports the other.
 */
import type { Document } from 'yaml';
import { compileExperiment, type Experiment } from '../experiment/load.js';
import { InputError } from '../input/input-error.js';
import { Source, type Cursor } from '../input/schema.js';

/** A value an inverse question varies: its path in the experiment, its range and step, and where it was written. */
export interface ValueSpec {
  readonly path: (string | number)[];
  readonly pathText: string;
  readonly lo: number;
  readonly hi: number;
  readonly step: number;
  /** The line of the value (errors of a candidate value point there). */
  readonly cursor: Cursor;
}

/** The experiment with `values[i]` set to `cell[i]` (and its text); an invalid candidate fails at the first value's line. */
export function candidateAt(src: Source, values: readonly Pick<ValueSpec, 'path' | 'pathText' | 'cursor'>[], cell: readonly number[], base: Experiment): { exp: Experiment; text: string } {
  const c = Source.parse(src.file, src.text);
  const doc = c.doc as Document.Parsed;
  for (const k of ['solve', 'search', 'tune']) doc.delete(k);
  values.forEach((v, i) => doc.setIn(v.path, cell[i]));
  const text = doc.toString();
  try {
    const e = compileExperiment(Source.parse(src.file, text));
    return { exp: { ...e, seed: base.seed }, text };
  } catch (err) {
    const at = values.map((v, i) => `${v.pathText} = ${cell[i]}`).join(', ');
    if (err instanceof InputError) values[0].cursor.fail({ id: 'solve.withValue', params: { at, message: err.message } }, { id: 'solve.valuePathRangeEngine' });
    throw err;
  }
}
