/**
 * Replay one game of one variant in-process with narration. Uses exactly the
 * streams {@link runChunk} uses for that game index, so the outcome matches
 * what the run recorded.
 */
import { getEngine } from '../../registry.js';
import { RngDice } from '../core/dice.js';
import type { Experiment } from '../experiment/load.js';
import { InputError } from '../input/input-error.js';
import { gameStream, STREAM_DICE, STREAM_POLICY } from '../core/streams.js';
import { GameRecord, type MetricSpec } from '../core/types.js';
import { getLang, type Lang } from '../../i18n/lang.js';

/** A replayed game: its narration, its outcome and the spec to read the outcome with. */
export interface Replay {
  readonly lines: string[];
  readonly record: GameRecord;
  readonly metrics: MetricSpec;
}

/**
 * Play game `gameIndex` of variant `variantName` with a log narrated in
 * `lang` (default: the current language; the CLI sets it from --lang). Throws an
 * InputError for an unknown variant (listing the allowed names) or a game
 * index that is not a non-negative safe integer.
 */
export function replayGame(exp: Experiment, variantName: string, gameIndex: number, lang: Lang = getLang()): Replay {
  const variants = exp.compiled.variants;
  const variant = variants.find((v) => v.name === variantName);
  if (!variant) throw new InputError(exp.file, undefined, 'variant', { id: 'exp.unknownVariant', params: { variantName } }, variants.map((v) => v.name).join(', '));
  if (!Number.isSafeInteger(gameIndex) || gameIndex < 0) throw new InputError(exp.file, undefined, 'game', { id: 'exp.gameIndexMustNon', params: { gameIndex } }, '0, 1, 2, …');
  const engine = getEngine(exp.engine);
  const metrics = engine.metrics(exp.compiled.game);
  const runner = engine.createRunner(exp.compiled.game, variant.params);
  const record = new GameRecord(metrics);
  const lines: string[] = [];
  record.clear();
  runner.play(
    new RngDice(gameStream(exp.seed, gameIndex, STREAM_DICE)),
    new RngDice(gameStream(exp.seed, gameIndex, STREAM_POLICY)),
    record,
    { lang, line: (text) => void lines.push(text) },
  );
  return { lines, record, metrics };
}
