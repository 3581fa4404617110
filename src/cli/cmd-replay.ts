/** `balance-lab replay <experiment.yaml> --variant NAME --game I`: one game, turn by turn. */
import { loadExperiment } from '../sim/experiment/load.js';
import { InputError } from '../sim/input/input-error.js';
import { replayGame } from '../sim/run/replay.js';
import { t } from '../i18n/t.js';
import { displayWidth, padDisplay } from '../report/display-width.js';
import { metricsInLang } from '../report/summary-lang.js';
import { pickText, questionIn } from '../sim/input/local-text.js';
import { shownPath } from '../sim/input/shown-path.js';

export interface ReplayOptions {
  variant: string;
  game: number;
  seed?: number;
}

function fmtValue(v: number): string {
  return Number.isInteger(v) ? String(v) : v.toFixed(3);
}

export function replayCommand(file: string, opts: ReplayOptions): void {
  const exp = loadExperiment(file, opts.seed !== undefined ? { seed: opts.seed } : {});
  const names = exp.compiled.variants.map((v) => v.name);
  const variant = exp.compiled.variants.find((v) => v.name === opts.variant);
  if (!variant) {
    throw new InputError(file, undefined, '--variant', { id: 'cli.unknownVariant', params: { variant: opts.variant } }, names.join(', '));
  }
  const { lines, record, metrics: written } = replayGame(exp, variant.name, opts.game);
  const metrics = metricsInLang(exp.engine, written);

  const out: string[] = [];
  out.push(t('cli.replayExperiment', { name: exp.name, question: exp.question ? ` (${questionIn(exp)})` : '' }));
  out.push(t('cli.replayFile', { file: shownPath(exp.file) }));
  out.push(t('cli.replayEngine', { engine: exp.engine }));
  out.push(t('cli.replayVariant', { name: variant.name, label: variant.label !== variant.name ? ` (${pickText(variant.label, variant.labelText)})` : '' }));
  // The rule version the variant plays (URBAN ASSAULT, issue 24): its own override, else the experiment's.
  const versions = exp.compiled.rulings.filter((r) => r.id === 'rules');
  const own = versions.find((r) => r.choice.endsWith(`(variant ${variant.name} only)`));
  if (versions.length > 0) out.push(t('uaver.replayRules', { version: (own ?? versions[0]).choice.replace(/ \(variant .* only\)$/, '') }));
  out.push(t('cli.gameIndex', { game: opts.game }));
  out.push(t('cli.replaySeed', { seed: exp.seed }));
  out.push('');
  out.push(...lines);
  out.push('');
  out.push(t('cli.finalMetrics'));
  const labels = [...metrics.rates, ...metrics.values].map((m) => m.label);
  // Padded by terminal columns, not characters: a Japanese label's characters are two columns wide.
  const w = Math.max(0, ...labels.map(displayWidth));
  metrics.rates.forEach((r, i) => out.push(`  ${padDisplay(r.label, w)}  ${t(record.rates[i] ? 'outLine.yes' : 'outLine.no')}`));
  metrics.values.forEach((v, i) => out.push(`  ${padDisplay(v.label, w)}  ${fmtValue(record.values[i])}`));
  process.stdout.write(out.join('\n') + '\n');
}
