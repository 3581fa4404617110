/**
 * The command-line program (commander). Every kind of bad input, whether a bad
 * experiment file or a bad option value, ends the same way: one line
 * `balance-lab: <message>` on stderr and exit code 2, with nothing written.
 * Anything else is a bug: exit code 1 with the stack.
 */
import { Command, CommanderError } from 'commander';
import { InputError } from '../sim/input-error.js';
import { setLang, isLang, langFromEnv, LANGS } from '../i18n/lang.js';
import { t } from '../i18n/t.js';
import { packageVersion } from './meta.js';
import { parseGameIndex, parseGames, parseSeed, parseTargetError, parseWorkers, parseInFlight, parseLockMs } from './options.js';
import { parseAlpha } from '../check/cli-options.js';
import { takeScenarioRoots } from '../sim/scenario-path.js';

/** Exit codes. */
export const EXIT_OK = 0;
export const EXIT_INTERNAL = 1;
export const EXIT_INPUT = 2;

function oneLine(s: string): string {
  return s.replace(/\s*\n\s*/g, ' ').trim();
}

/**
 * Build a fresh program. Actions are loaded lazily so `validate`/`list` never
 * load worker code. A command that ends with a verdict (`check`) stores its
 * exit code in `result`.
 */
export function buildProgram(result: { exitCode: number } = { exitCode: EXIT_OK }): Command {
  const program = new Command('balance-lab');
  // Configure before adding subcommands: they copy these settings.
  program
    .description('Monte Carlo balance simulator for tabletop battle rules')
    .version(packageVersion(), '-V, --version')
    .exitOverride()
    .configureOutput({ outputError: () => {} }) // errors are printed once, by runCli
    .showSuggestionAfterError(true)
    .allowExcessArguments(false)
    .option('--lang <ja|en>', t('cli.langOption')) // taken out of argv by runCli before parsing; listed here for --help
    .option('--scenario-root <dir>', t('security.scenarioRootOption')); // taken out of argv by runCli too

  program
    .command('run')
    .description('simulate an experiment, write its results folder and print the summary table')
    .argument('<experiment.yaml>', 'experiment file')
    .option('--games <n>', 'games per variant (overrides the file\'s stop rule)', parseGames)
    .option('--target-error <e>', 'stop when every 95% CI half-width is at most E (a fraction: 0.01 = 1 pp)', parseTargetError)
    .option('--seed <s>', 'experiment seed (overrides the file)', parseSeed)
    .option('--workers <w>', 'worker threads (0 = in-process; default: available parallelism)', parseWorkers)
    .option('--out <dir>', 'results folder (default: results/<experiment name>/)')
    .option('--quiet', 'print only the final table')
    .option('--bom', 'write CSV files with a UTF-8 byte-order mark (for Excel)')
    .option('--resume', 'continue an interrupted run (Ctrl-C, kill, power cut) from the chunks its journal recorded; same file and options')
    .option('--shard <k/n>', 'play only shard K of N of a fixed-count run (chunks m with m mod N = K-1); needs --partial')
    .option('--partial <file>', 'with --shard: write the shard\'s chunk results to this file (then: balance-lab merge)')
    .option('--queue [url]', 'coordinate a cluster run on Redis (redis://host:port or rediss://; default $REDIS_URL): chunks are played by `balance-lab worker` processes')
    .option('--in-flight <n>', 'with --queue: chunks kept queued ahead of the merge (default 64)', parseInFlight)
    .action(async (file: string, opts) => {
      const { runCommand } = await import('./cmd-run.js');
      if (opts.out !== undefined && String(opts.out).trim() === '') {
        throw new InputError('command line', undefined, '--out', { id: 'cli.emptyFolderName' }, { id: 'cli.folderPath' });
      }
      await runCommand(file, opts);
    });

  // The inverse questions (issue 15): `solve` and `search` share their options.
  const inverse = (name: 'solve' | 'search', description: string, load: () => Promise<(file: string, opts: object) => Promise<void>>): void => {
    program
      .command(name)
      .description(description)
      .argument('<experiment.yaml>', `experiment file with a \`${name}:\` section`)
      .option('--seed <s>', 'experiment seed (overrides the file)', parseSeed)
      .option('--workers <w>', 'worker threads (0 = in-process; default: available parallelism)', parseWorkers)
      .option('--out <dir>', `results folder (default: results/<experiment name>-${name}/)`)
      .option('--quiet', 'print only the answer')
      .option('--queue [url]', 'play on cluster workers through Redis (default $REDIS_URL); see `balance-lab worker`')
      .action(async (file: string, opts) => { await (await load())(file, opts); });
  };
  inverse('solve', 'answer the experiment\'s `solve:` question: the value of one setting where a metric meets a target (break-even, calibration), by stochastic root finding on common random numbers',
    async () => (await import('./cmd-solve.js')).solveCommand);
  inverse('search', 'race the candidates of the experiment\'s `search:` space (loadouts, settings) on common random numbers and report the best, with the games used against exhaustive evaluation',
    async () => (await import('./cmd-search.js')).searchCommand);

  program
    .command('worker')
    .description('play chunk jobs of cluster runs from a Redis queue until stopped (Ctrl-C / SIGTERM)')
    .option('--queue [url]', 'Redis URL (redis://host:port, rediss://user:password@host:port; default $REDIS_URL)')
    .option('--workers <w>', 'worker threads (default: available parallelism)', parseWorkers)
    .option('--lock-ms <ms>', 'how long a job stays with a worker that stopped answering before another takes it (default 30000)', parseLockMs)
    .option('--quiet', 'log nothing')
    .action(async (opts) => {
      const { workerCommand } = await import('./cmd-worker.js');
      await workerCommand(opts);
    });

  program
    .command('replay')
    .description('replay one game of an experiment, turn by turn')
    .argument('<experiment.yaml>', 'experiment file')
    .requiredOption('--variant <name>', 'variant name')
    .requiredOption('--game <i>', 'game index (0-based)', parseGameIndex)
    .option('--seed <s>', 'experiment seed (overrides the file)', parseSeed)
    .action(async (file: string, opts) => {
      const { replayCommand } = await import('./cmd-replay.js');
      replayCommand(file, opts);
    });

  program
    .command('check')
    .description('balance regression gate: rerun the experiment with a fresh seed and compare every metric with its baseline (exit 1 if anything moved or a band fails)')
    .argument('<experiment.yaml>', 'experiment file')
    .option('--baseline <file>', 'baseline file (default: results/baselines/<experiment name>.json)')
    .option('--update', 'rewrite the baseline with this run (prints what moved against the old one; exit 0)')
    .option('--seed <s>', 'seed of the check run (default: derived from the baseline\'s seed)', parseSeed)
    .option('--workers <w>', 'worker threads (0 = in-process; default: available parallelism)', parseWorkers)
    .option('--games <n>', 'games per variant (default: the experiment\'s stopping rule, at most 20000)', parseGames)
    .option('--alpha <a>', 'family-wise false-alarm rate of the comparison, and the level of each band test (default 0.001)', parseAlpha)
    .option('--queue [url]', 'play the check run on cluster workers through Redis (default $REDIS_URL); see `balance-lab worker`')
    .option('--quiet', 'no progress or timing on stderr')
    .action(async (file: string, opts) => {
      const { checkCommand } = await import('./cmd-check.js');
      if (opts.baseline !== undefined && String(opts.baseline).trim() === '') {
        throw new InputError('command line', undefined, '--baseline', { id: 'cli.emptyFileName' }, { id: 'cli.filePath' });
      }
      result.exitCode = await checkCommand(file, opts);
    });

  program
    .command('validate')
    .description('check an experiment file (or an URBAN ASSAULT scenario file) without running it')
    .argument('<file.yaml>', 'experiment file or scenario file')
    .action(async (file: string) => {
      const { validateCommand } = await import('./cmd-validate.js');
      validateCommand(file);
    });

  program
    .command('merge')
    .description('merge the partial files of every shard of a run (run --shard K/N --partial FILE) into its results folder, byte-identical to a local run')
    .argument('<partial...>', 'partial files, one per shard')
    .requiredOption('--out <dir>', 'results folder to write')
    .option('--quiet', 'print only the final table')
    .option('--bom', 'write CSV files with a UTF-8 byte-order mark (for Excel)')
    .action(async (files: string[], opts) => {
      const { mergeCommand } = await import('./cmd-merge.js');
      await mergeCommand(files, opts);
    });

  program
    .command('init')
    .description('scaffold a designer\'s repository: starter experiments, a starter scenario, results/baselines/, a GitHub Actions balance workflow')
    .argument('[dir]', 'folder to write into (default: the current folder)')
    .option('--engines <list>', 'comma-separated engines to start with (default: urban-assault; see `balance-lab list`)')
    .option('--force', 'overwrite files that exist')
    .action(async (dir: string | undefined, opts) => {
      const { initCommand } = await import('./cmd-init.js');
      initCommand(dir, opts);
    });

  program
    .command('list')
    .description('list engines, their policies and catalogues')
    .action(async () => {
      const { listCommand } = await import('./cmd-list.js');
      listCommand();
    });

  program
    .command('bench')
    .description('measure simulation speed of every engine')
    .option('--json', 'print one JSON object')
    .option('--games <n>', 'games per measured run (default: about 12 s of single-worker play, at least 20000)', parseGames)
    .option('--reference <dir>', 'also run the C and plain-Python reference programs of DIR (../shared/perf-reference) on their three engagements and print balance-lab ÷ C and ÷ Python')
    .action(async (opts) => {
      const { benchCommand } = await import('./cmd-bench.js');
      await benchCommand(opts);
    });

  program
    .command('report')
    .description('rebuild report.html of a results folder from its summary.json, without re-running')
    .argument('<results-dir>', 'results folder written by run')
    .action(async (dir: string) => {
      const { reportCommand } = await import('./cmd-report.js');
      await reportCommand(dir);
    });

  return program;
}

/** Print the one error line for `err` and return the exit code. */
export function reportError(err: unknown, stderr: { write(s: string): unknown } = process.stderr): number {
  if (err instanceof CommanderError) {
    if (err.exitCode === 0) return EXIT_OK; // --help, --version
    // Help was already shown (e.g. no command given).
    if (err.code === 'commander.help' || err.code === 'commander.helpDisplayed') return EXIT_INPUT;
    stderr.write(`balance-lab: ${oneLine(err.message.replace(/^error:\s*/i, ''))}\n`);
    return EXIT_INPUT;
  }
  if (err instanceof InputError || (err instanceof Error && err.name === 'InputError')) {
    stderr.write(`balance-lab: ${oneLine(err.message)}\n`);
    return EXIT_INPUT;
  }
  const stack = err instanceof Error ? (err.stack ?? `${err.name}: ${err.message}`) : String(err);
  stderr.write(`balance-lab: internal error\n${stack}\n`);
  return EXIT_INTERNAL;
}

/** Run the CLI on `argv` (as process.argv) and return the exit code. */
/**
 * Take the global `--lang ja|en` (or `--lang=…`) out of argv and set the
 * message language from it, else from the environment (LC_ALL, LC_MESSAGES,
 * LANG). Done before the program is built so help texts are localised too.
 */
export function takeLang(argv: readonly string[], env: Record<string, string | undefined> = process.env): string[] {
  const rest: string[] = [];
  let lang: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--') { rest.push(...argv.slice(i)); break; }
    if (a === '--lang') { lang = argv[++i] ?? ''; continue; }
    if (a.startsWith('--lang=')) { lang = a.slice('--lang='.length); continue; }
    rest.push(a);
  }
  setLang(langFromEnv(env));
  if (lang !== undefined) {
    if (!isLang(lang)) throw new InputError('command line', undefined, '--lang', { id: 'cli.badLang', params: { value: lang } }, LANGS.join(', '));
    setLang(lang);
  }
  return rest;
}

export async function runCli(argv: readonly string[]): Promise<number> {
  const result = { exitCode: EXIT_OK };
  try {
    const args = takeScenarioRoots(takeLang(argv));
    await buildProgram(result).parseAsync(args);
    return result.exitCode;
  } catch (err) {
    return reportError(err);
  }
}
