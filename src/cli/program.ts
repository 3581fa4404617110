/**
 * The command-line program (commander). Every kind of bad input, whether a bad
 * experiment file or a bad option value, ends the same way: one line
 * `balance-lab: <message>` on stderr and exit code 2, with nothing written.
 * Anything else is a bug: exit code 1 with the stack.
 */
import { Command, CommanderError } from 'commander';
import { LocalCommand } from './local-command.js';
import { InputError } from '../sim/input/input-error.js';
import { setLang, getLang, isLang, langFromEnv, LANGS } from '../i18n/lang.js';
import { t } from '../i18n/t.js';
import { MEASURE_SECONDS, SPECIALISED_ROUNDS } from '../bench/seconds.js'; // the arithmetic module: no run or report code at start-up
import { packageVersion } from './meta.js';
import { helpTitle, wrapWide } from './commander-text.js';
import { displayWidth } from '../report/display-width.js';
import { stripVTControlCharacters } from 'node:util';
import { parseGameIndex, parseGames, parseSeed, parseTargetError, parseMeasureSeconds, parseRounds, parseWorkers, parseInFlight, parseLockMs, parseRedisTimeout, parseThreshold, parseStartGames, parseWorkerThreads, parseJobTimeout, parseJobMemory, parseJournalLimit } from './options.js';
import { DEFAULT_JOB_MEMORY_MB, DEFAULT_JOB_TIMEOUT_S, DEFAULT_JOURNAL_LIMIT_MB } from '../sim/input/limits.js';
import { parseAlpha } from './check-options.js';
import { takeScenarioRoots } from '../sim/input/scenario-path.js';
import { setShownRoot } from '../sim/input/shown-path.js';

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
  const program = new LocalCommand('balance-lab');
  // Configure before adding subcommands: they copy these settings.
  program
    .description(t('cli.monteCarloBalanceSimulator'))
    .version(packageVersion(), '-V, --version', t('cli.versionOption'))
    .helpOption('-h, --help', t('cli.helpOption'))
    .helpCommand('help [command]', t('cli.helpCommand'))
    .configureHelp({
      styleTitle: helpTitle,
      displayWidth: (s: string) => displayWidth(stripVTControlCharacters(s)), // full-width text is 2 columns wide
      ...(getLang() === 'en' ? {} : { boxWrap: (s: string, width: number) => wrapWide(s, width, (x) => displayWidth(stripVTControlCharacters(x))) }),
    })
    .exitOverride()
    .configureOutput({ outputError: () => {} }) // errors are printed once, by runCli
    .showSuggestionAfterError(true)
    .allowExcessArguments(false)
    .option('--lang <ja|en>', t('cli.langOption')) // taken out of argv by runCli before parsing; listed here for --help
    .option('--scenario-root <dir>', t('security.scenarioRootOption')); // taken out of argv by runCli too

  program
    .command('run')
    .description(t('cli.simulateExperimentWriteResults'))
    .argument('<experiment.yaml>', t('cli.experimentFile'))
    .option('--games <n>', t('cli.gamesPerVariantOverrides'), parseGames)
    .option('--target-error <e>', t('cli.stopWhenEvery95'), parseTargetError)
    .option('--seed <s>', t('cli.experimentSeedOverridesFile'), parseSeed)
    .option('--workers <w>', t('cli.workerThreads0Process'), parseWorkers)
    .option('--out <dir>', t('cli.resultsFolderDefaultResults'))
    .option('--quiet', t('cli.printOnlyFinalTable'))
    .option('--bom', t('cli.writeCSVFilesUTF'))
    .option('--resume', t('cli.continueInterruptedRunCtrl'))
    .option('--journal-limit <MB>', t('cli.journalLimitOption', { mb: DEFAULT_JOURNAL_LIMIT_MB }), parseJournalLimit)
    .option('--shard <k/n>', t('cli.playOnlyShardK'))
    .option('--partial <file>', t('cli.shardWriteShardS'))
    .option('--queue [url]', t('cli.coordinateClusterRunRedis'))
    .option('--in-flight <n>', t('cli.queueChunksKeptQueued'), parseInFlight)
    .option('--redis-timeout <s>', t('queue.redisTimeoutOption'), parseRedisTimeout)
    .option('--no-specialise', t('cli.noSpecialiseOption'))
    .action(async (file: string, opts) => {
      const { runCommand } = await import('./cmd-run.js');
      if (opts.out !== undefined && String(opts.out).trim() === '') {
        throw new InputError(t('cli.commandLine'), undefined, '--out', { id: 'cli.emptyFolderName' }, { id: 'cli.folderPath' });
      }
      await runCommand(file, opts);
    });

  // The inverse questions (issue 15): `solve` and `search` share their options.
  const inverse = (name: 'solve' | 'search', description: string, load: () => Promise<(file: string, opts: object) => Promise<void>>): void => {
    program
      .command(name)
      .description(description)
      .argument('<experiment.yaml>', t('cli.experimentFileSection', { name }))
      .option('--seed <s>', t('cli.experimentSeedOverridesFile'), parseSeed)
      .option('--workers <w>', t('cli.workerThreads0Process'), parseWorkers)
      .option('--out <dir>', t('cli.resultsFolderDefaultResults2', { name }))
      .option('--quiet', t('cli.printOnlyAnswer'))
      .option('--queue [url]', t('cli.playClusterWorkersThrough'))
      .option('--redis-timeout <s>', t('queue.redisTimeoutOption'), parseRedisTimeout)
      .option('--resume', t('cli.continueInterruptedRunCtrl'))
      .option('--journal-limit <MB>', t('cli.journalLimitOption', { mb: DEFAULT_JOURNAL_LIMIT_MB }), parseJournalLimit)
      .action(async (file: string, opts) => { await (await load())(file, opts); });
  };
  inverse('solve', t('cli.answerExperimentSSolve'),
    async () => (await import('./cmd-solve.js')).solveCommand);
  inverse('search', t('cli.raceCandidatesExperimentS'),
    async () => (await import('./cmd-search.js')).searchCommand);

  // Ruling impact and flip attribution (issue 43).
  program
    .command('impact')
    .description(t('impact.cliDescription'))
    .argument('<experiment.yaml>', t('cli.experimentFile'))
    .option('--variant <name>', t('impact.cliVariant'))
    .option('--threshold <t>', t('impact.cliThreshold'), parseThreshold)
    .option('--games <n>', t('impact.cliGames'), parseGames)
    .option('--start-games <n>', t('impact.cliStartGames'), parseStartGames)
    .option('--seed <s>', t('cli.experimentSeedOverridesFile'), parseSeed)
    .option('--workers <w>', t('cli.workerThreads0Process'), parseWorkers)
    .option('--out <dir>', t('impact.cliOut'))
    .option('--quiet', t('cli.printOnlyAnswer'))
    .option('--bom', t('cli.writeCSVFilesUTF'))
    .action(async (file: string, opts) => {
      const { impactCommand } = await import('./cmd-impact.js');
      await impactCommand(file, opts);
    });

  program
    .command('attribute')
    .description(t('impact.attrDescription'))
    .argument('<experiment.yaml>', t('cli.experimentFile'))
    .requiredOption('--variant <name>', t('cli.variantName'))
    .option('--games <n>', t('impact.attrGames'), parseGames)
    .option('--seed <s>', t('cli.experimentSeedOverridesFile'), parseSeed)
    .option('--out <dir>', t('impact.attrOut'))
    .option('--quiet', t('cli.printOnlyAnswer'))
    .option('--bom', t('cli.writeCSVFilesUTF'))
    .action(async (file: string, opts) => {
      const { attributeCommand } = await import('./cmd-attribute.js');
      await attributeCommand(file, opts);
    });

  program
    .command('worker')
    .description(t('cli.playChunkJobsCluster'))
    .option('--queue [url]', t('cli.redisURLRedisHost'))
    .option('--workers <w>', t('cli.workerThreadsDefaultAvailable'), parseWorkerThreads)
    .option('--lock-ms <ms>', t('cli.howLongJobStays'), parseLockMs)
    .option('--job-timeout <s>', t('hostile.jobTimeoutOption', { seconds: DEFAULT_JOB_TIMEOUT_S }), parseJobTimeout)
    .option('--job-memory <mb>', t('hostile.jobMemoryOption', { mb: DEFAULT_JOB_MEMORY_MB }), parseJobMemory)
    .option('--quiet', t('cli.logNothing'))
    .action(async (opts) => {
      const { workerCommand } = await import('./cmd-worker.js');
      await workerCommand(opts);
    });

  program
    .command('replay')
    .description(t('cli.replayOneGameExperiment'))
    .argument('<experiment.yaml>', t('cli.experimentFile'))
    .requiredOption('--variant <name>', t('cli.variantName'))
    .requiredOption('--game <i>', t('cli.gameIndex0Based'), parseGameIndex)
    .option('--seed <s>', t('cli.experimentSeedOverridesFile'), parseSeed)
    .action(async (file: string, opts) => {
      const { replayCommand } = await import('./cmd-replay.js');
      replayCommand(file, opts);
    });

  program
    .command('check')
    .description(t('cli.balanceRegressionGateRerun'))
    .argument('<experiment.yaml>', t('cli.experimentFile'))
    .option('--baseline <file>', t('cli.baselineFileDefaultResults'))
    .option('--update', t('cli.rewriteBaselineRunPrints'))
    .option('--seed <s>', t('cli.seedCheckRunDefault'), parseSeed)
    .option('--workers <w>', t('cli.workerThreads0Process'), parseWorkers)
    .option('--games <n>', t('cli.gamesPerVariantDefault'), parseGames)
    .option('--alpha <a>', t('cli.familyWiseFalseAlarm'), parseAlpha)
    .option('--queue [url]', t('cli.playCheckRunCluster'))
    .option('--redis-timeout <s>', t('queue.redisTimeoutOption'), parseRedisTimeout)
    .option('--resume', t('checkq.resumeOption'))
    .option('--journal-limit <MB>', t('cli.journalLimitOption', { mb: DEFAULT_JOURNAL_LIMIT_MB }), parseJournalLimit)
    .option('--quiet', t('cli.noProgressTimingStderr'))
    .action(async (file: string, opts) => {
      const { checkCommand } = await import('./cmd-check.js');
      if (opts.baseline !== undefined && String(opts.baseline).trim() === '') {
        throw new InputError(t('cli.commandLine'), undefined, '--baseline', { id: 'cli.emptyFileName' }, { id: 'cli.filePath' });
      }
      result.exitCode = await checkCommand(file, opts);
    });

  program
    .command('validate')
    .description(t('cli.checkExperimentFileURBAN'))
    .argument('<file.yaml>', t('cli.experimentFileScenarioFile'))
    .action(async (file: string) => {
      const { validateCommand } = await import('./cmd-validate.js');
      validateCommand(file);
    });

  program
    .command('draft')
    .description(t('cli.draftDescription'))
    .argument('<file.md>', t('cli.draftFile'))
    .option('--out <file>', t('cli.draftOut'))
    .action(async (file: string, opts) => {
      const { draftCommand } = await import('./cmd-draft.js');
      draftCommand(file, opts);
    });

  program
    .command('merge')
    .description(t('cli.mergePartialFilesEvery'))
    .argument('<partial...>', t('cli.partialFilesOnePer'))
    .requiredOption('--out <dir>', t('cli.resultsFolderWrite'))
    .option('--quiet', t('cli.printOnlyFinalTable'))
    .option('--bom', t('cli.writeCSVFilesUTF'))
    .action(async (files: string[], opts) => {
      const { mergeCommand } = await import('./cmd-merge.js');
      await mergeCommand(files, opts);
    });

  program
    .command('init')
    .description(t('cli.scaffoldDesignerSRepository'))
    .argument('[dir]', t('cli.folderWriteIntoDefault'))
    .option('--engines <list>', t('cli.commaSeparatedEnginesStart'))
    .option('--force', t('cli.overwriteFilesExist'))
    .option('--scenarios <dir>', t('init.optScenarios'))
    .option('--action <ref>', t('init.optAction'))
    .option('--summary-lang <ja|en>', t('init.optSummaryLang'))
    .action(async (dir: string | undefined, opts) => {
      const { initCommand } = await import('./cmd-init.js');
      initCommand(dir, opts);
    });

  program
    .command('action')
    .description(t('action.description'))
    .requiredOption('--experiments <globs>', t('action.optExperiments'))
    .option('--mode <check|run|update|ask>', t('action.optMode'), 'check')
    .option('--comment', t('ask.optComment'))
    .option('--out <dir>', t('action.optOut'), 'balance-lab-results')
    .option('--pages <dir>', t('action.optPages'))
    .option('--pages-url <url>', t('action.optPagesUrl'))
    .option('--app <dir>', t('pagesApp.optApp'))
    .option('--workers <w>', t('cli.workerThreads0Process'), parseWorkers)
    .option('--games <n>', t('cli.gamesPerVariantOverrides'), parseGames)
    .action(async (opts) => {
      if (!['check', 'run', 'update', 'ask'].includes(opts.mode)) throw new InputError(t('cli.commandLine'), undefined, '--mode', { id: 'action.badMode', params: { mode: String(opts.mode) } }, 'check, run, update, ask');
      const { runAction } = await import('../action/run-action.js');
      const { availableParallelism } = await import('node:os');
      result.exitCode = await runAction({ ...opts, workers: opts.workers ?? availableParallelism() }, { out: (l) => process.stdout.write(`${l}\n`), env: process.env });
    });

  program
    .command('list')
    .description(t('cli.listEnginesTheirPolicies'))
    .action(async () => {
      const { listCommand } = await import('./cmd-list.js');
      listCommand();
    });

  program
    .command('bench')
    .description(t('cli.measureSimulationSpeedEvery'))
    .option('--json', t('cli.printOneJSONObject'))
    .option('--games <n>', t('cli.gamesPerMeasuredRun'), parseGames)
    .option('--reference <dir>', t('cli.alsoRunCPlain'))
    .option('--measure-seconds <s>', t('benchest.optMeasure', { budget: String(MEASURE_SECONDS) }), parseMeasureSeconds)
    .option('--specialised', t('benchRef.optSpecialised'))
    .option('--rounds <n>', t('benchRef.optRounds', { rounds: String(SPECIALISED_ROUNDS) }), parseRounds)
    .action(async (opts) => {
      const { benchCommand } = await import('./cmd-bench.js');
      await benchCommand(opts);
    });

  program
    .command('report')
    .description(t('cli.rebuildReportHtmlResults'))
    .argument('<results-dir>', t('cli.resultsFolderWrittenRun'))
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
    stderr.write(`balance-lab: ${oneLine(err.message.replace(/^error:\s*/i, ''))}\n`); // a shape local-command.ts does not raise
    return EXIT_INPUT;
  }
  if (err instanceof InputError || (err instanceof Error && err.name === 'InputError')) {
    stderr.write(`balance-lab: ${oneLine(err.message)}\n`);
    return EXIT_INPUT;
  }
  const stack = err instanceof Error ? (err.stack ?? `${err.name}: ${err.message}`) : String(err);
  stderr.write(t('cli.balanceLabInternalError', { stack }));
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
    if (!isLang(lang)) throw new InputError(t('cli.commandLine'), undefined, '--lang', { id: 'cli.badLang', params: { value: lang } }, LANGS.join(', '));
    setLang(lang);
  }
  return rest;
}

export async function runCli(argv: readonly string[]): Promise<number> {
  const result = { exitCode: EXIT_OK };
  // Messages name files relative to the working folder, never by an absolute machine path (issue 42 item 8).
  setShownRoot(process.cwd());
  try {
    const args = takeScenarioRoots(takeLang(argv));
    await buildProgram(result).parseAsync(args);
    return result.exitCode;
  } catch (err) {
    return reportError(err);
  }
}
