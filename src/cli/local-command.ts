/**
 * A commander Command whose own parse errors (unknown option or command,
 * missing argument, missing or bad option value, too many arguments) are
 * InputErrors from the catalogue (area cliParse.*): one line in the user's
 * language naming what is wrong and what is allowed, exit code 2. Commander
 * 14 reports these through the methods overridden here (they are internal to
 * commander, so the package pins its version; tests/cli-parse-lang.test.ts
 * covers each one).
 */
import { Command, CommanderError, type Argument, type Option } from 'commander';
import { InputError } from '../sim/input/input-error.js';
import { t, type Msg } from '../i18n/t.js';
import { BadOptionValue } from './bad-value.js';

/** The parts of commander's Command this class overrides or reads (not in its typings). */
interface CommanderInternals {
  unknownOption(flag: string): void;
  unknownCommand(): void;
  _allowUnknownOption: boolean;
  _allowExcessArguments: boolean;
}

const base = Command.prototype as unknown as CommanderInternals;

/** An InputError located on the command line. */
function refusal(what: string, problem: Msg, allowed?: string | Msg): InputError {
  return new InputError(t('cli.commandLine'), undefined, what, problem, allowed);
}

/** Commander's own "did you mean" for a call that fails with it, in the catalogue's words ('' when none). */
function suggestion(call: () => void): string {
  try {
    call();
  } catch (err) {
    if (!(err instanceof CommanderError)) throw err;
    const m = /\(Did you mean (?:one of )?(.*)\?\)/.exec(err.message);
    if (m) return t('cliParse.didYouMean', { names: m[1] });
  }
  return '';
}

/** The long (else short) names of every option `cmd` accepts, its parents' included. */
function optionNames(cmd: Command): string {
  const names = new Set<string>();
  for (let c: Command | null = cmd; c; c = c.parent) {
    for (const o of c.createHelp().visibleOptions(c)) names.add(o.long ?? o.short ?? o.flags);
  }
  return [...names].join(', ');
}

/** `balance-lab run [options] <experiment.yaml>`. */
function usageOf(cmd: Command): string {
  const names: string[] = [];
  for (let c: Command | null = cmd.parent; c; c = c.parent) names.unshift(c.name());
  return [...names, cmd.name(), cmd.usage()].join(' ');
}

/** What an option takes: its parser's allowed values (parsers refuse ''), else its flags. */
function optionAllowed(option: Option): string | Msg {
  try {
    option.parseArg?.('', undefined);
  } catch (err) {
    if (err instanceof BadOptionValue) return err.allowed;
  }
  return option.flags;
}

export class LocalCommand extends Command {
  override createCommand(name?: string): LocalCommand {
    return new LocalCommand(name);
  }

  /** Commander: `flag` is not an option of this command. */
  unknownOption(flag: string): void {
    if ((this as unknown as CommanderInternals)._allowUnknownOption) return;
    const hint = suggestion(() => base.unknownOption.call(this, flag));
    throw refusal(flag, { id: 'cliParse.unknownOption', params: { command: this.name(), suggestion: hint } }, optionNames(this));
  }

  /** Commander: the first operand names no command. */
  unknownCommand(): void {
    const name = this.args[0] ?? '';
    const hint = suggestion(() => base.unknownCommand.call(this));
    throw refusal(name, { id: 'cliParse.unknownCommand', params: { suggestion: hint } },
      this.createHelp().visibleCommands(this).map((c) => c.name()).join(', '));
  }

  /** Commander: a required argument was not given. */
  missingArgument(name: string): void {
    throw refusal(this.name(), { id: 'cliParse.missingArgument', params: { argument: `<${name}>`, usage: usageOf(this) } });
  }

  /** Commander: an option that takes a value was given none. */
  optionMissingArgument(option: Option): void {
    throw refusal(option.long ?? option.flags, { id: 'cliParse.optionMissingValue' }, optionAllowed(option));
  }

  /** Commander: a required option was not given. */
  missingMandatoryOptionValue(option: Option): void {
    throw refusal(option.long ?? option.flags, { id: 'cliParse.requiredOption', params: { command: this.name() } }, option.flags);
  }

  /** Commander: more operands than the command takes. */
  _excessArguments(received: string[]): void {
    if ((this as unknown as CommanderInternals)._allowExcessArguments) return;
    const expected = this.registeredArguments.length;
    const extra = received.slice(expected).map((a) => `'${a}'`).join(', ');
    throw refusal(this.name(), { id: 'cliParse.excessArguments', params: { got: received.length, expected, extra, usage: usageOf(this) } });
  }

  /** Commander: run an option's or argument's parser; a refused value names what is allowed. */
  _callParseArg(target: Option | Argument, value: string, previous: unknown): unknown {
    try {
      return target.parseArg?.(value, previous);
    } catch (err) {
      if (!(err instanceof CommanderError) || err.code !== 'commander.invalidArgument') throw err;
      const what = 'flags' in target ? (target.long ?? target.flags) : `<${target.name()}>`;
      const allowed = err instanceof BadOptionValue ? err.allowed : err.message;
      throw refusal(what, { id: 'cliParse.badValue', params: { value } }, allowed);
    }
  }
}
