/** `balance-lab validate <file.yaml>`: load and compile only. */
import { loadExperiment } from '../sim/experiment.js';

export function validateCommand(file: string): void {
  const exp = loadExperiment(file);
  const n = exp.compiled.variants.length;
  process.stdout.write(`ok: ${file} (${exp.engine}, ${n} variant${n === 1 ? '' : 's'})\n`);
}
