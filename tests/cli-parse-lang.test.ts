// Commander's own parse errors (bad option value, unknown option, missing
// argument or value, unknown command, too many arguments) come from the ja/en
// catalogue: one line naming what is wrong and what is allowed, exit code 2,
// in the language of --lang or LANG. Runs the built CLI (dist/, built by global-setup).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../bin/balance-lab.js', import.meta.url));

/** Run the CLI with exactly this locale environment; return its exit code and stderr. */
function cli(args: string[], locale: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: 60_000, env: { PATH: process.env.PATH ?? '', ...locale } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const RUN_OPTIONS = '--games, --target-error, --seed, --workers, --out, --quiet, --bom, --resume, --journal-limit, --shard, --partial, --queue, --in-flight, --redis-timeout, --no-specialise, --help, --version, --lang, --scenario-root';
const COMMANDS = 'run, solve, search, impact, attribute, worker, replay, check, validate, draft, merge, init, action, list, bench, report, help';

/** [args, English line, Japanese line]. */
const CASES: readonly [string[], string, string][] = [
  [['run', 'x.yaml', '--games', 'abc'],
    "command line: --games: 'abc' is not a valid value (allowed: an integer ≥ 1 and ≤ 100000000)",
    "コマンドライン: --games: 値 'abc' は使えません （使える値: 1 以上 100000000 以下の整数）"],
  [['check', 'x.yaml', '--alpha', '0.7'],
    "command line: --alpha: '0.7' is not a valid value (allowed: a number > 0 and < 0.5 (e.g. 0.001))",
    "コマンドライン: --alpha: 値 '0.7' は使えません （使える値: 0 より大きく 0.5 より小さい数値（例: 0.001））"],
  [['run', 'x.yaml', '--gams', '3'],
    `command line: --gams: unknown option for 'run'; did you mean --games? (allowed: ${RUN_OPTIONS})`,
    `コマンドライン: --gams: 'run' にこのオプションはありません（もしかして --games） （使える値: ${RUN_OPTIONS}）`],
  [['rnu', 'x.yaml'],
    `command line: rnu: unknown command; did you mean run? (allowed: ${COMMANDS})`,
    `コマンドライン: rnu: このコマンドはありません（もしかして run） （使える値: ${COMMANDS}）`],
  [['run'],
    'command line: run: <experiment.yaml> is missing; usage: balance-lab run [options] <experiment.yaml>',
    'コマンドライン: run: <experiment.yaml> がありません。使い方: balance-lab run [options] <experiment.yaml>'],
  [['run', 'x.yaml', '--games'],
    'command line: --games: needs a value (allowed: an integer ≥ 1 and ≤ 100000000)',
    'コマンドライン: --games: 値がありません （使える値: 1 以上 100000000 以下の整数）'],
  [['replay', 'x.yaml', '--game', '1'],
    "command line: --variant: is required by 'replay' (allowed: --variant <name>)",
    "コマンドライン: --variant: 'replay' には必須のオプションです （使える値: --variant <name>）"],
  [['run', 'a.yaml', 'b.yaml'],
    "command line: run: too many arguments ('b.yaml'): 2 given, 1 expected; usage: balance-lab run [options] <experiment.yaml>",
    "コマンドライン: run: 引数が多すぎます: 1 個のところ 2 個あります（'b.yaml'）。使い方: balance-lab run [options] <experiment.yaml>"],
  [['list', 'extra'],
    "command line: list: too many arguments ('extra'): 1 given, 0 expected; usage: balance-lab list [options]",
    "コマンドライン: list: 引数が多すぎます: 0 個のところ 1 個あります（'extra'）。使い方: balance-lab list [options]"],
];

describe("commander's parse errors from the catalogue", () => {
  it.each(CASES)('%j: one line in English and in Japanese (--lang ja and LANG=ja), exit 2', (args, en, ja) => {
    const english = cli(args, { LANG: 'C' });
    expect(english.stderr).toBe(`balance-lab: ${en}\n`);
    expect(english.code).toBe(2);
    expect(english.stdout).toBe('');
    const byFlag = cli([...args, '--lang', 'ja'], { LANG: 'C' });
    expect(byFlag.stderr).toBe(`balance-lab: ${ja}\n`);
    expect(byFlag.code).toBe(2);
    const byEnv = cli(args, { LANG: 'ja_JP.UTF-8' });
    expect(byEnv.stderr).toBe(`balance-lab: ${ja}\n`);
    expect(byEnv.code).toBe(2);
    const enOverEnv = cli([...args, '--lang', 'en'], { LANG: 'ja_JP.UTF-8' });
    expect(enOverEnv.stderr).toBe(`balance-lab: ${en}\n`);
  });
});
