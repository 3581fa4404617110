/**
 * Loading an experiment file: YAML → generic checks (name, question, game,
 * seed, stop) → the engine's own `compile` for everything else → the
 * `checks:` bands, validated against the compiled variants and metrics. The result is
 * plain JSON that is sent to worker threads unchanged.
 */
import { Source, type Cursor } from '../input/schema.js';
import { platform } from '../core/platform.js';
import type { CompiledGame } from '../core/types.js';
import type { StopRule } from '../stats/summary.js';
import { getEngine, engineIds } from '../../registry.js';
import { readBands, type BandSpec } from '../input/bands-spec.js';
import { readTargetItems, resolveTargets, type TargetSpec } from '../input/targets-spec.js';

import { GENERIC_KEYS } from '../input/experiment-keys.js';
import { expandSweep, type SweepInfo } from './sweep.js';
import { MAX_VARIANTS } from '../input/limits.js';
import { readControlVariates } from './cv-key.js';
import { readPairedWith } from './paired-ref.js';
import { checkTargetOf, readTargetOf } from './stop-scope.js';
import { readLocalText, type LocalText } from '../input/local-text.js';
export { GENERIC_KEYS, VARIANT_KEYS, readVariantHeader } from '../input/experiment-keys.js';

/** A loaded, validated, compiled experiment. Plain JSON. */
export interface Experiment {
  readonly file: string;
  readonly name: string;
  /** The question as results record it: English, else the only language the file gave. */
  readonly question: string;
  /** The question in each language the file gave (`question: { ja, en }`); displays pick the reader's. */
  readonly questionText?: LocalText;
  readonly engine: string;
  readonly seed: number;
  readonly stop: StopRule;
  /** Games per work unit handed to a worker. */
  readonly chunk: number;
  readonly hash: string;
  readonly compiled: CompiledGame;
  /** Designer-declared bands (`checks:`) verified by `balance-lab check`; absent means none. */
  readonly checks?: readonly BandSpec[];
  /** The sweep the variants were generated from (`sweep:`), if any. */
  readonly sweep?: SweepInfo;
  /** Balance targets (the scenario's, then the experiment's `targets:`), shown as met / missed / undecided. */
  readonly targets?: readonly TargetSpec[];
  /** Framework metrics this experiment does not report (not evaluated). */
  readonly targetsSkipped?: readonly string[];
  /** `control_variates: true`: intervals narrowed by the engine's controls (cv-key.ts); absent when off. */
  readonly controlVariates?: true;
  /** Play on the general engine, not the specialised fast path (`--no-specialise`, issue 44); absent: specialised where the engine has it. */
  readonly general?: true;
}

/** Command-line overrides of the file's settings. */
export interface Overrides {
  seed?: number;
  games?: number;
  targetError?: number;
}

const MAX_GAMES = 100_000_000;

function readStop(c: Cursor): { stop: StopRule; chunk: number } {
  if (c.missing) return { stop: { kind: 'games', games: 10_000 }, chunk: 1000 };
  c.object(['games', 'target_error', 'target_of', 'max_games', 'min_games', 'chunk']);
  const chunk = c.key('chunk').num({ default: 1000, min: 10, max: 1_000_000, int: true });
  const hasGames = !c.key('games').missing;
  const hasTarget = !c.key('target_error').missing;
  if (hasGames === hasTarget) c.fail({ id: 'exp.giveExactlyOneGames' }, 'games: N | target_error: E');
  const scope = readTargetOf(c, hasTarget);
  if (hasGames) return { stop: { kind: 'games', games: c.key('games').num({ min: 1, max: MAX_GAMES, int: true }) }, chunk };
  const target = c.key('target_error').num({ min: 0.0005, max: 0.5 });
  const maxGames = c.key('max_games').num({ default: 1_000_000, min: 1, max: MAX_GAMES, int: true });
  const minGames = c.key('min_games').num({ default: Math.min(2000, maxGames), min: 1, max: maxGames, int: true });
  return { stop: { kind: 'target_error', target, maxGames, minGames, ...scope }, chunk };
}

/** Check the keys every experiment shares and pick the engine. */
function readHeader(root: Cursor, file: string) {
  if (root.missing || typeof root.value !== 'object' || Array.isArray(root.value)) root.fail({ id: 'exp.experimentFileMustYAML' }, GENERIC_KEYS.join(', '));
  const engine = root.key('game').str({ oneOf: engineIds() });
  const name = root.key('name').str({ default: platform().path.basename(file).replace(/\.ya?ml$/i, '') });
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(name)) root.key('name').fail({ id: 'exp.notUsableFolderName', params: { name } }, { id: 'input.nameCharsDot' });
  const question = readLocalText(root.key('question'), '');
  const seed = root.key('seed').num({ default: 1, min: 0, max: Number.MAX_SAFE_INTEGER, int: true });
  const { stop, chunk } = readStop(root.key('stop'));
  return { engine, name, question, seed, stop, chunk };
}

/** Load and compile an experiment; throws InputError on any bad input. */
export function loadExperiment(file: string, overrides: Overrides = {}): Experiment {
  const src = Source.load(file);
  return compileExperiment(src, overrides);
}

/**
 * Compile an already parsed source (used by `validate` and tests). `maxVariants` bounds the variants written and
 * generated by a sweep ({@link MAX_VARIANTS}); a tune or search race compiles its candidates with its own bound.
 */
export function compileExperiment(src: Source, overrides: Overrides = {}, maxVariants = MAX_VARIANTS): Experiment {
  let root = src.root();
  const h = readHeader(root, src.file);
  const sweep = expandSweep(src, root);
  if (sweep) root = src.root();
  const written = root.key('variants').value;
  if (Array.isArray(written) && written.length > maxVariants) root.key('variants').fail({ id: 'security.tooManyVariants', params: { got: written.length, max: maxVariants } });
  const engineCompiled = getEngine(h.engine).compile(root);
  const baselines = engineCompiled.variants.filter((v) => v.baseline);
  if (engineCompiled.variants.length === 0) root.key('variants').fail({ id: 'exp.leastOneVariantNeeded' });
  if (baselines.length !== 1) root.key('variants').fail({ id: 'exp.exactlyOneVariantMust', params: { baselinesCount: baselines.length } });
  const names = new Set<string>();
  engineCompiled.variants.forEach((v, i) => {
    if (names.has(v.name)) root.key('variants').list()[i].key('name').fail({ id: 'exp.duplicateVariantName', params: { name: v.name } });
    names.add(v.name);
  });
  const paired = readPairedWith(root, engineCompiled.variants);
  const compiled = paired === engineCompiled.variants ? engineCompiled : { ...engineCompiled, variants: paired };
  checkTargetOf(root, h.stop, compiled.variants);
  const metrics = getEngine(h.engine).metrics(compiled.game);
  const controlVariates = readControlVariates(root, h.engine, metrics);
  const checks = readBands(root.key('checks'), [...names], metrics);
  const { targets, skipped } = resolveTargets([...(compiled.targets ?? []), ...readTargetItems(root.key('targets'))], [...names], metrics);
  let stop = h.stop;
  if (overrides.games !== undefined) stop = { kind: 'games', games: overrides.games };
  else if (overrides.targetError !== undefined) {
    stop = stop.kind === 'target_error'
      ? { ...stop, target: overrides.targetError }
      : { kind: 'target_error', target: overrides.targetError, maxGames: 1_000_000, minGames: 2000 };
  }
  return {
    file: src.file,
    name: h.name,
    question: h.question.text,
    ...(h.question.local ? { questionText: h.question.local } : {}),
    engine: h.engine,
    seed: overrides.seed ?? h.seed,
    stop,
    chunk: h.chunk,
    hash: platform().sha256Hex(src.text),
    compiled,
    checks,
    ...(sweep ? { sweep } : {}),
    ...(targets.length > 0 || skipped.length > 0 ? { targets, targetsSkipped: skipped } : {}),
    ...(controlVariates ? { controlVariates: true as const } : {}),
  };
}

